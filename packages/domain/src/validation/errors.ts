import type { z } from 'zod';

/** One validation failure as the server's 422 body and the web forms carry it: dotted path and message. */
export interface FieldError {
  path: string;
  message: string;
}

/** Flattens a ZodError of classic zod or zod/mini (or its issues) into `[{ path: 'a.b', message }]`, dropping exact duplicates; '' is the root. */
export const toFieldErrors = (error: z.core.$ZodError | readonly z.core.$ZodIssue[]): FieldError[] => {
  const issues = 'issues' in error ? error.issues : error;
  const seen = new Set<string>();
  const errors: FieldError[] = [];
  for (const issue of issues) {
    const path = issue.path.map((segment) => String(segment)).join('.');
    const key = `${path}\u0000${issue.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    errors.push({ path, message: issue.message });
  }
  return errors;
};

/** The first message per path, for showing one error under each field. */
export const firstErrorByPath = (errors: readonly FieldError[]): Record<string, string> => {
  const byPath: Record<string, string> = {};
  for (const { path, message } of errors) {
    if (!(path in byPath)) byPath[path] = message;
  }
  return byPath;
};
