import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

/**
 * Registers `@fastify/rate-limit` for the routes that ask for it (`config: { rateLimit: { max, timeWindow } }`):
 * requests are counted per client address (as `trustProxy` reads it) in this process; beyond the limit the answer
 * is a 429 `too_many_attempts` with Retry-After, through the app's error model.
 */
export async function registerRateLimits(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, { ttl }) => {
      const retryAfterSeconds = Math.max(1, Math.ceil(ttl / 1000));
      return new AppError(
        'too_many_attempts',
        `Too many requests from your address. Try again in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}.`,
        { retryAfterSeconds },
      );
    },
  });
}
