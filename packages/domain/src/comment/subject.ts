import { z } from 'zod';
import type { JsonValue } from '../forms/fields.ts';
import { type Page, pageQuerySchema } from '../lists/page.ts';

/**
 * What comments, activity, files and locations hang on: an entity named by its kind and id. The kind is the first
 * segment of the entity's self link (`organisation` for `/organisation/{id}`, `agent-authority`, `project`).
 */
export interface SubjectRef {
  subjectType: string;
  subjectId: string;
}

/** An entity kind as used in subject and owner references: lower-case words joined by hyphens. */
export const subjectTypeSchema = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/)
  .max(40);

/** An entity id in subject and owner references. */
export const subjectIdSchema = z.string().trim().min(1).max(100);

/** The `subjectType` and `subjectId` query of the activity and comments calls (SPEC 7). */
export const subjectQuerySchema = z.object({ subjectType: subjectTypeSchema, subjectId: subjectIdSchema });

/** Paging query of the comments and activity feeds: the list paging query. */
export const feedPageQuerySchema = pageQuerySchema;

/** A page of the comments or activity feed: the list answer. */
export type FeedPage<T> = Page<T>;

/** A user as comments and activity show them. */
export interface FeedPerson {
  id: string;
  displayName: string;
  organisationName: string | null;
}

/** One entry of an entity's activity feed (`GET /api/activity`, `GET /api/activity-item/{id}`). */
export interface ActivityItemView {
  id: string;
  subjectType: string;
  subjectId: string;
  /** The action's id (`Update`, `Comment`). */
  actionId: string;
  /** What was done, as shown in the feed (the action's title). */
  title: string;
  /** Who did it; null for the system. */
  actor: FeedPerson | null;
  statusBefore: string | null;
  statusAfter: string | null;
  /** What else the action recorded (e.g. the invited user's e-mail address). */
  details: { readonly [key: string]: JsonValue } | null;
  /** When it happened, ISO 8601 instant. */
  at: string;
}
