import { defineAction, defineLifecycle, InvalidStatusError } from '@curlew/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { describeWithApp } from '../../../test/app.ts';
import { buildOrganisation, buildUser } from '../../../test/factories.ts';
import { findUserById } from '../../auth/users.repo.ts';
import { organisations } from '../../modules/organisations/organisations.tables.ts';
import { mailOutbox } from '../mail.tables.ts';
import { activity } from './activity.tables.ts';
import { allow } from './policy.ts';
import { defineEntityActions, type RunnerCall } from './runner.ts';
import type { EntityKind, RecordHandlers } from './types.ts';

type Row = typeof organisations.$inferSelect;

const lifecycle = defineLifecycle({ statuses: ['Named', 'Renamed'], transitions: { Named: ['Renamed'] } });

const rename = defineAction({
  id: 'Rename',
  entity: 'test-organisation',
  title: 'Rename',
  fields: [{ id: 'name', type: 'Input' }],
  input: z.object({ name: z.string().min(1, { error: 'Field required' }), fail: z.boolean().optional() }),
  lifecycle: { from: ['Named'], to: 'Renamed' },
});

/** A test entity on the organisations table: status Renamed once its name ends with '(renamed)'. */
const kind: EntityKind<Row, 'any', 'Named' | 'Renamed'> = {
  entity: 'test-organisation',
  collection: 'test-organisations',
  async load(db, id) {
    const [row] = await db.select().from(organisations).where(eq(organisations.id, id));
    return row;
  },
  relate: async () => 'any',
  idOf: (row) => row.id,
  lifecycle: {
    definition: lifecycle,
    statusOf: (row) => (row.name.endsWith('(renamed)') ? 'Renamed' : 'Named'),
  },
};

const handlers = {
  Rename: {
    async handle({ tx, deps, record, values, now }) {
      await tx
        .update(organisations)
        .set({ name: `${values.name} (renamed)`, updatedAt: now })
        .where(eq(organisations.id, record.id));
      await deps.mailer.send({ to: 'watcher@curlew.test', subject: 'Renamed', text: values.name });
      if (values.fail) throw new InvalidStatusError('Named', 'Renamed', 'Refused after writing');
      return undefined;
    },
  },
} satisfies RecordHandlers<readonly [typeof rename], Row, 'any'>;

const actions = defineEntityActions({
  kind,
  definitions: [rename],
  policies: { Rename: () => allow },
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

  it('rolls back the handler, writes no activity and sends no e-mail when the handler fails', async () => {
    const row = await buildOrganisation(t.db, { name: 'Plover Farm' });
    await expect(
      actions.submit(call, row.id, 'Rename', { values: { name: 'Lapwing Farm', fail: true }, files: [] }),
    ).rejects.toMatchObject({ code: 'invalid_status', message: 'Refused after writing' });
    const [after] = await t.db.select().from(organisations).where(eq(organisations.id, row.id));
    expect(after?.name).toBe('Plover Farm');
    expect(await t.db.select().from(activity).where(eq(activity.subjectId, row.id))).toEqual([]);
    expect(await outbox()).toEqual([]);
  });

  it('commits the handler with its activity entry, then sends the e-mail; the lifecycle then refuses', async () => {
    const row = await buildOrganisation(t.db, { name: 'Plover Farm' });
    const result = await actions.submit(call, row.id, 'Rename', {
      values: { name: 'Lapwing Farm' },
      files: [],
    });
    expect(result).toEqual({ context: { id: row.id, self: `/test-organisation/${row.id}` } });
    const [entry] = await t.db.select().from(activity).where(eq(activity.subjectId, row.id));
    expect(entry).toMatchObject({
      subjectType: 'test-organisation',
      action: 'Rename',
      statusBefore: 'Named',
      statusAfter: 'Renamed',
      actorUserId: call.actor.id,
    });
    expect(await outbox()).toHaveLength(1);
    await expect(
      actions.submit(call, row.id, 'Rename', { values: { name: 'Again' }, files: [] }),
    ).rejects.toMatchObject({
      code: 'invalid_status',
      message: 'Rename is not allowed when the status is Renamed',
    });
    expect(
      actions.actionsFor({ actor: call.actor, record: { ...row, name: 'x (renamed)' }, relation: 'any' }),
    ).toEqual([
      {
        id: 'Rename',
        title: 'Rename',
        enabled: false,
        reason: 'Rename is not allowed when the status is Renamed',
      },
    ]);
  });

  it('answers 404 for unknown actions and records, and 400 for files sent for no file field', async () => {
    const row = await buildOrganisation(t.db);
    await expect(actions.formData(call, row.id, 'Nothing')).rejects.toMatchObject({ code: 'not_found' });
    await expect(
      actions.submit(call, '00000000-0000-4000-8000-000000000000', 'Rename', { values: {}, files: [] }),
    ).rejects.toMatchObject({ code: 'not_found' });
    const file = {
      fieldId: 'name',
      filename: 'a.pdf',
      mimetype: 'application/pdf',
      buffer: Buffer.from('%PDF-'),
    };
    await expect(
      actions.submit(call, row.id, 'Rename', { values: { name: 'x' }, files: [file] }),
    ).rejects.toMatchObject({ code: 'bad_request' });
  });

  it('refuses at start-up a definition without a handler or with an edge its lifecycle lacks', () => {
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
