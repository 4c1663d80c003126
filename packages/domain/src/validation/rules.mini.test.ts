import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { z as mini } from 'zod/mini';
import * as miniPhoneRules from './phone.mini.ts';
import * as classicPhoneRules from './phone.rules.ts';
import * as miniRules from './rules.mini.ts';
import * as classic from './rules.ts';
import { parseThrowsZodError } from './zodError.ts';

const issuesOf = (schema: z.ZodType | mini.ZodMiniType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success
    ? { data: result.data }
    : { issues: result.error.issues.map(({ code, path, message }) => ({ code, path, message })) };
};

const values = [
  undefined,
  null,
  '',
  '   ',
  'Meadow Farm',
  ' padded ',
  'jo@example.org',
  ' jo@example.org ',
  'jo@',
  '+447700900123',
  '+44 7700 900123',
  '+1 (201) 555-0123',
  '+44 123',
  '+1234',
  '07700900123',
  '+44 7700 abc',
  42,
  true,
  {},
];

describe.each([
  ['requiredText', classic.requiredText(), miniRules.requiredText()],
  ['optionalText', classic.optionalText(), miniRules.optionalText()],
  ['email', classic.email(), miniRules.email()],
  ['phone', classicPhoneRules.phone(), miniPhoneRules.phone()],
])('%s built with zod/mini', (_rule, classicSchema, miniSchema) => {
  it.each(values)('answers %j as the classic rule does', (value) => {
    expect(issuesOf(miniSchema, value)).toEqual(issuesOf(classicSchema, value));
  });
});

describe('parseThrowsZodError', () => {
  const schema = parseThrowsZodError(mini.object({ name: miniRules.requiredText() }));

  it('throws an error that is instanceof classic ZodError, with the field issues', () => {
    const thrown = (() => {
      try {
        schema.parse({ name: ' ' });
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(thrown).toBeInstanceOf(z.ZodError);
    expect(thrown).toBeInstanceOf(Error);
    expect(thrown).toMatchObject({
      name: 'ZodError',
      issues: [{ path: ['name'], message: 'Field required' }],
    });
  });

  it('returns the parsed value when valid', () => {
    expect(schema.parse({ name: ' Jo ' })).toEqual({ name: 'Jo' });
  });
});
