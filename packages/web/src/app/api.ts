/**
 * The web app's one HTTP client: every call to the Curlew API goes through `apiRequest` (JSON or multipart,
 * the session cookie, the anti-fraud header on POSTs) and every failure becomes an `ApiError` read with the
 * domain's error model (SPEC 7 and 8).
 */
import {
  ERROR_MESSAGES,
  type FieldError,
  NETWORK_ERROR_CODE,
  NETWORK_ERROR_STATUS,
  readFailure,
} from '@curlew/domain';

/** Shown when the request never reached the server (SPEC 8). */
export const NETWORK_ERROR_MESSAGE = ERROR_MESSAGES.network;

/** A failed API call: the status, the server's error code and message, field errors and any wait it asked for. */
export class ApiError extends Error {
  /** The server's own explanation (its `cause`, or what a 409 said), when it gave one. */
  readonly detail: string | undefined;

  constructor(
    message: string,
    readonly status: number,
    readonly code: string | undefined = undefined,
    readonly fieldErrors: FieldError[] = [],
    readonly retryAfterSeconds: number | undefined = undefined,
    options?: ErrorOptions & { detail?: string | undefined },
  ) {
    super(message, options);
    this.name = 'ApiError';
    this.detail = options?.detail;
  }

  /** What an action form's banner shows: the error's cause, else its message (SPEC 8). */
  get bannerText(): string {
    return this.detail ?? this.message;
  }
}

/** Turns a failed response (status, parsed body if any, `Retry-After`) into the error the UI shows (SPEC 8). */
export function errorFromResponse(status: number, body: unknown, retryAfterHeader?: string | null): ApiError {
  const failure = readFailure(status, body, retryAfterHeader);
  return new ApiError(failure.message, status, failure.code, failure.fieldErrors, failure.retryAfterSeconds, {
    detail: failure.cause,
  });
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

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const fraudSubjectOf = (body: unknown): string | undefined => {
  if (!isRecord(body)) return undefined;
  if (typeof body.username === 'string' && body.username) return body.username;
  if (typeof body.email === 'string' && body.email) return body.email;
  return undefined;
};

const isAuthPath = (path: string): boolean => /^(\/api)?\/auth\//.test(path);

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

/**
 * The full address of an API path on `apiBase` ('' is the page's own origin): `/organisation/1` and
 * `/api/organisation/1` both become `{apiBase}/api/organisation/1`.
 */
export const apiAddress = (apiBase: string, path: string): string =>
  `${apiBase}${path.startsWith('/api/') ? '' : '/api'}${path.startsWith('/') ? path : `/${path}`}`;

/** The HTTP methods the API uses. */
export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a call sends besides method and path. */
export interface ApiRequestOptions {
  /** A JSON body; state-changing calls without one send `{}` (the server refuses non-JSON bodies: CSRF). */
  body?: unknown;
  /** A multipart body instead of JSON (file uploads); the browser sets its content type and boundary. */
  form?: FormData;
  signal?: AbortSignal;
  /** Origin of the API ('' is the page's own). */
  apiBase?: string;
}

/** Told when a call finds the session gone (401 `unauthenticated`), so the app can show the user as signed out. */
type SessionEndedListener = () => void;
const sessionEndedListeners = new Set<SessionEndedListener>();

/** Calls `listener` whenever a call answers 401 because nobody is signed in; returns the unsubscribe function. */
export function onSessionEnded(listener: SessionEndedListener): () => void {
  sessionEndedListeners.add(listener);
  return () => {
    sessionEndedListeners.delete(listener);
  };
}

/** Calls the Curlew API with the session cookie; resolves with the parsed answer, throws ApiError on any failure. */
export async function apiRequest<T>(
  method: ApiMethod,
  path: string,
  options: ApiRequestOptions = {},
): Promise<T> {
  const { body, form, signal, apiBase = '' } = options;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (form === undefined) headers['content-type'] = 'application/json';
  // Sign-in calls name who is signing in; other calls never put the values of a form in a header.
  if (method === 'POST')
    headers['x-curlew-fraud-data'] = fraudHeaderValue(isAuthPath(path) ? fraudSubjectOf(body) : undefined);
  const payload = method === 'GET' ? undefined : (form ?? JSON.stringify(body ?? {}));
  let response: Response;
  try {
    response = await fetch(new URL(apiAddress(apiBase, path), window.location.origin), {
      method,
      headers,
      credentials: 'include',
      body: payload,
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(NETWORK_ERROR_MESSAGE, NETWORK_ERROR_STATUS, NETWORK_ERROR_CODE, [], undefined, {
      cause: error,
    });
  }
  const parsed = await readBody(response);
  if (response.ok) return parsed as T;
  const error = errorFromResponse(response.status, parsed, response.headers.get('retry-after'));
  if (error.status === 401 && error.code === 'unauthenticated') {
    for (const listener of sessionEndedListeners) listener();
  }
  throw error;
}

/** Per-call options of the shorthands. */
export type CallOptions = Pick<ApiRequestOptions, 'signal'>;

/** The API calls of one origin: JSON reads and writes and multipart uploads. */
export interface ApiClient {
  get<T>(path: string, options?: CallOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: CallOptions): Promise<T>;
  put<T>(path: string, body?: unknown, options?: CallOptions): Promise<T>;
  /** POSTs `multipart/form-data` (a file upload). */
  postForm<T>(path: string, form: FormData, options?: CallOptions): Promise<T>;
}

/** A client for the API at `apiBase` ('' is the page's own origin). */
export const createApiClient = (apiBase = ''): ApiClient => ({
  get: (path, options) => apiRequest('GET', path, { ...options, apiBase }),
  post: (path, body, options) => apiRequest('POST', path, { ...options, body, apiBase }),
  put: (path, body, options) => apiRequest('PUT', path, { ...options, body, apiBase }),
  postForm: (path, form, options) => apiRequest('POST', path, { ...options, form, apiBase }),
});

/** The client of the page's own origin, for code outside React components. */
export const api: ApiClient = createApiClient();
