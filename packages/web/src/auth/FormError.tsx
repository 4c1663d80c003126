import { Alert } from '@mantine/core';
import type { ApiError } from '../app/api.ts';

/** '5 seconds', '1 minute', '15 minutes': how long to wait before trying again. */
export function formatWait(seconds: number): string {
  if (seconds < 60) {
    const whole = Math.max(1, Math.ceil(seconds));
    return `${whole} second${whole === 1 ? '' : 's'}`;
  }
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** The text shown for a failed call: the server's message, and the wait when it throttled the attempt. */
export function formErrorText(error: ApiError): string {
  // The server's message usually says how long to wait already; add the wait only when it does not.
  if (error.status === 429 && error.retryAfterSeconds !== undefined && !/try again in/i.test(error.message)) {
    const sentence = error.message.replace(/[.!\s]+$/, '');
    return `${sentence}. Try again in ${formatWait(error.retryAfterSeconds)}.`;
  }
  return error.message;
}

/** The banner at the top of a form showing why the last submit failed. */
export function FormError({ error }: { error: ApiError | null }) {
  if (!error) return null;
  return (
    <Alert color="red" variant="outline" role="alert" title="There was a problem">
      {formErrorText(error)}
    </Alert>
  );
}
