import { importData } from '@curlew/domain';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { OPERATOR_ONLY, operatorOnly } from '../../platform/actions/policy.ts';
import { ACTION_UPLOAD_LIMITS, runnerCall, withSubmission } from '../../platform/actions/routes.ts';
import { notFoundInScope } from '../../platform/actions/status.ts';
import { assertFilesMatchFields } from '../../platform/actions/submission.ts';
import { AppError } from '../../platform/errors.ts';
import { sendFile } from '../../platform/send-file.ts';
import { roundActions } from '../rounds/rounds.actions.ts';
import { roundKind } from '../rounds/rounds.kind.ts';
import { DATASET_FORMATS, DATASET_NAMES, type DatasetFormat, type DatasetName } from './datasets.build.ts';
import { loadDataset } from './datasets.load.ts';
import { DATASET_CONTENT_TYPES, datasetCsv, datasetXlsx } from './datasets.write.ts';
import { previewImport } from './import-data.ts';

const isName = (value: string): value is DatasetName => (DATASET_NAMES as readonly string[]).includes(value);
const isFormat = (value: string): value is DatasetFormat =>
  (DATASET_FORMATS as readonly string[]).includes(value);

/** The file name of a downloaded data set: the round's name (letters, digits and dashes) and the data set's. */
const fileName = (round: string, name: DatasetName, format: DatasetFormat) =>
  `${round.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'round'}-${name}.${format}`;

/**
 * `GET /api/round/{id}/datasets/{name}.{csv|xlsx}`: a data set of the round (suppliers, buyers, investors,
 * participants, winners) for a solver outside Curlew. Operator only, as the review: 401 signed out, 403 for anyone
 * else, 404 for a round or data set that does not exist, 409 for winners before a result.
 */
export async function registerDatasetRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { id: string; file: string } }>(
    '/api/round/:id/datasets/:file',
    async (request, reply) => {
      const { actor, deps } = await runnerCall(request);
      if (!operatorOnly(actor).allowed) throw new AppError('forbidden', OPERATOR_ONLY);
      const round = await roundKind.load(deps.db, request.params.id);
      if (!round) throw notFoundInScope(roundKind.noun);
      const [name = '', format = '', ...rest] = request.params.file.split('.');
      if (!isName(name) || !isFormat(format) || rest.length > 0) throw notFoundInScope('data set');
      const dataset = await loadDataset(deps.db, round.id, name, deps.clock());
      return sendFile(reply, {
        filename: fileName(round.name, name, format),
        contentType: DATASET_CONTENT_TYPES[format],
        body: format === 'csv' ? datasetCsv(dataset) : datasetXlsx(dataset),
        headers: { 'cache-control': 'no-store' },
      });
    },
  );
}

/**
 * `POST /api/round/{id}/import-data/preview`: ImportData's dry run. The same submission as the action (multipart,
 * checked as it is: 401, 404, 403, 409 before the body is read; 422 for its values) answers the
 * `ImportDataPreview`: what the import would change and every row's problem. Nothing is saved.
 */
export async function registerImportPreviewRoute(app: FastifyInstance): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: ACTION_UPLOAD_LIMITS, throwFileSizeLimit: true });
    scope.post<{ Params: { id: string } }>('/api/round/:id/import-data/preview', async (request) => {
      const call = await runnerCall(request);
      const { id } = request.params;
      const fileFields = await roundActions.authorise(call, id, importData.id);
      return withSubmission(
        request,
        call,
        async () => fileFields,
        async ({ values, files }) => {
          assertFilesMatchFields(importData.fields, files);
          const input = importData.input.parse(values);
          return previewImport(
            call.deps.db,
            id,
            { bidderType: input.bidderType, creditType: input.creditType },
            files,
            call.deps.clock(),
          );
        },
      );
    });
  });
}
