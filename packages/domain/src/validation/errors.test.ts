import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { firstErrorByPath, toFieldErrors } from './errors.ts';
import { MESSAGES } from './messages.ts';
import { nonEmptyArray, positiveNumber, requiredText } from './rules.ts';

const schema = z.object({
  name: requiredText(),
  site: z.object({ area: positiveNumber() }),
  credits: nonEmptyArray(z.object({ units: positiveNumber() })),
});

describe('toFieldErrors', () => {
  it('gives dotted paths with array indexes', () => {
    const result = schema.safeParse({ site: { area: 0 }, credits: [{ units: 1 }, { units: -1 }] });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(toFieldErrors(result.error)).toEqual([
      { path: 'name', message: MESSAGES.required },
      { path: 'site.area', message: MESSAGES.positive },
      { path: 'credits.1.units', message: MESSAGES.positive },
    ]);
  });

  it('gives the root an empty path and accepts a list of issues', () => {
    const result = requiredText().safeParse(undefined);
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(toFieldErrors(result.error.issues)).toEqual([{ path: '', message: MESSAGES.required }]);
  });

  it('drops exact duplicates but keeps different messages on one path', () => {
    const issue = (message: string) => ({ code: 'custom' as const, path: ['a', 'b'], message, input: 1 });
    expect(toFieldErrors([issue('One'), issue('One'), issue('Two')])).toEqual([
      { path: 'a.b', message: 'One' },
      { path: 'a.b', message: 'Two' },
    ]);
  });
});

describe('firstErrorByPath', () => {
  it('keeps the first message of each path', () => {
    expect(
      firstErrorByPath([
        { path: 'a', message: 'First' },
        { path: 'a', message: 'Second' },
        { path: 'b.0', message: 'Other' },
      ]),
    ).toEqual({ a: 'First', 'b.0': 'Other' });
  });
});
