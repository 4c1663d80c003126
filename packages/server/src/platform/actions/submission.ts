import {
  type FieldDefinition,
  type FormValues,
  fileFieldIds,
  SUBMISSION_PART,
  withUploadedFiles,
} from '@curlew/domain';
import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import type { ReceivedFile } from './types.ts';

/** A submission as the browser sent it: the form values and any files (multipart). */
export interface Submission {
  values: FormValues;
  files: readonly ReceivedFile[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const parseSubmissionJson = (text: string): FormValues => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    if (error instanceof SyntaxError)
      throw new AppError('bad_request', 'The submission part is not valid JSON');
    throw error;
  }
  if (!isRecord(parsed)) throw new AppError('bad_request', 'The submission part must be a JSON object');
  return parsed;
};

/**
 * Reads a submission: a JSON object body, or multipart with a `submission` JSON part and one part per file
 * named by its field id. Each file also goes into the values as `{ name, size, type }` at its field id, so the
 * action's schema can check that it is present and of an accepted kind.
 */
export async function readSubmission(request: FastifyRequest): Promise<Submission> {
  if (!request.isMultipart()) {
    const body = request.body ?? {};
    if (!isRecord(body)) throw new AppError('bad_request', 'The body must be a JSON object');
    return { values: body, files: [] };
  }
  let values: FormValues = {};
  const files: ReceivedFile[] = [];
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const buffer = await part.toBuffer();
      files.push({ fieldId: part.fieldname, filename: part.filename, mimetype: part.mimetype, buffer });
    } else if (part.fieldname === SUBMISSION_PART) {
      values = parseSubmissionJson(String(part.value));
    } else {
      throw new AppError('bad_request', `Unexpected form part '${part.fieldname}'`);
    }
  }
  const uploaded = Object.fromEntries(
    files.map((file) => [
      file.fieldId,
      { name: file.filename, size: file.buffer.length, type: file.mimetype },
    ]),
  );
  return { values: withUploadedFiles(values, uploaded), files };
}

/** Refuses files sent for anything but one of the action's File fields (400). */
export function assertFilesMatchFields(
  fields: readonly FieldDefinition[],
  files: readonly ReceivedFile[],
): void {
  const allowed = new Set(fileFieldIds(fields));
  const seen = new Set<string>();
  for (const file of files) {
    if (!allowed.has(file.fieldId))
      throw new AppError('bad_request', `No file field '${file.fieldId}' in this action`);
    if (seen.has(file.fieldId)) throw new AppError('bad_request', `More than one file for '${file.fieldId}'`);
    seen.add(file.fieldId);
  }
}
