import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { ACTION_REGISTRATIONS } from './authorisation-matrix/matrix.testing.ts';

/**
 * The authorisation matrix is one suite per entity kind in `authorisation-matrix/<entity>.test.ts`, each built with
 * `describeMatrix` from `authorisation-matrix/matrix.testing.ts`. A newly registered kind fails here until its
 * table is written.
 */
it('has an authorisation matrix for every entity kind with actions', () => {
  const folder = join(import.meta.dirname, 'authorisation-matrix');
  expect(
    ACTION_REGISTRATIONS.map((registration) => registration.entity).filter(
      (entity) => !existsSync(join(folder, `${entity}.test.ts`)),
    ),
  ).toEqual([]);
});
