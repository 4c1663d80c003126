/** Digits typed in front of the dial code (caret at the start) belong after it: '7+44 ' becomes '+44 7'. */
export function moveTypedBeforeDialCode(text: string): string {
  const plus = text.indexOf('+');
  if (plus <= 0) return text;
  return `${text.slice(plus)}${text.slice(0, plus)}`;
}

/**
 * Focus can land before the fixed dial code (tabbing in, or focus set by a script); what is typed there would be
 * lost, so the caret moves to the end. `dialCode` is the digits only, e.g. '44' for '+44 '.
 */
export function moveCaretPastDialCode(input: HTMLInputElement, dialCode: string): void {
  const prefixLength = dialCode.length + 2;
  if ((input.selectionStart ?? 0) < prefixLength)
    input.setSelectionRange(input.value.length, input.value.length);
}
