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
import { discardStaged, type ReceivedFile, stageUpload } from './uploads.ts';

/** A submission as the browser sent it: the form values and any files (multipart). */
export interface Submission {
  values: FormValues;
  files: readonly ReceivedFile[];
}

/** How a multipart body may be read: who authorises it first, and where and how large its files may go. */
interface MultipartRules {
  /**
   * Runs before a byte of the body is read: every check the action makes without its values (scope, policy,
   * lifecycle, guards); answers the ids of the action's File fields.
   */
  authorise(): Promise<readonly string[]>;
  /** The staging folder of received files. */
  folder: string;
  /** The largest file accepted (UPLOAD_MAX_MB), enforced while the bytes stream in. */
  maxFileBytes: number;
}

/** Message of a multipart submission to an action that takes no files. */
const NO_FILES_MESSAGE = 'This action does not take files';

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
 * named by its field id. A multipart body is read only once `rules.authorise` has passed and the action has File
 * fields; each file streams to a staging file with the size limit enforced on the way (413), never buffered whole.
 * Each file also goes into the values as `{ name, size, type }` at its field id, so the action's schema can check
 * that it is present and of an accepted kind. The caller discards the staging files when the request ends.
 */
export async function readSubmission(request: FastifyRequest, rules: MultipartRules): Promise<Submission> {
  if (!request.isMultipart()) {
    const body = request.body ?? {};
    if (!isRecord(body)) throw new AppError('bad_request', 'The body must be a JSON object');
    return { values: body, files: [] };
  }
  const fileFields = new Set(await rules.authorise());
  if (fileFields.size === 0) throw new AppError('bad_request', NO_FILES_MESSAGE);
  let values: FormValues = {};
  const files: ReceivedFile[] = [];
  try {
    // One byte over the limit lets the stage step tell "too large" from "exactly the limit".
    for await (const part of request.parts({ limits: { fileSize: rules.maxFileBytes + 1 } })) {
      if (part.type === 'file') {
        if (!fileFields.has(part.fieldname))
          throw new AppError('bad_request', `This action has no file field '${part.fieldname}'`);
        files.push(
          await stageUpload(
            rules.folder,
            { fieldId: part.fieldname, filename: part.filename, mimetype: part.mimetype, stream: part.file },
            rules.maxFileBytes,
          ),
        );
      } else if (part.fieldname === SUBMISSION_PART) {
        values = parseSubmissionJson(String(part.value));
      } else {
        throw new AppError('bad_request', `Unexpected form part '${part.fieldname}'`);
      }
    }
  } catch (error) {
    await discardStaged(files);
    throw error;
  }
  const uploaded = Object.fromEntries(
    files.map((file) => [file.fieldId, { name: file.filename, size: file.size, type: file.mimetype }]),
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
      throw new AppError('bad_request', `This action has no file field '${file.fieldId}'`);
    if (seen.has(file.fieldId))
      throw new AppError('bad_request', `Only one file can be sent for '${file.fieldId}'`);
    seen.add(file.fieldId);
  }
}
