import {
  documentKindLabel,
  FILE_OWNER_REQUIRED_MESSAGE,
  type FileListQuery,
  type FileView,
  fileListQuerySchema,
  formatDate,
  formatFileSize,
  LOCATION_OWNER_REQUIRED_MESSAGE,
  type LocationView,
  type OwnerRef,
  ownerQuerySchema,
} from '@curlew/domain';
import { eq, type SQL } from 'drizzle-orm';
import { users } from '../../auth/auth.tables.ts';
import { assertSubjectReadable } from '../../platform/actions/subject-access.ts';
import type { Actor } from '../../platform/actions/types.ts';
import type { Queryable } from '../../platform/db/connect.ts';
import { AppError } from '../../platform/errors.ts';
import type { ScopedRecord } from '../../platform/read/entity-module.ts';
import type { DescribedList } from '../../platform/read/list-route.ts';
import { type FileRead, fileColumns, findOwnerFile, presentFile, type StoredFileRow } from './files.repo.ts';
import { storedFiles } from './files.tables.ts';
import { findLocation, type LocationRow, presentLocation } from './locations.repo.ts';

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/**
 * The owner a files or location call names by `ownerType` and `ownerId`, when the reader may read it: 400 with
 * `message` when either is missing or blank, 404 when it is malformed, unknown or outside the reader's scope.
 */
async function readableOwner(
  db: Queryable,
  actor: Actor,
  query: unknown,
  message: string,
): Promise<OwnerRef> {
  const given = (query ?? {}) as Record<string, unknown>;
  const ownerType = text(given.ownerType);
  const ownerId = text(given.ownerId);
  if (ownerType === undefined || ownerId === undefined) throw new AppError('bad_request', message);
  const parsed = ownerQuerySchema.safeParse({ ownerType, ownerId });
  // A malformed kind or id cannot name a record anyone may read.
  if (!parsed.success) throw new AppError('not_found', 'Not found');
  await assertSubjectReadable(db, actor, {
    subjectType: parsed.data.ownerType,
    subjectId: parsed.data.ownerId,
  });
  return parsed.data;
}

/** `GET /api/file/{id}?ownerType=&ownerId=`: a file's details, when the reader may read its owner. */
export const fileRecord: ScopedRecord<{ row: StoredFileRow; view: FileView }, FileView> = {
  path: 'file',
  noun: 'file',
  answerType: 'FileView',
  load: async ({ deps, actor, query }, id) =>
    findOwnerFile(deps.db, await readableOwner(deps.db, actor, query, FILE_OWNER_REQUIRED_MESSAGE), id),
  present: ({ record }) => record.view,
};

/** `GET /api/location/{id}?ownerType=&ownerId=`: a location, when the reader may read its owner. */
export const locationRecord: ScopedRecord<LocationRow, LocationView> = {
  path: 'location',
  noun: 'location',
  answerType: 'LocationView',
  load: async ({ deps, actor, query }, id) =>
    findLocation(deps.db, await readableOwner(deps.db, actor, query, LOCATION_OWNER_REQUIRED_MESSAGE), id),
  present: ({ record }) => presentLocation(record),
};

/**
 * An owner's files (`GET /api/files?ownerType=&ownerId=`, newest first; `format=csv|xlsx` exports them), read by
 * whoever may read the owner (400 without it, 404 outside their scope): its current documents, one kind with `tag`,
 * the replaced versions too with `history=true`.
 */
export const fileList: DescribedList<FileListQuery, FileRead, FileView> = {
  query: fileListQuerySchema,
  itemType: 'FileView',
  table: storedFiles,
  id: storedFiles.id,
  // The owner is the scope: the guard lets through only a reader who may read it.
  scope: () => undefined,
  guard: async (query, { db, actor }) => {
    await readableOwner(db, actor, query, FILE_OWNER_REQUIRED_MESSAGE);
  },
  filters: {
    ownerType: (ownerType): SQL => eq(storedFiles.ownerType, ownerType),
    ownerId: (ownerId): SQL => eq(storedFiles.ownerId, ownerId),
    tag: (tag): SQL => eq(storedFiles.tag, tag),
    history: (history) => (history === 'true' ? undefined : eq(storedFiles.current, true)),
  },
  sort: {
    uploadedAt: storedFiles.uploadedAt,
    filename: storedFiles.filename,
    tag: storedFiles.tag,
    size: storedFiles.size,
  },
  search: [storedFiles.filename],
  collectionActions: false,
  rows: ({ db }, where) =>
    db
      .select(fileColumns)
      .from(storedFiles)
      .leftJoin(users, eq(users.id, storedFiles.uploadedBy))
      .where(where),
  present: (rows) => rows.map(presentFile),
  export: {
    filename: 'files',
    sheet: 'Files',
    maxRows: 100_000,
    columns: [
      { header: 'Document', width: 28, value: (item) => documentKindLabel(item.tag) },
      { header: 'File name', width: 40, value: (item) => item.filename },
      { header: 'Type', width: 10, value: (item) => item.fileType },
      { header: 'Size', width: 12, value: (item) => formatFileSize(item.size) },
      { header: 'Uploaded', width: 14, value: (item) => formatDate(item.uploadedAt) },
      { header: 'Uploaded by', width: 24, value: (item) => item.uploadedBy?.displayName ?? '' },
      { header: 'Current', width: 10, value: (item) => (item.current ? 'Yes' : 'No') },
      { header: 'Why it was replaced', width: 40, value: (item) => item.replacedReason ?? '' },
    ],
  },
};
