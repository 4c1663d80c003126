import { readFile } from 'node:fs/promises';
import {
  detectFileType,
  documentKindLabel,
  type FieldOption,
  type FileView,
  fileExtension,
} from '@curlew/domain';
import { and, asc, desc, eq } from 'drizzle-orm';
import { users } from '../../auth/auth.tables.ts';
import { onRollback } from '../../platform/actions/unit-of-work.ts';
import { type ReceivedFile, tooLargeMessage } from '../../platform/actions/uploads.ts';
import type { Queryable } from '../../platform/db/connect.ts';
import { AppError, validationError } from '../../platform/errors.ts';
import { uploadContentProblem } from './file-content.ts';
import { storedFiles } from './files.tables.ts';
import { type FileStorage, newStorageKey } from './storage.ts';

/** A stored file's metadata row. */
export type StoredFileRow = typeof storedFiles.$inferSelect;

/** A file as the action runner hands it to handlers: streamed to a staging file, with its size, hash and sample. */
export type IncomingFile = Omit<ReceivedFile, 'fieldId'>;

/** What saveUploadedFile stores: the file, its owner and document kind, and who uploaded it. */
interface SaveUploadedFileInput {
  ownerType: string;
  ownerId: string;
  /** The document kind, e.g. `LandholderInfo`. */
  tag: string;
  file: IncomingFile;
  userId: string | null;
  /** Extensions allowed (without dots); every extension whose content can be checked when absent. */
  accept?: readonly string[];
  /** The form field the file came from, for the 422 path (default 'file'). */
  fieldPath?: string;
  /** When it was uploaded (default now). */
  uploadedAt?: Date;
}

const MAX_FILENAME_LENGTH = 200;

/** The last segment of an uploaded name, without control characters, at most 200 characters. */
const cleanFilename = (name: string): string => {
  const base = name.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is removed.
  const visible = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (visible === '' || visible === '.' || visible === '..') return 'file';
  if (visible.length <= MAX_FILENAME_LENGTH) return visible;
  const dot = visible.lastIndexOf('.');
  const extension = dot > 0 && visible.length - dot <= 10 ? visible.slice(dot) : '';
  return `${visible.slice(0, MAX_FILENAME_LENGTH - extension.length)}${extension}`;
};

/**
 * Checks and stores an uploaded file for an owner inside the caller's unit of work (`inUnitOfWork`): 413
 * payload_too_large over the storage's limit; 422 on `fieldPath` for executables, disk images, extensions outside
 * `accept` and content that is not what the extension says. The bytes are written under a generated key before the
 * row is inserted, and removed again if the unit of work rolls back.
 */
export async function saveUploadedFile(
  tx: Queryable,
  storage: FileStorage,
  input: SaveUploadedFileInput & { replacesId?: string; replacedReason?: string },
): Promise<StoredFileRow> {
  const { file } = input;
  if (file.size > storage.maxFileBytes) {
    throw new AppError('payload_too_large', tooLargeMessage(storage.maxFileBytes));
  }
  const filename = cleanFilename(file.filename);
  // A PDF is searched whole for scripts and automatic actions (it is within the upload limit by now).
  const bytes = fileExtension(filename) === 'pdf' ? await readFile(file.path) : file.sample;
  const problem = uploadContentProblem(
    { filename, mimetype: file.mimetype, bytes, size: file.size },
    input.accept,
  );
  if (problem !== undefined) throw validationError(input.fieldPath ?? 'file', problem);
  const storageKey = newStorageKey();
  onRollback(tx, () => storage.delete(storageKey));
  await storage.putFile(storageKey, file.path, tx);
  const mimeType = file.mimetype.trim().slice(0, 200) || 'application/octet-stream';
  const [row] = await tx
    .insert(storedFiles)
    .values({
      ownerType: input.ownerType,
      ownerId: input.ownerId,
      tag: input.tag,
      filename,
      mimeType,
      fileType: detectFileType(mimeType, filename),
      size: file.size,
      sha256: file.sha256,
      storageKey,
      uploadedBy: input.userId,
      uploadedAt: input.uploadedAt ?? new Date(),
      replacesId: input.replacesId ?? null,
      replacedReason: input.replacedReason ?? null,
    })
    .returning();
  if (!row) throw new Error('Inserting the file returned no row');
  return row;
}

/** Message of a ReplaceDocument whose tag names no current document of the owner. */
export const NO_DOCUMENT_TO_REPLACE_MESSAGE = 'There is no document of this kind to replace';

/** What replaceDocument takes: the upload, the tag of the document it replaces and why. */
interface ReplaceDocumentInput extends SaveUploadedFileInput {
  reason: string;
}

/**
 * ReplaceDocument: stores the new version of the owner's current document with `tag` and keeps the old one
 * (current false, replacedById the new one; the new one has replacesId and the reason). 422 on `tag` when the owner
 * has no current document of that kind. Runs inside the caller's unit of work.
 */
