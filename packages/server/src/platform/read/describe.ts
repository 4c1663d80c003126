import type { z } from 'zod';

/**
 * A machine-readable description of one generated read route: what it is called with and what it answers. The
 * read declarations record one per route they generate; the API description is published from these.
 */
export interface RouteDescription {
  method: 'GET';
  /** The route's path, with Fastify's `:param` segments (`/api/project/:id`). */
  url: string;
  /** What the route answers, in a few words. */
  summary: string;
  /** The path parameters' schema, when the path has any. */
  params?: z.ZodType;
  /** The query's schema, when the route reads one. */
  query?: z.ZodType;
  /** The answer's schema where the domain defines one; otherwise the domain type's name in `answerType`. */
  answer?: z.ZodType;
  /** The name of the domain type answered (`Page<ProjectListItem>`), for readers and for routes with no schema. */
  answerType: string;
  /** The media types the route can answer. */
  produces: readonly string[];
}
