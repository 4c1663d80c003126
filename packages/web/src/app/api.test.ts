// @vitest-environment-options { "url": "http://127.0.0.1:9/" }
import { describe, expect, it } from 'vitest';
import {
  ApiError,
  apiRequest,
  CONFLICT_MESSAGE,
  errorFromResponse,
  fraudHeaderValue,
  NETWORK_ERROR_MESSAGE,
  UNKNOWN_ERROR_MESSAGE,
} from './api.ts';

describe('errorFromResponse', () => {
  it('keeps the status and the server message', () => {
    const error = errorFromResponse(401, {
      error: 'invalid_credentials',
      message: 'Incorrect username or password',
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 401,
      code: 'invalid_credentials',
      message: 'Incorrect username or password',
    });
  });

  it('says an identical item exists when the server reports a conflict', () => {
    expect(errorFromResponse(409, { error: 'conflict', message: 'whatever the server wrote' }).message).toBe(
      CONFLICT_MESSAGE,
    );
  });

  it('wraps the cause of any other 409, or says it is unknown', () => {
    expect(errorFromResponse(409, { error: 'invalid_status', message: 'Round is closed' }).message).toBe(
      'An error occurred: Round is closed',
    );
    expect(errorFromResponse(409, undefined).message).toBe(UNKNOWN_ERROR_MESSAGE);
  });

  it('reads field errors from an errors array or a bare array of messages', () => {
    const validation = errorFromResponse(422, {
      error: 'validation',
      message: 'Invalid input',
      errors: [{ path: 'email', message: 'Not a valid email address' }],
    });
    expect(validation.fieldErrors).toEqual([{ path: 'email', message: 'Not a valid email address' }]);
    const bare = errorFromResponse(400, ['Code expired', 'Try again']);
    expect(bare.message).toBe('Code expired, Try again');
  });

  it('falls back to an unknown error for an empty body', () => {
    expect(errorFromResponse(500, undefined).message).toBe(UNKNOWN_ERROR_MESSAGE);
    expect(errorFromResponse(500, '<html>').message).toBe(UNKNOWN_ERROR_MESSAGE);
  });

  it('keeps the wait the server asked for, from the body or the Retry-After header', () => {
    expect(
      errorFromResponse(429, {
        error: 'too_many_attempts',
        message: 'Too many attempts',
        retryAfterSeconds: 32,
      }),
    ).toMatchObject({ status: 429, retryAfterSeconds: 32 });
    expect(
      errorFromResponse(429, { error: 'too_many_attempts', message: 'Wait' }, '90').retryAfterSeconds,
    ).toBe(90);
  });
});

describe('fraudHeaderValue', () => {
  it('is base64 JSON naming the subject, the browser and the time zone', () => {
    const decoded = JSON.parse(
      new TextDecoder().decode(
        Uint8Array.from(atob(fraudHeaderValue('zoë@example.org')), (c) => c.charCodeAt(0)),
      ),
    );
    expect(decoded).toMatchObject({ subject: 'zoë@example.org', userAgent: navigator.userAgent });
    expect(typeof decoded.timezone).toBe('string');
    expect(decoded.screen).toHaveProperty('width');
  });
});

describe('apiRequest', () => {
  it('reports a request that never reaches a server as Network error with status 503', async () => {
    // Port 9 (discard) has no listener here, so the browser fetch fails outright.
    const failure = apiRequest('POST', '/api/auth/login', { username: 'a', password: 'b' });
    await expect(failure).rejects.toMatchObject({ message: NETWORK_ERROR_MESSAGE, status: 503 });
  });
});
