import { hasNulCharacter, MESSAGES } from '@curlew/domain';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

/** The dot path of the first string (key or value) holding a NUL character, or undefined. */
function findNulCharacter(value: unknown, at: string[] = [], depth = 0): string | undefined {
  if (typeof value === 'string') return hasNulCharacter(value) ? at.join('.') || '(value)' : undefined;
  if (typeof value !== 'object' || value === null || depth > 64) return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (hasNulCharacter(key)) return [...at, key.replaceAll('\u0000', '')].join('.');
    const found = findNulCharacter(item, [...at, key], depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * Refuses a NUL character anywhere in a request's address or JSON body before any route sees it: PostgreSQL
 * cannot store one, and no text field needs it. Query and path answer 400, body fields 422 naming the field.
 */
export function registerNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (findNulCharacter(request.query) !== undefined || findNulCharacter(request.params) !== undefined) {
      throw new AppError('bad_request', 'The address must not contain NUL characters');
    }
    const inBody = findNulCharacter(request.body);
    if (inBody !== undefined) {
      throw new AppError('validation', MESSAGES.nulCharacter, {
        errors: [{ path: inBody, message: MESSAGES.nulCharacter }],
      });
    }
  });
}
