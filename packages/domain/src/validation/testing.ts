import type { z } from 'zod';
import type { ZodMiniType } from 'zod/mini';
import { toFieldErrors } from './errors.ts';

/** The messages a schema reports for a value; [] when it passes. For table-driven tests. */
export const messagesOf = (schema: z.ZodType | ZodMiniType, value: unknown): string[] => {
  const result = schema.safeParse(value);
  return result.success ? [] : toFieldErrors(result.error).map((error) => error.message);
};
