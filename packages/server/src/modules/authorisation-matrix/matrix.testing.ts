import { randomUUID } from 'node:crypto';
import type { ParticipationCapacity, RegistrationStatus } from '@curlew/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { describeWithApp, type TestApp } from '../../../test/app.ts';
import { asRole, buildWorld, ROLES, type Role, type World } from '../../../test/world.ts';
import type { Database } from '../../platform/db/connect.ts';
import { MODULES } from '../index.ts';
import { participations } from '../participations/participations.tables.ts';
import { marketRounds } from '../rounds/rounds.tables.ts';

/** Every registered set of entity actions (one per module that has actions). */
export const ACTION_REGISTRATIONS = MODULES.flatMap((module) => module.actions ?? []);

/** The roles that sign in (anonymous is refused 401 everywhere and needs no row). */
const SIGNED_IN_ROLES = ROLES.filter((role) => role !== 'anonymous');
/** A role that signs in. */
type SignedInRole = Exclude<Role, 'anonymous'>;

/**
 * What an action gives a role on a record before its values are read:
 * - `ok`: allowed (the form answers 200; an empty submission 422 when the action needs values);
 * - 403: refused by the policy; 409: refused by the lifecycle or a guard (each listed disabled with that reason);
 * - 404: the record is outside the role's scope;
 * - `n/a`: the action does not apply to this kind of record (not listed in `actions[]`, 403 when asked).
 */
export type Outcome = 'ok' | 403 | 404 | 409 | 'n/a';

/**
 * One row of the table: whether the role reads the record (`ok` or 404), the outcome of every action it does not
 * name (`others`) and the outcome of each action it names.
 */
export interface Expectation {
  read: 'ok' | 404;
  others: Outcome;
  actions?: Readonly<Record<string, Outcome>>;
}

/** The same outcome for every action (and 404 for the read when the outcome is 404). */
export const every = (outcome: Outcome): Expectation => ({
  read: outcome === 404 ? 404 : 'ok',
  others: outcome,
});

/** The record each role is checked on, per target (e.g. `own`, `other`); a role without one there is not checked. */
type TargetIds = Readonly<Record<string, Partial<Record<SignedInRole, string>>>>;

/** The policy table of one entity kind: per role and target, the exact answer of the record and each action. */
interface EntityMatrix {
  /** The entity kind (first segment of `/api/{entity}/{id}`). */
  entity: string;
  /** Builds what the table is checked on, in the suite's world, and answers the record ids per target and role. */
  setup(context: { app: TestApp['app']; db: Database; world: World }): Promise<TargetIds>;
  /** Per role, per target: the exact answers. A role needs a row for every target it has a record on. */
  table: Readonly<Record<SignedInRole, Readonly<Record<string, Expectation>>>>;
  /** Further read routes of a record (e.g. `/api/organisation/{id}/users`), with their own answer per role and target. */
  reads?: readonly {
    name: string;
    path: (id: string) => string;
    answer: (role: SignedInRole, target: string) => 200 | 403 | 404 | 409;
  }[];
  /** The roles that may create records of the kind (the operator's unless told): 200 on the form, 422 on `{}`. */
  creators?: readonly Role[];
  /** Extra checks in the same suite (lists, summaries), run after the table's. */
  more?: (context: { t: TestApp; world: () => World; ids: () => TargetIds }) => void;
}

const statusOfForm = (outcome: Outcome): number =>
  outcome === 'ok' ? 200 : outcome === 'n/a' ? 403 : outcome;
const statusOfSubmission = (outcome: Outcome): number =>
  outcome === 'ok' ? 422 : outcome === 'n/a' ? 403 : outcome;

/**
 * The submission the table sends: an empty object. An allowed action whose input needs values stops at validation
 * (422), so the table never changes the records it is checked on; an allowed action that needs no values would be
 * carried out, so for it the table checks the form and `actions[]` only (its own lifecycle tests submit it).
 */
const EMPTY_VALUES = {};

/** The registration of an entity kind's actions; fails when none is registered. */
const registrationOf = (entity: string) => {
  const registration = ACTION_REGISTRATIONS.find((candidate) => candidate.entity === entity);
  if (!registration) throw new Error(`No actions are registered for ${entity}`);
  return registration;
};

