import { z } from 'zod';
import type { JsonValue } from '../forms/fields.ts';
import { listQuerySchema, type Page } from '../lists/page.ts';

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

/** The record a feed belongs to, as its query names it (checked by the server: 400 without it, 404 when unreadable). */
const feedSubject = { subjectType: z.string().optional(), subjectId: z.string().optional() };

/**
 * The query of the activity list (`GET /api/activity`): one record's entries (`subjectType`, `subjectId`) or, for
 * the operator, a whole round's (`roundId`: the round's and those of every record in it), newest first.
 */
export const activityListQuerySchema = listQuerySchema(['at'], 'at', 'desc').extend({
  ...feedSubject,
  roundId: z.string().optional(),
});

/** The activity list's query. */
export type ActivityListQuery = z.infer<typeof activityListQuerySchema>;

/** The query of a record's comments (`GET /api/comments`), newest first. */
export const commentListQuerySchema = listQuerySchema(['createdAt'], 'createdAt', 'desc').extend(feedSubject);

/** The comments list's query. */
export type CommentListQuery = z.infer<typeof commentListQuerySchema>;

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
