import { defineAction, defineLifecycle, InvalidStatusError } from '@curlew/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { describeWithApp } from '../../../test/app.ts';
import { buildOrganisation, buildUser } from '../../../test/factories.ts';
import { receivedFile } from '../../../test/uploads.ts';
import { findUserById } from '../../auth/users.repo.ts';
import { organisations } from '../../modules/organisations/organisations.tables.ts';
import { mailOutbox } from '../mail.tables.ts';
import { activity } from './activity.tables.ts';
import { allow, deny, denyRole } from './policy.ts';
import { defineEntityActions, HANDLER_WROTE_STATUS, type RunnerCall } from './runner.ts';
import { transition } from './status.ts';
import type { EntityKind, RecordGuards, RecordHandlers, RecordPolicies } from './types.ts';
import { inUnitOfWork } from './unit-of-work.ts';

type Row = typeof organisations.$inferSelect;
type Status = 'Named' | 'Renamed' | 'Passed' | 'Failed' | 'Archived';

const lifecycle = defineLifecycle({
  statuses: ['Named', 'Renamed', 'Passed', 'Failed', 'Archived'],
  transitions: {
    Named: ['Renamed'],
    Renamed: ['Passed', 'Failed'],
    Passed: ['Archived'],
    Failed: ['Archived'],
    Archived: ['Passed', 'Failed'],
  },
});

const rename = defineAction({
  id: 'Rename',
  entity: 'test-organisation',
  title: 'Rename',
  fields: [{ id: 'name', type: 'Input', label: 'Name' }],
  input: z.object({ name: z.string().min(1, { error: 'Field required' }), fail: z.boolean().optional() }),
  lifecycle: { from: ['Named'], to: 'Renamed' },
});

const screen = defineAction({
  id: 'Screen',
  entity: 'test-organisation',
  title: 'Screen',
  fields: [{ id: 'outcome', type: 'Input' }],
  input: z.object({ outcome: z.enum(['Pass', 'Fail']) }),
  lifecycle: {
    from: ['Renamed'],
    to: ['Passed', 'Failed'],
    target: (values) => (values.outcome === 'Pass' ? 'Passed' : 'Failed'),
  },
});

const archive = defineAction({
  id: 'Archive',
  entity: 'test-organisation',
  title: 'Archive',
  fields: [],
  input: z.object({}),
  lifecycle: { from: ['Passed', 'Failed'], to: 'Archived' },
});

const reinstate = defineAction({
  id: 'Reinstate',
  entity: 'test-organisation',
  title: 'Reinstate',
  fields: [],
  input: z.object({}),
  lifecycle: {
    from: ['Archived'],
    to: ['Passed', 'Failed'],
    target: (_values, { previousStatus }) => (previousStatus === 'Failed' ? 'Failed' : 'Passed'),
  },
});

const cheat = defineAction({
  id: 'Cheat',
  entity: 'test-organisation',
  title: 'Cheat',
  fields: [],
  input: z.object({}),
});

const DEFINITIONS = [rename, screen, archive, reinstate, cheat] as const;

/** A test entity on the organisations table whose status is kept in the contact column. */
const kind: EntityKind<Row, 'any', Status> = {
  entity: 'test-organisation',
  collection: 'test-organisations',
  noun: 'test record',
  async load(db, id) {
    const [row] = await db.select().from(organisations).where(eq(organisations.id, id));
    return row;
  },
  async loadFor(db, _actor, id) {
    const [row] = await db.select().from(organisations).where(eq(organisations.id, id));
    return row && { record: row, access: { relation: 'any', permissions: [] } };
  },
  idOf: (row) => row.id,
  lifecycle: {
    definition: lifecycle,
    statusOf: (row) => (row.contact ?? 'Named') as Status,
    async writeStatus(tx, row, status, now) {
      await tx
        .update(organisations)
        .set({ contact: status, updatedAt: now })
        .where(eq(organisations.id, row.id));
    },
  },
  fields: (row) => ({ name: row.name }),
};

const handlers = {
  Rename: {
    async handle({ tx, deps, record, values, now }) {
      await tx
        .update(organisations)
        .set({ name: values.name, updatedAt: now })
        .where(eq(organisations.id, record.id));
      await deps.mailer.send({ to: 'watcher@curlew.test', subject: 'Renamed', text: values.name });
      if (values.fail) throw new InvalidStatusError('Named', 'Renamed', 'Refused after writing');
      return undefined;
    },
  },
  Screen: { handle: async () => undefined },
  Archive: { handle: async () => undefined },
  Reinstate: { handle: async () => undefined },
  Cheat: {
    async handle({ tx, record }) {
      await tx.update(organisations).set({ contact: 'Archived' }).where(eq(organisations.id, record.id));
      return undefined;
    },
  },
} satisfies RecordHandlers<typeof DEFINITIONS, Row, 'any'>;

const CLOSED_SENTENCE = 'Screening of closed records opens again next season';

