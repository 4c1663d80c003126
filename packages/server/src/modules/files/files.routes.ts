import {
  FILE_OWNER_REQUIRED_MESSAGE,
  LOCATION_OWNER_REQUIRED_MESSAGE,
  type OwnerRef,
  subjectIdSchema,
  subjectTypeSchema,
} from '@curlew/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireSession } from '../../auth/guard.ts';
import { assertSubjectReadable } from '../../platform/actions/subject-access.ts';
import { AppError } from '../../platform/errors.ts';
import { sendFile } from '../../platform/send-file.ts';
import { servedMimeType } from './file-content.ts';
import { findOwnerFile, listOwnerFiles } from './files.repo.ts';
import { findLocation, presentLocation } from './locations.repo.ts';
import { fileStorageFor } from './storage.ts';

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/** The ownerType and ownerId of the query; a 400 with `message` when either is missing. */
const ownerOf = (request: FastifyRequest, message: string): OwnerRef => {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const ownerType = text(query.ownerType);
  const ownerId = text(query.ownerId);
  if (ownerType === undefined || ownerId === undefined) throw new AppError('bad_request', message);
  const parsed = z
    .object({ ownerType: subjectTypeSchema, ownerId: subjectIdSchema })
    .safeParse({ ownerType, ownerId });
  // A malformed kind or id cannot name a record anyone may read.
  if (!parsed.success) throw new AppError('not_found', 'Not found');
  return parsed.data;
};

const idParam = z.object({ id: z.uuid() });

const recordId = (request: FastifyRequest, what: string): string => {
  const parsed = idParam.safeParse(request.params);
  if (!parsed.success) throw new AppError('not_found', `${what} not found`);
  return parsed.data.id;
};

const historyQuery = z.object({
  tag: z.string().trim().min(1).max(100).optional(),
  history: z.enum(['true', 'false']).optional(),
});

/**
 * Files and locations of an entity (SPEC 7): `GET /api/files`, `GET /api/file/{id}`, `GET /api/file/{id}/download`
 * and `GET /api/location/{id}`, each with `ownerType` and `ownerId` in the query (400 without them) and authorised
 * by the owner's read access (404 when the owner is unknown, out of the user's scope or does not hold the record).
 */
export async function registerFileRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;

  app.get('/api/files', async (request) => {
    const { user } = await requireSession(request);
    const owner = ownerOf(request, FILE_OWNER_REQUIRED_MESSAGE);
    const options = historyQuery.parse(request.query);
    await assertSubjectReadable(deps.db, user, { subjectType: owner.ownerType, subjectId: owner.ownerId });
    const items = await listOwnerFiles(deps.db, owner, {
      ...(options.tag === undefined ? {} : { tag: options.tag }),
      history: options.history === 'true',
    });
    return { items };
  });

  const readableFile = async (request: FastifyRequest) => {
    const { user } = await requireSession(request);
    const owner = ownerOf(request, FILE_OWNER_REQUIRED_MESSAGE);
    const id = recordId(request, 'File');
    await assertSubjectReadable(deps.db, user, { subjectType: owner.ownerType, subjectId: owner.ownerId });
    const found = await findOwnerFile(deps.db, owner, id);
    if (!found) throw new AppError('not_found', 'File not found');
    return found;
  };

  app.get('/api/file/:id', async (request) => (await readableFile(request)).view);

  app.get('/api/file/:id/download', async (request, reply) => {
    const { row } = await readableFile(request);
    const content = await fileStorageFor(deps.config).get(row.storageKey);
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

  app.get('/api/location/:id', async (request) => {
    const { user } = await requireSession(request);
    const owner = ownerOf(request, LOCATION_OWNER_REQUIRED_MESSAGE);
    const id = recordId(request, 'Location');
    await assertSubjectReadable(deps.db, user, { subjectType: owner.ownerType, subjectId: owner.ownerId });
    const row = await findLocation(deps.db, owner, id);
    if (!row) throw new AppError('not_found', 'Location not found');
    return presentLocation(row);
  });
}
