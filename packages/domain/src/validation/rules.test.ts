import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { choiceOf } from './choice.ts';
import { MESSAGES, reserveInvalidMessage } from './messages.ts';
import { phone } from './phone.rules.ts';
import {
  agreedTo,
  confirmed,
  email,
  nonEmptyArray,
  nonNegativeNumber,
  optionalText,
  positiveNumber,
  requiredNumber,
  requiredText,
  yesNo,
} from './rules.ts';
import { messagesOf } from './testing.ts';

const missing = [undefined, null] as const;

describe('SPEC 5 messages', () => {
  it('are the exact strings of the spec', () => {
    expect(MESSAGES).toMatchObject({
      required: 'Field required',
      mustAgree: 'Must be agreed to',
      mustConfirm: 'Must be confirmed',
      emptyArray: 'Empty array',
      nonNegative: 'Value must be 0 or more',
      positive: 'Value must be greater than 0',
      invalidDate: 'Not a valid date',
      futureDate: 'Cannot be in the future',
      invalidEmail: 'Not a valid email address',
      invalidPhone: 'Not a valid phone number',
      passwordsDoNotMatch: 'Passwords do not match',
      afterStartDate: 'Must be after start date',
      reserveRecommended: 'The recommended range is 10% to 20%',
    });
    expect(reserveInvalidMessage(120)).toBe('120% is not valid for the credit reserve');
  });
});

describe.each([
  ['requiredText', requiredText()],
  ['email', email()],
  ['phone', phone()],
  ['requiredNumber', requiredNumber()],
  ['nonNegativeNumber', nonNegativeNumber()],
  ['positiveNumber', positiveNumber()],
  ['yesNo', yesNo()],
  ['agreedTo', agreedTo()],
  ['confirmed', confirmed()],
  ['nonEmptyArray', nonEmptyArray(z.string())],
  ['choiceOf', choiceOf(['A', 'B'])],
])('%s', (_name, schema) => {
  it.each(missing)('gives Field required for %s', (value) => {
    expect(messagesOf(schema, value)).toEqual([MESSAGES.required]);
  });
});

describe('text', () => {
  it.each([
    ['', [MESSAGES.required]],
    ['   ', [MESSAGES.required]],
    ['Meadow Farm', []],
  ])('requiredText(%j) -> %j', (value, messages) => {
    expect(messagesOf(requiredText(), value)).toEqual(messages);
  });

  it('stores empty optional text as undefined', () => {
    expect(optionalText().parse('  ')).toBeUndefined();
    expect(optionalText().parse(' note ')).toBe('note');
  });
});

describe('email', () => {
  it.each([
    ['', [MESSAGES.required]],
    ['jo@example.org', []],
    [' jo@example.org ', []],
    ['jo@', [MESSAGES.invalidEmail]],
    ['jo.example.org', [MESSAGES.invalidEmail]],
    ['jo@example', [MESSAGES.invalidEmail]],
  ])('%j -> %j', (value, messages) => {
    expect(messagesOf(email(), value)).toEqual(messages);
  });
});

describe('phone: plus sign, country code, then a length the country allows', () => {
  it.each([
    ['+447700900123', []],
    ['+44 7700 900123', []],
    ['+44 20 7946 0018', []],
    ['+1 (201) 555-0123', []],
    ['+33 1 23 45 67 89', []],
    ['+353 1 234 5678', []],
    ['+44 123', [MESSAGES.invalidPhone]],
    ['+44 7700 9001234', [MESSAGES.invalidPhone]],
    ['+33 1234', [MESSAGES.invalidPhone]],
    ['+1234', [MESSAGES.invalidPhone]],
    ['+123456789012345678', [MESSAGES.invalidPhone]],
    ['07700900123', [MESSAGES.invalidPhone]],
    ['+44 7700 abc', [MESSAGES.invalidPhone]],
    ['', [MESSAGES.required]],
  ])('%j -> %j', (value, messages) => {
    expect(messagesOf(phone(), value)).toEqual(messages);
  });
});

describe('numbers', () => {
  it.each([
    [nonNegativeNumber(), 0, []],
    [nonNegativeNumber(), 12.5, []],
    [nonNegativeNumber(), -0.01, [MESSAGES.nonNegative]],
    [positiveNumber(), 0.01, []],
    [positiveNumber(), 0, [MESSAGES.positive]],
    [positiveNumber(), -3, [MESSAGES.positive]],
  ])('%#: %s -> %j', (schema, value, messages) => {
    expect(messagesOf(schema, value)).toEqual(messages);
  });

  it('does not call a non-number missing', () => {
    expect(messagesOf(positiveNumber(), 'ten')).not.toContain(MESSAGES.required);
    expect(messagesOf(positiveNumber(), 'ten')).toHaveLength(1);
  });
});

describe('agreements, confirmations, lists and choices', () => {
  it.each([
    [agreedTo(), true, []],
    [agreedTo(), false, [MESSAGES.mustAgree]],
    [confirmed(), true, []],
    [confirmed(), false, [MESSAGES.mustConfirm]],
    [yesNo(), false, []],
    [nonEmptyArray(z.string()), [], [MESSAGES.emptyArray]],
    [nonEmptyArray(z.string()), ['a'], []],
    [choiceOf(['A', 'B']), '', [MESSAGES.required]],
    [choiceOf(['A', 'B']), 'B', []],
  ])('%#: %j -> %j', (schema, value, messages) => {
    expect(messagesOf(schema, value)).toEqual(messages);
  });

  it('gives an unknown choice its own message, not Field required', () => {
    const messages = messagesOf(choiceOf(['A', 'B']), 'C');
    expect(messages).toHaveLength(1);
    expect(messages[0]).not.toBe(MESSAGES.required);
  });
});
