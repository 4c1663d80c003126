import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A strong entity tag of an answer's bytes. */
export const etagOf = (body: string | Buffer): string =>
  `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;

/** Whether an If-None-Match header names this tag (or `*`); weak tags compare by their value. */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

/**
 * Answers open data with its ETag: 304 Not Modified without a body when the request's If-None-Match names the same
 * bytes, else the body with its type and headers.
 */
export function sendWithEtag(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: { body: string; contentType: string; headers?: Readonly<Record<string, string>> },
): FastifyReply {
  const etag = etagOf(answer.body);
  reply.headers({ etag, ...answer.headers });
  if (matches(request.headers['if-none-match'], etag)) return reply.status(304).send();
  return reply.type(answer.contentType).send(answer.body);
}
