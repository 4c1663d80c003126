import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ReceivedFile } from '../src/platform/actions/uploads.ts';

const STAGING = path.join(tmpdir(), `curlew-test-uploads-${process.pid}`);
const HEAD_BYTES = 64 * 1024;

/** A received file from bytes, staged as the multipart reader stages uploads (for handler and repository tests). */
export function receivedFile(file: {
  fieldId?: string;
  filename: string;
  mimetype: string;
  bytes: Uint8Array | string;
}): ReceivedFile {
  const bytes = typeof file.bytes === 'string' ? Buffer.from(file.bytes, 'latin1') : Buffer.from(file.bytes);
  mkdirSync(STAGING, { recursive: true });
  const staged = path.join(STAGING, `${randomUUID()}.upload`);
  writeFileSync(staged, bytes);
  const sample =
    bytes.length <= HEAD_BYTES + 512
      ? bytes
      : Buffer.concat([bytes.subarray(0, HEAD_BYTES), bytes.subarray(-512)]);
  return {
    fieldId: file.fieldId ?? 'file',
    filename: file.filename,
    mimetype: file.mimetype,
    size: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    sample,
    path: staged,
  };
}
