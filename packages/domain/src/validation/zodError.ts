import type { ZodMiniType } from 'zod/mini';
import { _parse, $constructor, $ZodError } from 'zod/v4/core';

/**
 * The error `.parse` of the authentication schemas throws: the core `$ZodError` (what zod/mini throws) that also
 * carries classic zod's `ZodError` trait. Zod answers `instanceof` by trait, so `error instanceof ZodError`
 * holds as it does for a classic schema, and the server answers it with 422 and the field errors - without
 * the mini schemas importing classic zod, whose import alone would bring it into the sign-in page's bundle.
 */
const ZodTraitError = $constructor<$ZodError, $ZodError['issues']>(
  'ZodError',
  (error, issues) => {
    $ZodError.init(error, issues);
    error.name = 'ZodError';
  },
  undefined,
  { Parent: Error },
);

const parseOrThrowZodError = _parse(ZodTraitError);

/** Makes `.parse` of a zod/mini schema throw an error that is `instanceof ZodError`, as a classic schema's does. */
export const parseThrowsZodError = <S extends ZodMiniType>(schema: S): S => {
  const parse: S['parse'] = (data, params) => parseOrThrowZodError(schema, data, params, { callee: parse });
  return Object.assign(schema, { parse });
};
