/** One field-level message from the server's `errors` array. */
export interface FieldError {
  path: string;
  message: string;
}

/** Shown when the request never reached the server (SPEC 8). */
export const NETWORK_ERROR_MESSAGE = 'Network error';
/** Shown when the server says the item already exists (SPEC 8). */
export const CONFLICT_MESSAGE = 'A conflict occurred: an identical item already exists';
/** Shown when a failed response explains nothing. */
export const UNKNOWN_ERROR_MESSAGE = 'An unknown error occurred';

/** A failed API call: the status, the server's error code and message, field errors and any wait it asked for. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | undefined = undefined,
    readonly fieldErrors: FieldError[] = [],
    readonly retryAfterSeconds: number | undefined = undefined,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'ApiError';
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const readFieldErrors = (value: unknown): FieldError[] => {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item): FieldError[] => {
    if (typeof item === 'string') return [{ path: '', message: item }];
    if (isRecord(item) && typeof item.message === 'string') {
      return [{ path: typeof item.path === 'string' ? item.path : '', message: item.message }];
    }
    return [];
  });
};

/** Turns a failed response (status and parsed body, if any) into the error the UI shows, per SPEC 8. */
export function errorFromResponse(status: number, body: unknown, retryAfterHeader?: string | null): ApiError {
  // Error bodies are either an object with message/errors or a bare array of messages.
  const fieldErrors = readFieldErrors(isRecord(body) ? body.errors : body);
  const code = isRecord(body) && typeof body.error === 'string' ? body.error : undefined;
  const serverMessage = isRecord(body) && typeof body.message === 'string' ? body.message : undefined;
  const cause = serverMessage ?? fieldErrors.map((error) => error.message).join(', ');
  let message: string;
  if (status === 409) {
    if (code === 'conflict') message = CONFLICT_MESSAGE;
    else message = cause ? `An error occurred: ${cause}` : UNKNOWN_ERROR_MESSAGE;
  } else {
    message = cause || UNKNOWN_ERROR_MESSAGE;
  }
  const retryFromBody =
    isRecord(body) && typeof body.retryAfterSeconds === 'number' ? body.retryAfterSeconds : undefined;
  const retryFromHeader = retryAfterHeader ? Number.parseInt(retryAfterHeader, 10) : Number.NaN;
  const retryAfterSeconds = retryFromBody ?? (Number.isFinite(retryFromHeader) ? retryFromHeader : undefined);
  return new ApiError(message, status, code, fieldErrors, retryAfterSeconds);
}

/** The anti-fraud data sent on POSTs: base64 of a JSON description of the browser and who is signing in. */
export function fraudHeaderValue(subject: string | undefined): string {
  const data = {
    subject: subject ?? null,
    userAgent: navigator.userAgent,
    screen: { width: window.screen.width, height: window.screen.height },
    timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  };
  const bytes = new TextEncoder().encode(JSON.stringify(data));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

const fraudSubjectOf = (body: unknown): string | undefined => {
  if (!isRecord(body)) return undefined;
  if (typeof body.username === 'string' && body.username) return body.username;
  if (typeof body.email === 'string' && body.email) return body.email;
  return undefined;
};

const readBody = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch (error) {
    if (error instanceof SyntaxError) return text;
    throw error;
  }
};

/** Calls the Curlew API with the session cookie and a JSON body; throws ApiError on any failure. */
export async function apiRequest<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<T> {
  // The server refuses state-changing calls that are not JSON (CSRF), so an empty body is sent as {}.
  const headers: Record<string, string> = { accept: 'application/json', 'content-type': 'application/json' };
  if (method === 'POST') headers['x-curlew-fraud-data'] = fraudHeaderValue(fraudSubjectOf(body));
  let response: Response;
  try {
    response = await fetch(new URL(path, window.location.origin), {
      method,
      headers,
      credentials: 'include',
      body: method === 'GET' ? undefined : JSON.stringify(body ?? {}),
    });
  } catch (error) {
    throw new ApiError(NETWORK_ERROR_MESSAGE, 503, 'network', [], undefined, { cause: error });
  }
  const parsed = await readBody(response);
  if (!response.ok) throw errorFromResponse(response.status, parsed, response.headers.get('retry-after'));
  return parsed as T;
}

/** Shorthands for the API calls the pages make. */
export const api = {
  get: <T>(path: string) => apiRequest<T>('GET', path),
  post: <T>(path: string, body?: unknown) => apiRequest<T>('POST', path, body),
  put: <T>(path: string, body?: unknown) => apiRequest<T>('PUT', path, body),
};
