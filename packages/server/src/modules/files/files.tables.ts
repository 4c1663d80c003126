import type { FileType } from '@curlew/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../../auth/auth.tables.ts';
import { at } from '../../platform/db/columns.ts';

/**
 * Metadata of stored files; the bytes live in the file storage under `storageKey` (never the user's filename).
 * A replaced version stays, with `current` false and `replacedById` naming its successor.
 */
export const storedFiles = pgTable(
  'files',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The entity kind that owns the file (`project`, `agent-authority`), as in subject references. */
    ownerType: text().notNull(),
    ownerId: text().notNull(),
    /** The document kind, e.g. `LandholderInfo`. */
    tag: text().notNull(),
    filename: text().notNull(),
    /** The MIME type the uploader's browser gave. */
    mimeType: text().notNull(),
    /** Detected from the MIME type, else the extension. */
    fileType: text().$type<FileType>().notNull(),
    size: integer().notNull(),
    sha256: text().notNull(),
    storageKey: text().notNull(),
    uploadedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    uploadedAt: at().notNull(),
    current: boolean().notNull().default(true),
    replacesId: uuid(),
    replacedReason: text(),
    replacedById: uuid(),
  },
  (table) => [
    index('files_owner_idx').on(table.ownerType, table.ownerId, table.tag),
    uniqueIndex('files_storage_key_idx').on(table.storageKey),
  ],
);

/** A place reference held by an entity (SPEC 3 "Location"); one per owner. Reference-data ids are kept as given. */
export const locations = pgTable(
  'locations',
  {
    id: uuid().primaryKey().defaultRandom(),
    ownerType: text().notNull(),
    ownerId: text().notNull(),
    lpaId: text(),
    ncaId: text(),
    subcatchmentId: text(),
    gridReference: text(),
    threeWords: text(),
    nearAddress: text(),
    creditTypes: text().array().notNull().default(sql`'{}'::text[]`),
    createdAt: at().notNull(),
    updatedAt: at().notNull(),
  },
  (table) => [uniqueIndex('locations_owner_idx').on(table.ownerType, table.ownerId)],
);

/** Raw bytes: node-postgres reads them as a Buffer, PGlite as a Uint8Array. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * File bytes kept in the database (when DATABASE_URL is set), so every server process serves every file: a file
 * is the rows of its storage key in `seq` order, each at most one chunk long. An empty file has one empty chunk.
 */
export const fileChunks = pgTable(
  'file_chunks',
  {
    storageKey: text().notNull(),
    seq: integer().notNull(),
    data: bytea().notNull(),
  },
  (table) => [primaryKey({ columns: [table.storageKey, table.seq] })],
);
