import type { z } from 'zod';

/**
 * Who may call a route: anyone (`public`), or a signed-in user (by session cookie or API token), optionally only some
 * roles (`roles`, in the product's words: 'operator', 'LPA'); beyond that each record's scope decides.
 */
export interface RouteAccess {
  signIn: boolean;
  /** The roles the route serves, when not every signed-in user. */
  roles?: readonly string[];
}

/** Anyone, signed in or not. */
export const PUBLIC_ACCESS: RouteAccess = { signIn: false };
/** Any signed-in user (session or API token); the reader's scope decides what they see. */
export const SIGNED_IN: RouteAccess = { signIn: true };
/** Signed-in users of the given roles. */
export const signedInAs = (...roles: string[]): RouteAccess => ({ signIn: true, roles });

/**
 * A machine-readable description of one route: what it is called with and what it answers. The read declarations
 * record one per route they generate, the action routes are described from their action definitions, and the other
 * routes are described where the application lists them; the API description (`/api/openapi.json`) is published
 * from these.
 */
export interface RouteDescription {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The route's path, with Fastify's `:param` segments (`/api/project/:id`). */
  url: string;
  /** What the route answers, in a few words. */
  summary: string;
  /** A longer explanation, when the summary is not enough. */
  detail?: string;
  /** Who may call it (default: signed in). */
  access?: RouteAccess;
  /** The path parameters' schema, when the path has any (default: each parameter a string). */
  params?: z.ZodType;
  /** The query's schema, when the route reads one. */
  query?: z.ZodType;
  /** The body's schema, when the route reads one (JSON unless `bodyTypes` says otherwise). */
  body?: z.core.$ZodType;
  /** The media types of the body (default JSON). */
  bodyTypes?: readonly string[];
  /** The status of a successful answer (default 200). */
  status?: number;
  /** The answer's schema where the domain defines one; otherwise the domain type's name in `answerType`. */
  answer?: z.core.$ZodType;
  /** The name of the domain type answered (`Page<ProjectListItem>`), for readers and for routes with no schema. */
  answerType: string;
  /** The media types the route can answer. */
  produces: readonly string[];
}
