import { describe, expect, it } from 'vitest';
import { ApiError } from '../app/api.ts';
import { formatWait, formErrorText } from './FormError.tsx';

describe('formatWait', () => {
  it.each([
    [1, '1 second'],
    [0.2, '1 second'],
    [45, '45 seconds'],
    [60, '1 minute'],
    [61, '2 minutes'],
    [900, '15 minutes'],
  ])('%s s reads %s', (seconds, text) => {
    expect(formatWait(seconds)).toBe(text);
  });
});

describe('formErrorText', () => {
  it('adds the wait to a throttled attempt', () => {
    const throttled = new ApiError('Too many attempts.', 429, 'too_many_attempts', [], 120);
    expect(formErrorText(throttled)).toBe('Too many attempts. Try again in 2 minutes.');
  });

  it('does not repeat a wait the server already gave', () => {
    const throttled = new ApiError(
      'Too many attempts. Try again in 1 second.',
      429,
      'too_many_attempts',
      [],
      1,
    );
    expect(formErrorText(throttled)).toBe('Too many attempts. Try again in 1 second.');
  });

  it('shows other failures as the server wrote them', () => {
    expect(formErrorText(new ApiError('Incorrect username or password', 401, 'invalid_credentials'))).toBe(
      'Incorrect username or password',
    );
  });
});