export async function replaceDocument(
  tx: Queryable,
  storage: FileStorage,
  input: ReplaceDocumentInput,
): Promise<{ replaced: StoredFileRow; replacement: StoredFileRow }> {
  const [previous] = await tx
    .select()
    .from(storedFiles)
    .where(
      and(
        eq(storedFiles.ownerType, input.ownerType),
        eq(storedFiles.ownerId, input.ownerId),
        eq(storedFiles.tag, input.tag),
        eq(storedFiles.current, true),
      ),
    )
    .orderBy(desc(storedFiles.uploadedAt))
    .limit(1)
    .for('update');
  if (!previous) throw validationError('tag', NO_DOCUMENT_TO_REPLACE_MESSAGE);
  const replacement = await saveUploadedFile(tx, storage, {
    ...input,
    replacesId: previous.id,
    replacedReason: input.reason,
  });
  const [replaced] = await tx
    .update(storedFiles)
    .set({ current: false, replacedById: replacement.id })
    .where(eq(storedFiles.id, previous.id))
    .returning();
  if (!replaced) throw new Error('Updating the replaced file returned no row');
  return { replaced, replacement };
}

/** The options of ReplaceDocument's `tag` field: the kinds of the owner's current documents. */
export async function documentTagOptions(
  db: Queryable,
  owner: { ownerType: string; ownerId: string },
): Promise<FieldOption[]> {
  const rows = await db
    .selectDistinct({ tag: storedFiles.tag })
    .from(storedFiles)
    .where(
      and(
        eq(storedFiles.ownerType, owner.ownerType),
        eq(storedFiles.ownerId, owner.ownerId),
        eq(storedFiles.current, true),
      ),
    )
    .orderBy(asc(storedFiles.tag));
  return rows.map(({ tag }) => ({ value: tag, label: documentKindLabel(tag) }));
}

/** What the files calls select: the metadata row and its uploader's name. */
export const fileColumns = { file: storedFiles, uploaderName: users.displayName };

/** A metadata row with its uploader's name. */
export interface FileRead {
  file: StoredFileRow;
  uploaderName: string | null;
}

/** A metadata row as the files calls answer it. */
export const presentFile = ({ file, uploaderName }: FileRead): FileView => ({
  id: file.id,
  ownerType: file.ownerType,
  ownerId: file.ownerId,
  tag: file.tag,
  filename: file.filename,
  mimeType: file.mimeType,
  fileType: file.fileType,
  size: file.size,
  sha256: file.sha256,
  uploadedBy:
    file.uploadedBy !== null && uploaderName !== null
      ? { id: file.uploadedBy, displayName: uploaderName }
      : null,
  uploadedAt: file.uploadedAt.toISOString(),
  current: file.current,
  replacesId: file.replacesId,
  replacedReason: file.replacedReason,
  replacedById: file.replacedById,
});

/** The owner's files, newest first: current ones only unless `history` asks for replaced versions too. */
export async function listOwnerFiles(
  db: Queryable,
  owner: { ownerType: string; ownerId: string },
  options: { tag?: string; history?: boolean } = {},
): Promise<FileView[]> {
  const rows = await db
    .select(fileColumns)
    .from(storedFiles)
    .leftJoin(users, eq(users.id, storedFiles.uploadedBy))
    .where(
      and(
        eq(storedFiles.ownerType, owner.ownerType),
        eq(storedFiles.ownerId, owner.ownerId),
        options.tag === undefined ? undefined : eq(storedFiles.tag, options.tag),
        options.history === true ? undefined : eq(storedFiles.current, true),
      ),
    )
    .orderBy(desc(storedFiles.uploadedAt), asc(storedFiles.filename));
  return rows.map(presentFile);
}

/** One file of an owner with its row (for the storage key), or undefined when the owner holds no such file. */
export async function findOwnerFile(
  db: Queryable,
  owner: { ownerType: string; ownerId: string },
  id: string,
): Promise<{ row: StoredFileRow; view: FileView } | undefined> {
  const [row] = await db
    .select(fileColumns)
    .from(storedFiles)
    .leftJoin(users, eq(users.id, storedFiles.uploadedBy))
    .where(
      and(
        eq(storedFiles.id, id),
        eq(storedFiles.ownerType, owner.ownerType),
        eq(storedFiles.ownerId, owner.ownerId),
      ),
    );
  return row ? { row: row.file, view: presentFile(row) } : undefined;
}

/** Marks every current document of an owner as no longer current (its data was removed); the history stays. */
export async function retireOwnerFiles(
  tx: Queryable,
  owner: { ownerType: string; ownerId: string },
): Promise<void> {
  await tx
    .update(storedFiles)
    .set({ current: false })
    .where(
      and(
        eq(storedFiles.ownerType, owner.ownerType),
        eq(storedFiles.ownerId, owner.ownerId),
        eq(storedFiles.current, true),
      ),
    );
}
