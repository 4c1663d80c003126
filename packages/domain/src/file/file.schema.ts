import { z } from 'zod';
import { subjectIdSchema, subjectTypeSchema } from '../comment/subject.ts';
import { listQuerySchema } from '../lists/page.ts';
import type { FileType } from '../vocab/files.ts';

/** The 400 of a file call without ownerType and ownerId (SPEC 8). */
export const FILE_OWNER_REQUIRED_MESSAGE = 'file path must have an owner defined';
/** The 400 of a location call without ownerType and ownerId (SPEC 8). */
export const LOCATION_OWNER_REQUIRED_MESSAGE = 'location path must have an owner defined';

/** The `ownerType` and `ownerId` query of the files, file and location calls (SPEC 7); both are required. */
export const ownerQuerySchema = z.object({ ownerType: subjectTypeSchema, ownerId: subjectIdSchema });

/**
 * The query of an owner's files (`GET /api/files?ownerType=&ownerId=`; the server answers 400 without the owner,
 * 404 when the reader may not read it): newest first, one document kind with `tag`, and the replaced versions too
 * with `history=true`.
 */
export const fileListQuerySchema = listQuerySchema(
  ['uploadedAt', 'filename', 'tag', 'size'],
  'uploadedAt',
  'desc',
).extend({
  ownerType: z.string().trim().optional(),
  ownerId: z.string().trim().optional(),
  tag: z.string().trim().min(1).max(100).optional(),
  history: z.enum(['true', 'false']).default('false'),
});

/** The files list's query. */
export type FileListQuery = z.infer<typeof fileListQuerySchema>;

/** An entity that owns files or a location (same kinds and ids as comment subjects). */
export interface OwnerRef {
  ownerType: string;
  ownerId: string;
}

/** A stored file's metadata as the files calls answer it. */
export interface FileView {
  id: string;
  ownerType: string;
  ownerId: string;
  /** The document kind, e.g. `LandholderInfo` (see documentKindLabel). */
  tag: string;
  filename: string;
  mimeType: string;
  fileType: FileType;
  /** Bytes. */
  size: number;
  sha256: string;
  uploadedBy: { id: string; displayName: string } | null;
  /** ISO 8601 instant. */
  uploadedAt: string;
  /** False once a newer version replaced it. */
  current: boolean;
  /** The version this one replaced, and why. */
  replacesId: string | null;
  replacedReason: string | null;
  /** The version that replaced this one. */
  replacedById: string | null;
}

/** A place reference held by an entity (SPEC 3 "Location"). */
export interface LocationView {
  id: string;
  ownerType: string;
  ownerId: string;
  lpaId: string | null;
  ncaId: string | null;
  subcatchmentId: string | null;
  gridReference: string | null;
  threeWords: string | null;
  nearAddress: string | null;
  creditTypes: string[];
  /** ISO 8601 instant. */
  updatedAt: string;
}
