import {
  type ActionFormData,
  type ActionResult,
  type FormValues,
  getPath,
  isUploadedFile,
  SUBMISSION_PART,
  type SubjectRef,
  setPath,
} from '@curlew/domain';
import { type ApiClient, ApiError } from '../app/api.ts';

/** The entity a self link names (`/organisation/123`), or undefined for a collection (`/organisations`). */
export const subjectOfSelf = (self: string): SubjectRef | undefined => {
  const [subjectType, subjectId, ...rest] = self.split('/').filter(Boolean);
  return subjectType === undefined || subjectId === undefined || rest.length > 0
    ? undefined
    : { subjectType, subjectId: decodeURIComponent(subjectId) };
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Loads the form data of `GET /api{self}/action/{actionId}`. */
export const fetchActionFormData = async (
  client: ApiClient,
  self: string,
  actionId: string,
  signal: AbortSignal,
): Promise<ActionFormData> => {
  const body = await client.get<unknown>(`${self}/action/${encodeURIComponent(actionId)}`, { signal });
  if (!isRecord(body) || !isRecord(body.definition)) {
    throw new ApiError('The action could not be loaded', 500);
  }
  return body as unknown as ActionFormData;
};

/** Whether a value is a file the user chose (duck-typed: tests run files from another realm). */
export const isChosenFile = (value: unknown): value is File =>
  isUploadedFile(value) && typeof (value as { slice?: unknown }).slice === 'function';

/**
 * The body of a submission: the values as JSON, or, when any File field holds a file, multipart with a
 * `submission` JSON part (the values without the files) and one part per file named by its field id.
 */
export const submissionBody = (
  values: FormValues,
  fileFieldIds: readonly string[],
): { json: FormValues } | { form: FormData } => {
  const files = fileFieldIds.flatMap((id) => {
    const file = getPath(values, id);
    return isChosenFile(file) ? [{ id, file }] : [];
  });
  if (files.length === 0) return { json: values };
  const withoutFiles = fileFieldIds.reduce((current, id) => setPath(current, id, undefined), values);
  const form = new FormData();
  form.append(SUBMISSION_PART, JSON.stringify(withoutFiles));
  for (const { id, file } of files) form.append(id, file, file.name);
  return { form };
};

/** POSTs a submission (JSON, or multipart when it carries files) and reads the `ActionResult`. */
export const postSubmission = async (
  client: ApiClient,
  path: string,
  values: FormValues,
  fileFieldIds: readonly string[],
): Promise<ActionResult> => {
  const body = submissionBody(values, fileFieldIds);
  const answer =
    'form' in body
      ? await client.postForm<unknown>(path, body.form)
      : await client.post<unknown>(path, body.json);
  return isRecord(answer) ? (answer as ActionResult) : {};
};
