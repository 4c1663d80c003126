import { describe, expect, it } from 'vitest';
import { LOCATION_MESSAGES, optionalGridReference, optionalThreeWords } from './location.ts';
import { tooLongMessage } from './messages.ts';
import { messagesOf } from './testing.ts';

describe('the grid reference rule', () => {
  it.each([
    ['SU 12345 67890', []],
    ['SU1234567890', []],
    ['su 41234 11234', []],
    ['TQ 12', []],
    ['NT 1234', []],
    ['SU 123 456', []],
    ['  SU 52110 12980  ', []],
    ['banana', [LOCATION_MESSAGES.gridReference]],
    ['SU', [LOCATION_MESSAGES.gridReference]],
    ['SU 123', [LOCATION_MESSAGES.gridReference]],
    ['SU 123456 789012', [LOCATION_MESSAGES.gridReference]],
    ['S 1234', [LOCATION_MESSAGES.gridReference]],
    ['12 3456', [LOCATION_MESSAGES.gridReference]],
    ['SU 12a4', [LOCATION_MESSAGES.gridReference]],
    ['x'.repeat(65), [tooLongMessage(64), LOCATION_MESSAGES.gridReference]],
  ])('%j -> %j', (value, messages) => {
    expect(messagesOf(optionalGridReference(), value)).toEqual(messages);
  });

  it('takes blank as absent and keeps what was typed, trimmed', () => {
    expect(optionalGridReference().parse('')).toBeUndefined();
    expect(optionalGridReference().parse(undefined)).toBeUndefined();
    expect(optionalGridReference().parse(' SU 12345 67890 ')).toBe('SU 12345 67890');
  });

  it('says what a grid reference looks like', () => {
    expect(LOCATION_MESSAGES.gridReference).toBe(
      'Enter an OS grid reference: two letters then 2 to 10 digits, e.g. SU 12345 67890',
    );
  });
});

describe('the three-word address rule', () => {
  it.each([
    ['///filled.count.soap', []],
    ['filled.count.soap', []],
    ['index.home.raft', []],
    ['///école.façade.été', []],
    ['not three words', [LOCATION_MESSAGES.threeWords]],
    ['filled.count', [LOCATION_MESSAGES.threeWords]],
    ['filled.count.soap.more', [LOCATION_MESSAGES.threeWords]],
    ['//filled.count.soap', [LOCATION_MESSAGES.threeWords]],
    ['filled..soap', [LOCATION_MESSAGES.threeWords]],
    ['filled.count.s0ap', [LOCATION_MESSAGES.threeWords]],
  ])('%j -> %j', (value, messages) => {
    expect(messagesOf(optionalThreeWords(), value)).toEqual(messages);
  });

  it('takes blank as absent and says what an address looks like', () => {
    expect(optionalThreeWords().parse('  ')).toBeUndefined();
    expect(LOCATION_MESSAGES.threeWords).toBe(
      'Enter a three-word address: three words joined by dots, e.g. ///filled.count.soap',
    );
  });
});
