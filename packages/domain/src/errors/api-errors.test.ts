import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGES, ERROR_STATUS, errorOccurred, isErrorCode, readFailure } from './api-errors.ts';

describe('error codes', () => {
  it('map to the statuses of the contract', () => {
    expect(ERROR_STATUS).toMatchObject({
      unauthenticated: 401,
      forbidden: 403,
      csrf: 403,
      not_found: 404,
      conflict: 409,
      invalid_status: 409,
      payload_too_large: 413,
      validation: 422,
      too_many_attempts: 429,
    });
    expect(isErrorCode('invalid_status')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
  });
});

describe('readFailure (SPEC 8)', () => {
  it('reads a conflict over an existing item as the conflict sentence, whatever the server wrote', () => {
    const reading = readFailure(409, { error: 'conflict', message: 'Duplicate key', errors: [] });
    expect(reading).toMatchObject({ code: 'conflict', message: ERROR_MESSAGES.conflict, cause: undefined });
    expect(ERROR_MESSAGES.conflict).toBe('A conflict occurred: an identical item already exists');
  });

  it("reads another conflict as 'An error occurred: {cause}' and keeps the cause for a banner", () => {
    const reading = readFailure(409, { error: 'invalid_status', message: 'The round is closed' });
    expect(reading.message).toBe('An error occurred: The round is closed');
    expect(reading.cause).toBe('The round is closed');
    expect(errorOccurred('x')).toBe('An error occurred: x');
    expect(readFailure(409, undefined).message).toBe('An unknown error occurred');
  });

  it('reads field errors from an errors list or a bare array of messages', () => {
    const validation = readFailure(422, {
      error: 'validation',
      message: 'Field required',
      errors: [{ path: 'name', message: 'Field required' }, { message: 'Whole form' }, 42],
    });
    expect(validation.fieldErrors).toEqual([
      { path: 'name', message: 'Field required' },
      { path: '', message: 'Whole form' },
    ]);
    expect(validation.message).toBe('Field required');
    const bare = readFailure(400, ['Code expired', 'Try again']);
    expect(bare.message).toBe('Code expired, Try again');
    expect(bare.code).toBeUndefined();
  });

  it('says an unknown error occurred when nothing explains the failure', () => {
    expect(readFailure(500, undefined).message).toBe('An unknown error occurred');
    expect(readFailure(502, '<html>').message).toBe('An unknown error occurred');
    expect(readFailure(403, { error: 'forbidden', message: '' }).message).toBe('An unknown error occurred');
  });

  it('keeps the server cause apart from its message', () => {
    expect(
      readFailure(422, { error: 'validation', message: 'Invalid input', cause: 'Name taken' }),
    ).toMatchObject({ message: 'Invalid input', cause: 'Name taken' });
  });

  it('reads the wait from the body, else from Retry-After', () => {
    expect(
      readFailure(429, { error: 'too_many_attempts', message: 'Wait', retryAfterSeconds: 32 }),
    ).toMatchObject({ retryAfterSeconds: 32 });
    expect(readFailure(429, { error: 'too_many_attempts', message: 'Wait' }, '90').retryAfterSeconds).toBe(
      90,
    );
    expect(
      readFailure(429, { error: 'too_many_attempts', message: 'Wait' }, null).retryAfterSeconds,
    ).toBeUndefined();
  });
});
