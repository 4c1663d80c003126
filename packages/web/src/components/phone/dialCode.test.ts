import { describe, expect, it } from 'vitest';
import { moveCaretPastDialCode } from './dialCode.ts';

describe('moveCaretPastDialCode', () => {
  const inputWith = (value: string, caret: number): HTMLInputElement => {
    const input = document.createElement('input');
    input.value = value;
    input.setSelectionRange(caret, caret);
    return input;
  };

  it.each([
    ['caret at the start', '+44 7700', 0, 8],
    ['caret inside the dial code', '+44 7700', 2, 8],
    ['caret on the space after the dial code', '+44 7700', 3, 8],
    ['caret already after the dial code', '+44 7700', 5, 5],
    ['caret at the end', '+44 7700', 8, 8],
  ])('%s', (_case, value, caret, expected) => {
    const input = inputWith(value, caret);
    moveCaretPastDialCode(input, '44');
    expect(input.selectionStart).toBe(expected);
  });

  it('counts the length of longer dial codes', () => {
    const input = inputWith('+353 87', 4);
    moveCaretPastDialCode(input, '353');
    expect(input.selectionStart).toBe(7);
  });
});
