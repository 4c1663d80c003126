import { describe, expect, it } from 'vitest';
import { profileSchema, signUpSchema } from '../auth/auth.phone.schema.ts';
import { loginSchema } from '../auth/auth.schema.ts';
import { richTextValue } from '../forms/rules.ts';
import { participantDetailsSchema } from '../organisation/organisation.schema.ts';
import { LENGTH_LIMITS, MESSAGES, tooLongMessage } from './messages.ts';
import * as mini from './rules.mini.ts';
import * as classic from './rules.ts';
import { messagesOf } from './testing.ts';

const text = (length: number) => 'a'.repeat(length);

describe('length limits of the shared rules', () => {
  it('names the limit in the message', () => {
    expect(MESSAGES.tooLong).toBe('Must be at most {n} characters');
    expect(tooLongMessage(200)).toBe('Must be at most 200 characters');
  });

  for (const [flavour, rules] of [
    ['classic', classic],
    ['mini', mini],
  ] as const) {
    it(`bounds required and optional text, 2000 characters unless told (${flavour})`, () => {
      expect(messagesOf(rules.requiredText(), text(LENGTH_LIMITS.text))).toEqual([]);
      expect(messagesOf(rules.requiredText(), text(LENGTH_LIMITS.text + 1))).toEqual([
        'Must be at most 2000 characters',
      ]);
      expect(messagesOf(rules.requiredText(200), text(201))).toEqual(['Must be at most 200 characters']);
      expect(messagesOf(rules.optionalText(100), text(100))).toEqual([]);
      expect(messagesOf(rules.optionalText(100), text(101))).toEqual(['Must be at most 100 characters']);
      // Surrounding spaces are trimmed before the limit applies.
      expect(messagesOf(rules.requiredText(5), '  abcde  ')).toEqual([]);
    });

    it(`bounds e-mail addresses at 254 characters (${flavour})`, () => {
      const longest = `${text(64)}@${text(63)}.${text(63)}.${text(58)}.uk`;
      expect(longest).toHaveLength(254);
      expect(messagesOf(rules.email(), longest)).toEqual([]);
      expect(messagesOf(rules.email(), `a${longest}`)).toEqual(['Must be at most 254 characters']);
      expect(messagesOf(rules.email(), `${text(1_000_000)}@example.org`)).toEqual([
        'Must be at most 254 characters',
      ]);
    });

    it(`refuses NUL characters in text (${flavour})`, () => {
      expect(messagesOf(rules.requiredText(), 'Meadow\u0000Farm')).toEqual([
        'Must not contain NUL characters',
      ]);
      expect(messagesOf(rules.optionalText(), '\u0000')).toEqual(['Must not contain NUL characters']);
    });
  }

  it('bounds every field of the authentication and organisation forms', () => {
    expect(messagesOf(loginSchema, { username: text(1_000_000), password: 'x' })).toEqual([
      'Must be at most 254 characters',
    ]);
    expect(messagesOf(loginSchema, { username: 'sam', password: text(129) })).toEqual([
      'Must be at most 128 characters',
    ]);
    expect(messagesOf(profileSchema, { displayName: text(101), phone: '+447700900123' })).toEqual([
      'Must be at most 100 characters',
    ]);
    expect(
      messagesOf(signUpSchema, {
        password: 'oystercatcher-77',
        confirmPassword: 'oystercatcher-77',
        displayName: 'Sam',
        phone: '+447700900123',
        email: 'sam@example.org',
        organisationName: text(201),
        organisationType: 'PARTICIPANT',
        mailingAddress: '1 Marsh Lane, Snettisham',
      }),
    ).toEqual(['Must be at most 200 characters']);
    expect(
      messagesOf(participantDetailsSchema, {
        name: 'Wetland Trust',
        contact: 'Sam',
        email: 'sam@example.org',
        phone: '+447700900123',
        mailingAddress: text(2001),
      }),
    ).toEqual(['Must be at most 2000 characters']);
  });

  it('bounds rich text larger than plain text', () => {
    expect(messagesOf(richTextValue(), { json: '{}', text: text(LENGTH_LIMITS.richText) })).toEqual([]);
    expect(messagesOf(richTextValue(), { json: '{}', text: text(LENGTH_LIMITS.richText + 1) })).toEqual([
      tooLongMessage(LENGTH_LIMITS.richText),
    ]);
  });
});
