import type { FeedPage, FeedPerson } from './subject.ts';

/** One comment as `GET /api/comments` answers it. */
export interface CommentView {
  id: string;
  subjectType: string;
  subjectId: string;
  author: FeedPerson;
  /** The Lexical editor state as a JSON string (see richText.ts). */
  json: string;
  text: string;
  /** ISO 8601 instant. */
  createdAt: string;
}

/** The answer of `GET /api/comments`: newest first. */
export type CommentPage = FeedPage<CommentView>;

/** A user who may be mentioned in a comment on a subject (`GET /api/comments/mentionable`). */
export type MentionCandidate = FeedPerson;