/** The problems of one role's answers on one record against its row of the table. */
async function checkRow(
  t: TestApp,
  world: World,
  entity: string,
  role: SignedInRole,
  target: string,
  id: string,
  row: Expectation,
): Promise<string[]> {
  const wrong: string[] = [];
  const { definitions } = registrationOf(entity);
  const record = await asRole(t.app, world, role, 'GET', `/api/${entity}/${id}`);
  const expectedRead = row.read === 'ok' ? 200 : 404;
  if (record.statusCode !== expectedRead) wrong.push(`read: ${record.statusCode} instead of ${expectedRead}`);
  const listed =
    record.statusCode === 200
      ? (record.json().actions as { id: string; enabled: boolean; reason?: string }[])
      : undefined;
  for (const definition of definitions) {
    const outcome = row.actions?.[definition.id] ?? row.others;
    const path = `/api/${entity}/${id}/action/${definition.id}`;
    const form = await asRole(t.app, world, role, 'GET', path);
    const name = definition.id;
    if (form.statusCode !== statusOfForm(outcome))
      wrong.push(
        `${name} form: ${form.statusCode} instead of ${statusOfForm(outcome)} ${form.body.slice(0, 120)}`,
      );
    const carriedOut = outcome === 'ok' && definition.input.safeParse(EMPTY_VALUES).success;
    const submission = carriedOut ? undefined : await asRole(t.app, world, role, 'POST', path, EMPTY_VALUES);
    if (submission !== undefined && submission.statusCode !== statusOfSubmission(outcome))
      wrong.push(
        `${name} submission: ${submission.statusCode} instead of ${statusOfSubmission(outcome)} ${submission.body.slice(0, 120)}`,
      );
    if (listed === undefined) continue;
    const shown = listed.find((action) => action.id === definition.id);
    if (outcome === 'n/a' || outcome === 404) {
      if (shown !== undefined) wrong.push(`${name}: listed in actions[] but ${outcome}`);
    } else if (outcome === 'ok') {
      if (shown?.enabled !== true) wrong.push(`${name}: not enabled in actions[] ${JSON.stringify(shown)}`);
    } else if (shown?.enabled !== false || shown.reason !== form.json().message) {
      wrong.push(`${name}: actions[] says ${JSON.stringify(shown)}, the answer ${form.json().message}`);
    }
  }
  return wrong.map((problem) => `${role} on ${target}: ${problem}`);
}

/**
 * The authorisation matrix of one entity kind, in its own suite: every role (and anonymous) on every target and
 * on a missing record gets exactly the table's answer for the record, each action's form and each submission; an
 * allowed action is listed enabled, a refused one disabled with the submission's reason.
 */
