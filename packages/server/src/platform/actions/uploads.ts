import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { formatFileSize } from '@curlew/domain';
import { z } from 'zod';
import { AppError } from '../errors.ts';

/**
 * A file received with a multipart submission, handed to the handler. Its bytes were streamed to a staging file
 * as they arrived (never held whole in memory); the files module moves them into storage.
 */
export interface ReceivedFile {
  /** The File field it was submitted for (dotted path). */
  fieldId: string;
  filename: string;
  mimetype: string;
  size: number;
  sha256: string;
  /** The first 64 KiB and the last 512 bytes: enough to tell what the content is (magic numbers, trailers). */
  sample: Uint8Array;
  /** The staging file holding the bytes until they are stored (removed after the request either way). */
  path: string;
}

/** UPLOAD_MAX_MB: the upload limit in megabytes (1024 x 1024 bytes); 20 unless set. */
const uploadLimitSchema = z.coerce.number().positive().max(1024).default(20);

/** The upload limit the environment sets (UPLOAD_MAX_MB), in bytes. */
export function uploadLimitFromEnvironment(environment: NodeJS.ProcessEnv = process.env): number {
  const parsed = uploadLimitSchema.safeParse(
    environment.UPLOAD_MAX_MB === '' ? undefined : environment.UPLOAD_MAX_MB,
  );
  if (!parsed.success) throw new Error('Invalid configuration: UPLOAD_MAX_MB must be a number of megabytes');
  return Math.floor(parsed.data * 1024 * 1024);
}

/** The message of a file over the upload limit (413). */
export const tooLargeMessage = (maxBytes: number): string =>
  `The file is larger than ${formatFileSize(maxBytes)}, the largest that can be uploaded`;

/** Where received files wait for their action: `{DATA_DIR}/uploads`, beside the file storage. */
export const stagingFolder = (dataDir: string): string => path.resolve(dataDir, 'uploads');

const HEAD_BYTES = 64 * 1024;
const TAIL_BYTES = 512;

/** Keeps the head and the tail of a stream's bytes, the hash and the size, as the bytes pass. */
function sampler() {
  const hash = createHash('sha256');
  const head: Buffer[] = [];
  let headLength = 0;
  let tail = Buffer.alloc(0);
  let size = 0;
  return {
    take(chunk: Buffer) {
      hash.update(chunk);
      size += chunk.length;
      if (headLength < HEAD_BYTES) {
        const part = chunk.subarray(0, HEAD_BYTES - headLength);
        head.push(part);
        headLength += part.length;
      }
      tail = Buffer.concat([tail, chunk]).subarray(-TAIL_BYTES);
    },
    finish() {
      const headBytes = Buffer.concat(head);
      // Small files are their own sample; for larger ones the tail follows the head, so a trailer stays last.
      const sample =
        size <= HEAD_BYTES
          ? headBytes
          : size <= HEAD_BYTES + TAIL_BYTES
            ? undefined
            : Buffer.concat([headBytes, tail]);
      return { size, sha256: hash.digest('hex'), sample };
    },
  };
}

/**
 * Streams one uploaded file into a staging file, hashing and sampling it on the way; 413 with a clear message
 * once it passes `maxBytes` (the rest is not read).
 */
export async function stageUpload(
  folder: string,
  upload: {
    fieldId: string;
    filename: string;
    mimetype: string;
    stream: Readable;
    truncated?: () => boolean;
  },
  maxBytes: number,
): Promise<ReceivedFile> {
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const file = path.join(folder, `${randomUUID()}.upload`);
  const sampled = sampler();
  let size = 0;
  try {
    await pipeline(
      upload.stream,
      async function* (source: AsyncIterable<Buffer>) {
        for await (const chunk of source) {
          size += chunk.length;
          if (size > maxBytes) throw new AppError('payload_too_large', tooLargeMessage(maxBytes));
          sampled.take(chunk);
          yield chunk;
        }
      },
      createWriteStream(file, { mode: 0o600 }),
    );
  } catch (error) {
    await rm(file, { force: true });
    if (error instanceof AppError) throw error;
    // The multipart reader stops a file at its own limit (one byte over ours) with a 413 error.
    if (isTooLarge(error)) throw new AppError('payload_too_large', tooLargeMessage(maxBytes));
    throw error;
  }
  const { sha256, sample } = sampled.finish();
  return {
    fieldId: upload.fieldId,
    filename: upload.filename,
    mimetype: upload.mimetype,
    size,
    sha256,
    sample: sample ?? (await readWhole(file)),
    path: file,
  };
}

const isTooLarge = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && 'statusCode' in error && error.statusCode === 413;

const readWhole = (file: string): Promise<Uint8Array> => readFile(file);

/** Removes the staging files of a request (those moved into storage are gone already). */
export async function discardStaged(files: readonly ReceivedFile[]): Promise<void> {
  for (const file of files) await rm(file.path, { force: true });
}
