// @vitest-environment-options { "url": "http://127.0.0.1:9/" }
import { File as NodeFile } from 'node:buffer';
import { ERROR_MESSAGES } from '@curlew/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type LocalServer, startLocalServer } from '../actions/testing/localServer.ts';
import {
  ApiError,
  apiRequest,
  createApiClient,
  errorFromResponse,
  fraudHeaderValue,
  NETWORK_ERROR_MESSAGE,
  onSessionEnded,
} from './api.ts';
import { shouldRetryQuery } from './queryClient.ts';

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
      ERROR_MESSAGES.conflict,
    );
  });

  it('wraps the cause of any other 409, or says it is unknown; a banner shows the cause itself', () => {
    const closed = errorFromResponse(409, { error: 'invalid_status', message: 'Round is closed' });
    expect(closed.message).toBe('An error occurred: Round is closed');
    expect(closed.bannerText).toBe('Round is closed');
    expect(errorFromResponse(409, undefined).message).toBe(ERROR_MESSAGES.unknown);
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
    expect(errorFromResponse(500, undefined).message).toBe(ERROR_MESSAGES.unknown);
    expect(errorFromResponse(500, '<html>').message).toBe(ERROR_MESSAGES.unknown);
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
  let server: LocalServer;
  beforeAll(async () => {
    server = await startLocalServer();
  });
  afterAll(() => server.close());

  it('reports a request that never reaches a server as Network error with status 503', async () => {
    // Port 9 (discard) has no listener here, so the browser fetch fails outright.
    const failure = apiRequest('POST', '/api/auth/login', { body: { username: 'a', password: 'b' } });
    await expect(failure).rejects.toMatchObject({
      message: NETWORK_ERROR_MESSAGE,
      status: 503,
      code: 'network',
    });
  });

  it('sends JSON ({} when there is no body) with the anti-fraud header on POST, and reads the answer', async () => {
    server.routes = { 'POST /api/organisation/1/action/Update': { body: { message: 'Saved' } } };
    const client = createApiClient(server.origin);
    await expect(client.post('/organisation/1/action/Update')).resolves.toEqual({ message: 'Saved' });
    const request = server.received.at(-1);
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.body).toBe('{}');
    expect(typeof request?.headers['x-curlew-fraud-data']).toBe('string');
  });

  it("sends files as multipart with the browser's boundary", async () => {
    server.routes = { 'POST /api/settings/ncas/import': { body: { created: 1 } } };
    // jsdom's FormData and File cannot travel through Node's fetch; Node's own classes stand in for the browser's.
    const NodeFormData = (await new Response(new URLSearchParams('probe=1')).formData())
      .constructor as typeof FormData;
    const form = new NodeFormData();
    form.append('file', new NodeFile(['number,name'], 'ncas.csv', { type: 'text/csv' }) as unknown as File);
    await createApiClient(server.origin).postForm('/api/settings/ncas/import', form);
    const request = server.received.at(-1);
    expect(request?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(request?.body).toContain('filename="ncas.csv"');
  });

  it('throws the failure read with the error model, and tells listeners only when the session is gone', async () => {
    const ended = vi.fn();
    const stop = onSessionEnded(ended);
    const client = createApiClient(server.origin);
    server.routes = {
      'POST /api/auth/login': {
        status: 401,
        body: { error: 'invalid_credentials', message: 'Wrong password' },
      },
      'GET /api/organisation/2': {
        status: 401,
        body: { error: 'unauthenticated', message: 'Sign in first' },
      },
      'GET /api/organisation/3': { status: 403, body: { error: 'forbidden', message: 'Not yours' } },
    };
    await expect(client.post('/api/auth/login', { username: 'a' })).rejects.toMatchObject({
      status: 401,
      code: 'invalid_credentials',
      message: 'Wrong password',
    });
    await expect(client.get('/organisation/3')).rejects.toMatchObject({ status: 403, code: 'forbidden' });
    expect(ended).not.toHaveBeenCalled();
    await expect(client.get('/organisation/2')).rejects.toBeInstanceOf(ApiError);
    expect(ended).toHaveBeenCalledTimes(1);
    stop();
    await expect(client.get('/organisation/2')).rejects.toBeInstanceOf(ApiError);
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('lets a cancelled request end as a cancellation, not as a network error', async () => {
    server.routes = { 'GET /api/slow': { body: {}, delayMs: 2_000 } };
    const controller = new AbortController();
    const call = createApiClient(server.origin).get('/slow', { signal: controller.signal });
    controller.abort();
    await expect(call).rejects.not.toBeInstanceOf(ApiError);
  });
});

describe('shouldRetryQuery', () => {
  it('never retries a 403 or a 404, retries server and network failures twice', () => {
    expect(shouldRetryQuery(0, new ApiError('Not yours', 403, 'forbidden'))).toBe(false);
    expect(shouldRetryQuery(0, new ApiError('Gone', 404, 'not_found'))).toBe(false);
    expect(shouldRetryQuery(0, new ApiError(NETWORK_ERROR_MESSAGE, 503, 'network'))).toBe(true);
    expect(shouldRetryQuery(1, new ApiError('Oops', 500, 'internal'))).toBe(true);
    expect(shouldRetryQuery(2, new ApiError('Oops', 500, 'internal'))).toBe(false);
  });
});
