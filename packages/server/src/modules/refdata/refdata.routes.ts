import {
  isEditableRefDataType,
  isRefDataType,
  REFDATA_TYPE_LABELS,
  REFDATA_TYPES,
  type RefDataType,
  type RefDataTypeSummary,
} from '@curlew/domain';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import { registerListRoute } from '../../platform/read/list-route.ts';
import { importNcas, parseNcaCsv } from './ncas.import.ts';
import { recordRefDataChange } from './refdata.activity.ts';
import { isUuid, itemNotFound } from './refdata.list.ts';
import { requireOperator } from './refdata.policy.ts';
import { settingsRecord } from './refdata.read.ts';
import { settingsListOf, storeOf } from './refdata.stores.ts';
import { addStandardVersion } from './stores/standards.store.ts';

/** Largest NCA file accepted. */
const NCA_FILE_MAX_BYTES = 1024 * 1024;

const typeParam = (value: string): RefDataType => {
  if (!isRefDataType(value)) throw new AppError('not_found', 'There is no such list of reference data');
  return value;
};

/**
 * The settings routes of reference data (SPEC 2 and 7): the overview, each kind's declared list (with the
 * active-only flag and exports) and item record, and the operator's plain validated writes (reference data has no
 * action sets). Signed-in users may read active items.
 */
export async function registerRefDataRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart);

  app.get('/api/settings', async (request): Promise<RefDataTypeSummary[]> => {
    await requireOperator(request);
    return Promise.all(
      REFDATA_TYPES.map(async (type) => ({
        type,
        label: REFDATA_TYPE_LABELS[type].plural,
        editable: isEditableRefDataType(type),
        ...(await storeOf(type).counts(deps.db)),
      })),
    );
  });

  for (const type of REFDATA_TYPES) {
    const path = `settings/${type}`;
    const list = settingsListOf(type);
    registerListRoute(app, path, list);
    settingsRecord(type, storeOf(type), list.itemType).register(app);
  }

  app.post<{ Params: { type: string } }>('/api/settings/:type', async (request, reply) => {
    const session = await requireOperator(request);
    const type = typeParam(request.params.type);
    const store = storeOf(type);
    const { create } = store;
    if (!create) throw new AppError('not_found', `${REFDATA_TYPE_LABELS[type].plural} are read-only`);
    const at = deps.clock();
    const item = await deps.db.transaction(async (tx) => {
      const created = await create(tx, request.body, at);
      await recordRefDataChange(tx, {
        type,
        subjectId: created.id,
        action: 'Create',
        title: `Create ${REFDATA_TYPE_LABELS[type].singular.toLowerCase()}`,
        session,
        at,
        details: { name: store.nameOf(created) },
      });
      return created;
    });
    return reply.status(201).send(item);
  });

  app.put<{ Params: { type: string; id: string } }>('/api/settings/:type/:id', async (request) => {
    const session = await requireOperator(request);
    const type = typeParam(request.params.type);
    const { id } = request.params;
    const store = storeOf(type);
    const { update } = store;
    if (!update) throw new AppError('not_found', `${REFDATA_TYPE_LABELS[type].plural} are read-only`);
    if (!isUuid(id)) throw itemNotFound(type);
    const at = deps.clock();
    return deps.db.transaction(async (tx) => {
      const updated = await update(tx, id, request.body, at);
      if (!updated) throw itemNotFound(type);
      await recordRefDataChange(tx, {
        type,
        subjectId: id,
        action: 'Update',
        title: `Update ${REFDATA_TYPE_LABELS[type].singular.toLowerCase()}`,
        session,
        at,
        details: { name: store.nameOf(updated) },
      });
      return updated;
    });
  });

  app.post<{ Params: { id: string } }>('/api/settings/standards/:id/versions', async (request, reply) => {
    const session = await requireOperator(request);
    const { id } = request.params;
    if (!isUuid(id)) throw itemNotFound('standards');
    const at = deps.clock();
    const standard = await deps.db.transaction(async (tx) => {
      const updated = await addStandardVersion(tx, id, request.body, at);
      if (!updated) throw itemNotFound('standards');
      await recordRefDataChange(tx, {
        type: 'standards',
        subjectId: id,
        action: 'AddVersion',
        title: 'Add standard version',
        session,
        at,
        details: { name: updated.name, version: updated.versions?.[0]?.version ?? null },
      });
      return updated;
    });
    return reply.status(201).send(standard);
  });

  app.post('/api/settings/ncas/import', async (request) => {
    const session = await requireOperator(request);
    if (!request.isMultipart()) {
      throw new AppError('bad_request', 'Send the NCA file as multipart form data');
    }
    const file = await request.file({ limits: { fileSize: NCA_FILE_MAX_BYTES, files: 1 } });
    if (!file) {
      const message = 'Choose a CSV file to import';
      throw new AppError('validation', message, { errors: [{ path: 'file', message }] });
    }
    const buffer = await file.toBuffer();
    const lines = parseNcaCsv(buffer.toString('utf8'));
    const at = deps.clock();
    return deps.db.transaction(async (tx) => {
      const report = await importNcas(tx, lines, at);
      await recordRefDataChange(tx, {
        type: 'ncas',
        subjectId: 'import',
        action: 'Import',
        title: 'Import NCAs',
        session,
        at,
        details: {
          file: file.filename,
          created: report.created,
          updated: report.updated,
          unchanged: report.unchanged,
        },
      });
      return report;
    });
  });
}
