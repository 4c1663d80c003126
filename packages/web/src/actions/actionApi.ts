import {
  type ActionFormData,
  type ActionResult,
  type FormIssue,
  type FormValues,
  getPath,
  isUploadedFile,
  SUBMISSION_PART,
  type SubjectRef,
  setPath,
} from '@curlew/domain';

/** Shown when a request never reached the server (SPEC 8). */
export const NETWORK_ERROR = 'Network error';
/** Shown when the server says the item already exists (SPEC 8). */
export const CONFLICT_ERROR = 'A conflict occurred: an identical item already exists';
/** Shown when a failed answer explains nothing (SPEC 8). */
export const UNKNOWN_ERROR = 'An unknown error occurred';

/** A failed action call: the HTTP status, the server's message and cause, and 422 field errors. */
export class ActionCallError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly detail: string | undefined,
    readonly fieldErrors: readonly FormIssue[],
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'ActionCallError';
  }

  /** What the form banner shows: the error's cause, else its message (SPEC 8). */
  get bannerText(): string {
    return this.detail ?? this.message;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const readIssues = (value: unknown): readonly FormIssue[] =>
  Array.isArray(value)
    ? value.flatMap((item): FormIssue[] => {
        if (typeof item === 'string') return [{ path: '', message: item }];
        if (isRecord(item) && typeof item.message === 'string') {
          return [{ path: typeof item.path === 'string' ? item.path : '', message: item.message }];
        }
        return [];
      })
    : [];

/** Reads a failed answer: error bodies are an object with error/message/cause/errors, or an array of messages. */
export const errorFromAnswer = (status: number, body: unknown): ActionCallError => {
  const fieldErrors = readIssues(isRecord(body) ? body.errors : body);
  const code = isRecord(body) && typeof body.error === 'string' ? body.error : undefined;
  const message = isRecord(body) && typeof body.message === 'string' ? body.message : undefined;
  const cause = isRecord(body) && typeof body.cause === 'string' ? body.cause : undefined;
  const listed = fieldErrors.map((issue) => issue.message).join(', ');
  if (status === 409 && code === 'conflict')
    return new ActionCallError(CONFLICT_ERROR, status, cause, fieldErrors);
  return new ActionCallError(message ?? (listed || code || UNKNOWN_ERROR), status, cause, fieldErrors);
};

/** The full address of an API path (`/organisation/1/action/Update` -> `{base}/api/organisation/1/action/Update`). */
export const apiAddress = (apiBase: string, path: string): string =>
  `${apiBase}${path.startsWith('/api/') ? '' : '/api'}${path.startsWith('/') ? path : `/${path}`}`;

/** The entity a self link names (`/organisation/123`), or undefined for a collection (`/organisations`). */
export const subjectOfSelf = (self: string): SubjectRef | undefined => {
  const [subjectType, subjectId, ...rest] = self.split('/').filter(Boolean);
  return subjectType === undefined || subjectId === undefined || rest.length > 0
    ? undefined
    : { subjectType, subjectId: decodeURIComponent(subjectId) };
};

const readAnswer = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch (error) {
    if (error instanceof SyntaxError) return text;
    throw error;
  }
};

/** Sends a request and reads the JSON answer; network failures become 'Network error' with status 503. */
export const callApi = async (url: string, init: RequestInit): Promise<unknown> => {
  let response: Response;
  try {
    response = await fetch(url, {
      credentials: 'include',
      ...init,
      headers: { accept: 'application/json', ...init.headers },
    });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new ActionCallError(NETWORK_ERROR, 503, undefined, [], { cause: error });
  }
  const body = await readAnswer(response);
  if (!response.ok) throw errorFromAnswer(response.status, body);
  return body;
};

/** Loads the form data of `GET /api{self}/action/{actionId}`. */
export const fetchActionFormData = async (
  apiBase: string,
  self: string,
  actionId: string,
  signal: AbortSignal,
): Promise<ActionFormData> => {
  const body = await callApi(apiAddress(apiBase, `${self}/action/${encodeURIComponent(actionId)}`), {
    signal,
  });
  if (!isRecord(body) || !isRecord(body.definition)) {
    throw new ActionCallError('The action could not be loaded', 500, undefined, []);
  }
  return body as unknown as ActionFormData;
};

const fraudData = (): string => {
  const data = {
    userAgent: navigator.userAgent,
    timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  };
  return btoa(JSON.stringify(data));
};

/** Whether a value is a file the user chose (duck-typed: tests run files from another realm). */
export const isChosenFile = (value: unknown): value is File =>
  isUploadedFile(value) && typeof (value as { slice?: unknown }).slice === 'function';

/**
 * Builds the body of a submission: JSON of the values, or, when any File field holds a file, multipart with a
 * `submission` JSON part (the values without the files) and one part per file named by its field id.
 */
export const submissionBody = (
  values: FormValues,
  fileFieldIds: readonly string[],
): { body: string | FormData; contentType?: string } => {
  const files = fileFieldIds.flatMap((id) => {
    const file = getPath(values, id);
    return isChosenFile(file) ? [{ id, file }] : [];
  });
  if (files.length === 0) return { body: JSON.stringify(values), contentType: 'application/json' };
  const withoutFiles = fileFieldIds.reduce((current, id) => setPath(current, id, undefined), values);
  const form = new FormData();
  form.append(SUBMISSION_PART, JSON.stringify(withoutFiles));
  for (const { id, file } of files) form.append(id, file, file.name);
  return { body: form };
};

/** POSTs a submission and reads the `ActionResult`. */
export const postSubmission = async (
  apiBase: string,
  path: string,
  values: FormValues,
  fileFieldIds: readonly string[],
): Promise<ActionResult> => {
  const { body, contentType } = submissionBody(values, fileFieldIds);
  const headers: Record<string, string> = { 'x-curlew-fraud-data': fraudData() };
  // For multipart the browser sets the content type with its boundary.
  if (contentType !== undefined) headers['content-type'] = contentType;
  const answer = await callApi(apiAddress(apiBase, path), { method: 'POST', headers, body });
  return isRecord(answer) ? (answer as ActionResult) : {};
};
