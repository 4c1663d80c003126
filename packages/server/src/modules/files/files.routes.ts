import type { FastifyInstance } from 'fastify';
import { loadScopedRecord } from '../../platform/read/entity-module.ts';
import { sendFile } from '../../platform/send-file.ts';
import { servedMimeType } from './file-content.ts';
import { fileRecord } from './files.read.ts';
import { fileStorageFor } from './storage.ts';

/**
 * `GET /api/file/{id}/download?ownerType=&ownerId=`: a file's bytes, loaded as the declared record
 * `GET /api/file/{id}` is (400 without the owner, 404 when the owner is unknown, out of the user's scope or does not
 * hold the file).
 */
export async function registerFileSpecialRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;

  app.get<{ Params: { id: string } }>('/api/file/:id/download', async (request, reply) => {
    const { row } = (await loadScopedRecord(fileRecord, request)).record;
    const content = await fileStorageFor(deps).get(row.storageKey);
    return sendFile(reply, {
      filename: row.filename,
      contentType: servedMimeType(row.filename),
      body: content,
      headers: {
        'content-length': String(row.size),
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, no-store',
      },
    });
  });
}