export function describeMatrix(matrix: EntityMatrix): void {
  describeWithApp(`authorisation matrix: ${matrix.entity}`, (t) => {
    let world: World;
    let ids: TargetIds;

    beforeAll(async () => {
      world = await buildWorld(t.app, t.db);
      ids = await matrix.setup({ app: t.app, db: t.db, world });
    });

    it('has a row for every role and target, naming only real actions', () => {
      const actionIds = new Set(registrationOf(matrix.entity).definitions.map((definition) => definition.id));
      const problems: string[] = [];
      for (const role of SIGNED_IN_ROLES)
        for (const [target, byRole] of Object.entries(ids)) {
          const row = matrix.table[role]?.[target];
          if (row === undefined && byRole[role] !== undefined) problems.push(`${role} on ${target}: no row`);
          for (const named of Object.keys(row?.actions ?? {}))
            if (!actionIds.has(named)) problems.push(`${role} on ${target}: ${named} is no action`);
        }
      expect(problems).toEqual([]);
    });

    for (const role of SIGNED_IN_ROLES) {
      it(`${role}: exactly the table's answer on every target`, async () => {
        const wrong: string[] = [];
        for (const [target, byRole] of Object.entries(ids)) {
          const id = byRole[role];
          const row = matrix.table[role]?.[target];
          if (id === undefined || row === undefined) continue;
          wrong.push(...(await checkRow(t, world, matrix.entity, role, target, id, row)));
          for (const read of matrix.reads ?? []) {
            const answer = await asRole(t.app, world, role, 'GET', read.path(id));
            const expected = read.answer(role, target);
            if (answer.statusCode !== expected)
              wrong.push(`${role} on ${target}: ${read.name} ${answer.statusCode} instead of ${expected}`);
          }
        }
        expect(wrong).toEqual([]);
      });
    }

    it('answers 404 on a missing record and 401 without a session, on every route', async () => {
      const wrong: string[] = [];
      const { definitions } = registrationOf(matrix.entity);
      const someId = Object.values(ids)
        .flatMap((byRole) => Object.values(byRole))
        .find((id) => id !== undefined);
      if (someId === undefined) throw new Error('The matrix has no target');
      const paths = (id: string) => [
        { method: 'GET' as const, path: `/api/${matrix.entity}/${id}` },
        ...(matrix.reads ?? []).map((read) => ({ method: 'GET' as const, path: read.path(id) })),
        ...definitions.flatMap((definition) => [
          { method: 'GET' as const, path: `/api/${matrix.entity}/${id}/action/${definition.id}` },
          { method: 'POST' as const, path: `/api/${matrix.entity}/${id}/action/${definition.id}` },
        ]),
      ];
      for (const role of SIGNED_IN_ROLES)
        for (const request of paths(randomUUID())) {
          const body = request.method === 'POST' ? EMPTY_VALUES : undefined;
          const answer = await asRole(t.app, world, role, request.method, request.path, body);
          if (answer.statusCode !== 404)
            wrong.push(`${role} ${request.method} ${request.path}: ${answer.statusCode}`);
        }
      for (const request of paths(someId)) {
        const body = request.method === 'POST' ? EMPTY_VALUES : undefined;
        const answer = await asRole(t.app, world, 'anonymous', request.method, request.path, body);
        if (answer.statusCode !== 401)
          wrong.push(`anonymous ${request.method} ${request.path}: ${answer.statusCode}`);
      }
      expect(wrong).toEqual([]);
    });

    const { createDefinitions, collection } = registrationOf(matrix.entity);
    for (const definition of createDefinitions) {
      const creators = matrix.creators ?? OPERATORS;
      const who =
        matrix.creators === undefined ? 'only the operator creates' : `only ${creators.join(', ')} create`;
      it(`${collection} ${definition.id}: ${who}`, async () => {
        const wrong: string[] = [];
        for (const role of ROLES) {
          const path = `/api/${collection}/action/${definition.id}`;
          const form = await asRole(t.app, world, role, 'GET', path);
          const submit = await asRole(t.app, world, role, 'POST', path, {});
          const expected =
            role === 'anonymous' ? [401, 401] : creators.includes(role) ? [200, 422] : [403, 403];
          if (form.statusCode !== expected[0] || submit.statusCode !== expected[1])
            wrong.push(`${role}: ${form.statusCode}/${submit.statusCode}`);
        }
        expect(wrong).toEqual([]);
      });
    }

    matrix.more?.({ t, world: () => world, ids: () => ids });
  });
}

/** The market operator's roles. */
export const OPERATORS: readonly Role[] = ['admin', 'sysadmin'];

/** Inserts a participation. */
export async function buildParticipation(
  db: Database,
  values: {
    roundId: string;
    organisationId: string;
    capacity: ParticipationCapacity;
    status: RegistrationStatus;
  },
): Promise<string> {
  const now = new Date();
  const [row] = await db
    .insert(participations)
    .values({
      marketRoundId: values.roundId,
      organisationId: values.organisationId,
      capacity: values.capacity,
      status: values.status,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: participations.id });
  if (!row) throw new Error('No participation inserted');
  return row.id;
}

/** The market of a round. */
export async function marketOf(db: Database, roundId: string): Promise<string> {
  const [row] = await db
    .select({ marketId: marketRounds.marketId })
    .from(marketRounds)
    .where(eq(marketRounds.id, roundId));
  if (!row) throw new Error('No round');
  return row.marketId;
}

/** The same record for every signed-in role. */
export const forEveryRole = (id: string): Record<SignedInRole, string> => ({
  admin: id,
  sysadmin: id,
  lpa: id,
  participant: id,
  agent: id,
});
