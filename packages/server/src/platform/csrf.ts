import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

const STATE_CHANGING_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const ACCEPTED_BODY_TYPES: ReadonlySet<string> = new Set(['application/json', 'multipart/form-data']);

/**
 * Refuses a state-changing request whose Origin is foreign or whose body is not JSON or multipart:
 * a cross-site form can send neither without a CORS preflight, which this server never grants.
 */
export function assertSameSiteRequest(request: FastifyRequest, trustedOrigins: ReadonlySet<string>): void {
  if (!STATE_CHANGING_METHODS.has(request.method)) return;
  const origin = request.headers.origin;
  if (
    origin !== undefined &&
    origin !== `${request.protocol}://${request.host}` &&
    !trustedOrigins.has(origin)
  ) {
    throw new AppError('csrf', 'Cross-site request refused');
  }
  const contentType = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  if (contentType === undefined || !ACCEPTED_BODY_TYPES.has(contentType)) {
    throw new AppError('csrf', 'Requests must send a JSON or multipart body');
  }
}
