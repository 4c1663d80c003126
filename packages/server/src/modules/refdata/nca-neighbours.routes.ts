import { ncaNeighboursInputSchema } from '@curlew/domain';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import { importNcaNeighbours, parseNcaNeighbourCsv, setNcaNeighbours } from './nca-neighbours.ts';
import { recordRefDataChange } from './refdata.activity.ts';
import { isUuid, itemNotFound } from './refdata.list.ts';
import { requireOperator } from './refdata.policy.ts';
import { ncasStore } from './stores/ncas.store.ts';

/** Largest NCA neighbours file accepted (159 NCAs have well under a thousand pairs). */
const NCA_NEIGHBOURS_FILE_MAX_BYTES = 1024 * 1024;

/**
 * The operator's upkeep of NCA adjacency (the statutory metric's 0.75 for a neighbouring NCA): an NCA's neighbours
 * set on its settings page, and pairs imported as a CSV. Multipart parsing is registered by the settings routes.
 */
export async function registerNcaNeighbourRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;

  app.put<{ Params: { id: string } }>('/api/settings/ncas/:id/neighbours', async (request) => {
    const session = await requireOperator(request);
    const { id } = request.params;
    if (!isUuid(id)) throw itemNotFound('ncas');
    const { neighbours } = ncaNeighboursInputSchema.parse(request.body);
    const at = deps.clock();
    return deps.db.transaction(async (tx) => {
      const nca = await ncasStore.get(tx, id);
      if (!nca) throw itemNotFound('ncas');
      await setNcaNeighbours(tx, nca, neighbours);
      const updated = await ncasStore.get(tx, id);
      if (!updated) throw itemNotFound('ncas');
      await recordRefDataChange(tx, {
        type: 'ncas',
        subjectId: id,
        action: 'SetNeighbours',
        title: 'Set neighbouring NCAs',
        session,
        at,
        details: {
          name: nca.label,
          before: (nca.neighbours ?? []).map((neighbour) => neighbour.number),
          after: (updated.neighbours ?? []).map((neighbour) => neighbour.number),
        },
      });
      return updated;
    });
  });

  app.post('/api/settings/ncas/neighbours/import', async (request) => {
    const session = await requireOperator(request);
    if (!request.isMultipart()) {
      throw new AppError('bad_request', 'Send the NCA neighbours file as multipart form data');
    }
    const file = await request.file({ limits: { fileSize: NCA_NEIGHBOURS_FILE_MAX_BYTES, files: 1 } });
    if (!file) {
      const message = 'Choose a CSV file to import';
      throw new AppError('validation', message, { errors: [{ path: 'file', message }] });
    }
    const lines = parseNcaNeighbourCsv((await file.toBuffer()).toString('utf8'));
    const at = deps.clock();
    return deps.db.transaction(async (tx) => {
      const report = await importNcaNeighbours(tx, lines);
      await recordRefDataChange(tx, {
        type: 'ncas',
        subjectId: 'neighbours-import',
        action: 'ImportNeighbours',
        title: 'Import neighbouring NCAs',
        session,
        at,
        details: { file: file.filename, created: report.created, unchanged: report.unchanged },
      });
      return report;
    });
  });
}