const guards = {
  Screen: async ({ record }) =>
    record.name.includes('closed') ? { ok: false, reason: CLOSED_SENTENCE } : { ok: true },
} satisfies RecordGuards<typeof DEFINITIONS, Row, 'any'>;

const policies = {
  Rename: () => allow,
  Screen: ({ record }) => (record.name.includes('private') ? deny('Only its owner can screen it') : allow),
  Archive: ({ record }) =>
    record.name.includes('private') ? denyRole('Only its keeper can archive it') : allow,
  Reinstate: () => allow,
  Cheat: () => allow,
} satisfies RecordPolicies<typeof DEFINITIONS, Row, 'any'>;

const actions = defineEntityActions({
  kind,
  definitions: DEFINITIONS,
  policies,
  guards,
  handlers,
});

describeWithApp('action runner', (t) => {
  let call: RunnerCall;
  beforeAll(async () => {
    const { user } = await buildUser(t.db);
    const actor = await findUserById(t.db, user.id);
    if (!actor) throw new Error('No actor');
    call = { deps: t.app.deps, actor, log: t.app.log };
  });
  const outbox = () => t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'watcher@curlew.test'));
  const submit = (id: string, actionId: string, values: Record<string, unknown> = {}) => {
    // Each submission a second later, so the trail's order is the order of the actions.
    t.clock.advance(1000);
    return actions.submit(call, id, actionId, { values, files: [] });
  };
  const renamed = async (name = 'Plover Farm') => {
    const row = await buildOrganisation(t.db, { name, contact: null });
    await submit(row.id, 'Rename', { name });
    return row;
  };
  const statusOf = async (id: string) =>
    (await t.db.select().from(organisations).where(eq(organisations.id, id)))[0]?.contact;
  const entries = (id: string) =>
    t.db
      .select()
      .from(activity)
      .where(and(eq(activity.subjectType, 'test-organisation'), eq(activity.subjectId, id)))
      .orderBy(activity.at, activity.id);

  it('rolls back the handler, writes no activity and sends no e-mail when the handler fails', async () => {
    const row = await buildOrganisation(t.db, { name: 'Plover Farm', contact: null });
    await expect(submit(row.id, 'Rename', { name: 'Lapwing Farm', fail: true })).rejects.toMatchObject({
      code: 'invalid_status',
      message: 'Refused after writing',
    });
    const [after] = await t.db.select().from(organisations).where(eq(organisations.id, row.id));
    expect(after).toMatchObject({ name: 'Plover Farm', contact: null });
    expect(await entries(row.id)).toEqual([]);
    expect(await outbox()).toEqual([]);
  });

  it('writes the status of the edge, the activity entry with what changed, then sends the e-mail', async () => {
    const row = await buildOrganisation(t.db, { name: 'Plover Farm', contact: null });
    const result = await submit(row.id, 'Rename', { name: 'Lapwing Farm' });
    expect(result).toEqual({ context: { id: row.id, self: `/test-organisation/${row.id}` } });
    expect(await statusOf(row.id)).toBe('Renamed');
    const [entry] = await entries(row.id);
    expect(entry).toMatchObject({
      subjectType: 'test-organisation',
      action: 'Rename',
      statusBefore: 'Named',
      statusAfter: 'Renamed',
      actorUserId: call.actor.id,
      details: { changes: [{ field: 'name', label: 'Name', before: 'Plover Farm', after: 'Lapwing Farm' }] },
    });
    expect(await outbox()).toHaveLength(1);
    await expect(submit(row.id, 'Rename', { name: 'Again' })).rejects.toMatchObject({
      code: 'invalid_status',
      message: 'Rename is not possible while this test record is renamed',
    });
  });

  it('checks policy, lifecycle and guard before the values, and shows the same reasons in actions[]', async () => {
    const closed = await renamed('Closed farm (closed)');
    // The guard answers before the values are parsed: an invalid submission still hears what is missing.
    await expect(submit(closed.id, 'Screen', { outcome: 'Maybe' })).rejects.toMatchObject({
      code: 'invalid_status',
      message: CLOSED_SENTENCE,
    });
    const [record] = await t.db.select().from(organisations).where(eq(organisations.id, closed.id));
    if (!record) throw new Error('No record');
    const listed = await actions.actionsFor(t.app.deps, {
      actor: call.actor,
      record,
      relation: 'any',
      permissions: [],
    });
    // Refused by its guard while the status allows it and moves the record on: the next step, marked so.
    expect(listed.find((action) => action.id === 'Screen')).toEqual({
      id: 'Screen',
      title: 'Screen',
      enabled: false,
      reason: CLOSED_SENTENCE,
      next: true,
    });
    expect(listed.find((action) => action.id === 'Rename')).toEqual({
      id: 'Rename',
      title: 'Rename',
      enabled: false,
      reason: 'Rename is not possible while this test record is renamed',
    });
    const secret = await renamed('A private closed farm (closed)');
    await expect(submit(secret.id, 'Screen', { outcome: 'Pass' })).rejects.toMatchObject({
      code: 'forbidden',
      message: 'Only its owner can screen it',
    });
    // A refusal by role is listed too, marked so that pages leave it out; any other refusal is not marked.
    const [secretRecord] = await t.db.select().from(organisations).where(eq(organisations.id, secret.id));
    if (!secretRecord) throw new Error('No record');
    const secretActions = await actions.actionsFor(t.app.deps, {
      actor: call.actor,
      record: secretRecord,
      relation: 'any',
      permissions: [],
    });
    expect(secretActions.filter((action) => action.id === 'Screen' || action.id === 'Archive')).toEqual([
      { id: 'Screen', title: 'Screen', enabled: false, reason: 'Only its owner can screen it', next: true },
      {
        id: 'Archive',
        title: 'Archive',
        enabled: false,
        reason: 'Only its keeper can archive it',
        byRole: true,
      },
    ]);
    await expect(submit(secret.id, 'Archive', {})).rejects.toMatchObject({
      code: 'forbidden',
      message: 'Only its keeper can archive it',
    });
    const open = await renamed('Open farm');
    await expect(submit(open.id, 'Screen', { outcome: 'Maybe' })).rejects.toMatchObject({
      code: 'validation',
    });
  });

  it('lets the values choose among several targets, and Reinstate return to the status before', async () => {
    const passing = await renamed('Passing farm');
    await submit(passing.id, 'Screen', { outcome: 'Pass' });
    expect(await statusOf(passing.id)).toBe('Passed');
    const failing = await renamed('Failing farm');
    await submit(failing.id, 'Screen', { outcome: 'Fail' });
    expect(await statusOf(failing.id)).toBe('Failed');
    await submit(failing.id, 'Archive');
    expect(await statusOf(failing.id)).toBe('Archived');
    await submit(failing.id, 'Reinstate');
    expect(await statusOf(failing.id)).toBe('Failed');
    expect(
      (await entries(failing.id)).map((entry) => [entry.action, entry.statusBefore, entry.statusAfter]),
    ).toEqual([
      ['Rename', 'Named', 'Renamed'],
      ['Screen', 'Renamed', 'Failed'],
      ['Archive', 'Failed', 'Archived'],
      ['Reinstate', 'Archived', 'Failed'],
    ]);
  });

  it('refuses a handler that writes the status itself, and keeps nothing of it', async () => {
    const row = await renamed('Honest farm');
    await expect(submit(row.id, 'Cheat')).rejects.toThrow(`test-organisation/Cheat ${HANDLER_WROTE_STATUS}`);
    expect(await statusOf(row.id)).toBe('Renamed');
  });

  it('moves records outside a user action with transition(), checking the edge and writing the entry', async () => {
    const row = await renamed('System farm');
    t.clock.advance(1000);
    await inUnitOfWork(t.db, t.app.log, (tx) =>
      transition(tx, kind, row.id, 'Passed', 'system', {
        action: 'AcceptMatch',
        title: 'Accept match',
        now: t.clock.now(),
      }),
    );
    expect(await statusOf(row.id)).toBe('Passed');
    const last = (await entries(row.id)).at(-1);
    expect(last).toMatchObject({
      action: 'AcceptMatch',
      actorUserId: null,
      statusBefore: 'Renamed',
      statusAfter: 'Passed',
    });
    await expect(
      inUnitOfWork(t.db, t.app.log, (tx) =>
        transition(tx, kind, row.id, 'Renamed', call.actor, {
          action: 'Undo',
          title: 'Undo',
          now: new Date(),
        }),
      ),
    ).rejects.toMatchObject({
      code: 'invalid_status',
      message: 'Undo is not possible while this test record is passed',
    });
  });

  it('answers 404 for unknown actions and records, and 400 for files sent for no file field', async () => {
    const row = await buildOrganisation(t.db, { contact: null });
    await expect(actions.formData(call, row.id, 'Nothing')).rejects.toMatchObject({ code: 'not_found' });
    await expect(submit('00000000-0000-4000-8000-000000000000', 'Rename')).rejects.toMatchObject({
      code: 'not_found',
      message: 'This test record does not exist or you cannot see it',
    });
    const file = receivedFile({
      fieldId: 'name',
      filename: 'a.pdf',
      mimetype: 'application/pdf',
      bytes: '%PDF-',
    });
    await expect(
      actions.submit(call, row.id, 'Rename', { values: { name: 'x' }, files: [file] }),
    ).rejects.toMatchObject({ code: 'bad_request' });
  });

  it('refuses at start-up a definition without a handler, an edge its lifecycle lacks or a stray guard', () => {
    const skipping = defineAction({ ...rename, id: 'Skip', lifecycle: { from: ['Renamed'], to: 'Named' } });
    const definitions: readonly (typeof rename | typeof skipping)[] = [rename, skipping];
    expect(() =>
      defineEntityActions({
        kind,
        definitions,
        policies: { Rename: () => allow, Skip: () => allow },
        handlers: { Rename: { handle: async () => undefined }, Skip: { handle: async () => undefined } },
      }),
    ).toThrow('Skip: Renamed -> Named is not in the lifecycle');
  });
});
