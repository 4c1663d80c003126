import { defineAction, fileValue, InvalidStatusError, MESSAGES } from '@curlew/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { describeWithApp } from '../../../test/app.ts';
import { signIn } from '../../../test/auth.ts';
import { buildOrganisation, buildUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { PDF_BYTES, postMultipart } from '../../../test/world.ts';
import { saveUploadedFile } from '../../modules/files/files.repo.ts';
import { storedFiles } from '../../modules/files/files.tables.ts';
import { keysInStorage } from '../../modules/files/storage.testing.ts';
import { type FileStorage, fileStorageFor } from '../../modules/files/storage.ts';
import { organisations } from '../../modules/organisations/organisations.tables.ts';
import { AppError, validationError } from '../errors.ts';
import { allow } from './policy.ts';
import { registerActionRoutes } from './routes.ts';
import { defineEntityActions } from './runner.ts';
import type { EntityKind, RecordHandlers } from './types.ts';

type Row = typeof organisations.$inferSelect;

const OUTCOMES = ['keep', 'forbidden', 'invalid', 'invalidStatus', 'forbiddenUnreachable'] as const;

/** Stores the submitted file, then ends as `outcome` says: kept, or refused after its bytes were written. */
const attach = defineAction({
  id: 'Attach',
  entity: 'test-attachment',
  title: 'Attach',
  fields: [
    { id: 'file', type: 'File', accept: ['pdf'] },
    { id: 'outcome', type: 'Input' },
  ],
  input: z.object({ file: fileValue(['pdf']), outcome: z.enum(OUTCOMES) }),
});

const kind: EntityKind<Row, 'any'> = {
  entity: 'test-attachment',
  collection: 'test-attachments',
  async load(db, id) {
    const [row] = await db.select().from(organisations).where(eq(organisations.id, id));
    return row;
  },
  noun: 'attachment',
  async loadFor(db, _actor, id) {
    const [row] = await db.select().from(organisations).where(eq(organisations.id, id));
    return row && { record: row, access: { relation: 'any', permissions: [] } };
  },
  idOf: (row) => row.id,
};

/** The application's storage, except that removing bytes fails. */
const unreachableOnDelete = (storage: FileStorage): FileStorage => ({
  ...storage,
  delete: async () => {
    throw new Error('storage unreachable');
  },
});

const handlers = {
  Attach: {
    async handle({ deps, tx, record, actor, values, files, now }) {
      const [file] = files;
      if (!file) throw validationError('file', MESSAGES.required);
      const storage = fileStorageFor(deps);
      await saveUploadedFile(
        tx,
        values.outcome === 'forbiddenUnreachable' ? unreachableOnDelete(storage) : storage,
        {
          ownerType: kind.entity,
          ownerId: record.id,
          tag: 'Evidence',
          file,
          userId: actor.id,
          uploadedAt: now,
        },
      );
      if (values.outcome === 'forbidden' || values.outcome === 'forbiddenUnreachable')
        throw new AppError('forbidden', 'Refused after storing');
      if (values.outcome === 'invalid') throw validationError('outcome', 'Refused after storing');
      if (values.outcome === 'invalidStatus')
        throw new InvalidStatusError('Draft', 'Kept', 'Refused after storing');
      return undefined;
    },
  },
} satisfies RecordHandlers<readonly [typeof attach], Row, 'any'>;

const attachments = defineEntityActions({
  kind,
  definitions: [attach],
  policies: { Attach: () => allow },
  handlers,
});

describeWithApp('files stored by a failing action', (t) => {
  let app: FastifyInstance;
  let cookie: string;
  let url: string;
  const logLines: string[] = [];
  const keys = () => keysInStorage(app.deps.config);
  const submit = (values: Record<string, unknown>) =>
    postMultipart(
      app,
      url,
      values,
      { file: { name: 'evidence.pdf', type: 'application/pdf', content: PDF_BYTES } },
      cookie,
    );

  beforeAll(async () => {
    app = await t.withConfig(
      { logLevel: 'error' },
      { logDestination: { write: (line) => logLines.push(line) } },
    );
    await registerActionRoutes(app, [attachments]);
    const { user } = await buildUser(t.db);
    cookie = await signIn(app, user.username, TEST_PASSWORD);
    url = `/api/test-attachment/${(await buildOrganisation(t.db)).id}/action/Attach`;
  });

  it('keeps no bytes when the handler or the validation fails, and answers the failure', async () => {
    const before = keys();
    for (const [outcome, status] of [
      ['forbidden', 403],
      ['invalid', 422],
      ['invalidStatus', 409],
      ['unknown', 422],
    ] as const) {
      const response = await submit({ outcome });
      expect(response.statusCode, outcome).toBe(status);
      expect(keys(), outcome).toEqual(before);
    }
    expect(await t.db.select().from(storedFiles).where(eq(storedFiles.ownerType, kind.entity))).toEqual([]);
  });

  it('keeps the bytes of an action that succeeds', async () => {
    const before = keys();
    const response = await submit({ outcome: 'keep' });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await t.db.select().from(storedFiles).where(eq(storedFiles.ownerType, kind.entity));
    expect(keys()).toEqual([...before, row?.storageKey].sort());
  });

  it('logs a failure to remove the bytes and still answers the error that rolled the action back', async () => {
    const response = await submit({ outcome: 'forbiddenUnreachable' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: 'forbidden', message: 'Refused after storing' });
    expect(logLines.join('')).toContain('storage unreachable');
  });
});
