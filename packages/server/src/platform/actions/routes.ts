import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireSession } from '../../auth/guard.ts';
import type { EntityActionRegistration, RunnerCall } from './runner.ts';
import { readSubmission, type Submission } from './submission.ts';
import { discardStaged, stagingFolder, uploadLimitFromEnvironment } from './uploads.ts';

/** Upload limits of action submissions besides the size of a file (UPLOAD_MAX_MB, applied while streaming). */
export const ACTION_UPLOAD_LIMITS = { files: 10, fields: 5, parts: 20 } as const;

interface RecordParams {
  id: string;
  actionId: string;
}

/** The signed-in caller of an action route (401 otherwise). */
export async function runnerCall(request: FastifyRequest): Promise<RunnerCall> {
  const { user } = await requireSession(request);
  return { deps: request.server.deps, actor: user, log: request.log };
}

/**
 * Reads the submission (a multipart body only after `authorise` passed) and runs `work` with it; the staging files
 * of its uploads are removed when the request ends, whatever happened.
 */
export async function withSubmission<T>(
  request: FastifyRequest,
  call: RunnerCall,
  authorise: () => Promise<readonly string[]>,
  work: (submission: Submission) => Promise<T>,
): Promise<T> {
  const submission = await readSubmission(request, {
    authorise,
    folder: stagingFolder(call.deps.config.dataDir),
    maxFileBytes: uploadLimitFromEnvironment(),
  });
  try {
    return await work(submission);
  } finally {
    await discardStaged(submission.files);
  }
}

/**
 * The action routes of each registered entity (SPEC 7 "Action calls"):
 * `GET|POST /api/{entity}/{id}/action/{actionId}`, and for collections with create actions
 * `GET /api/{collection}/action/{actionId}`, `POST /api/{collection}` and `POST /api/{collection}/action/{actionId}`.
 * Submissions are JSON or multipart (a `submission` JSON part plus one part per file); a multipart body is read
 * only once the actor may run the action on the record and the action takes files.
 */
export async function registerActionRoutes(
  app: FastifyInstance,
  registrations: readonly EntityActionRegistration[],
): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: ACTION_UPLOAD_LIMITS, throwFileSizeLimit: true });
    for (const registration of registrations) {
      const { entity, collection } = registration;
      scope.get<{ Params: RecordParams }>(`/api/${entity}/:id/action/:actionId`, async (request) => {
        const call = await runnerCall(request);
        return registration.formData(call, request.params.id, request.params.actionId);
      });
      scope.post<{ Params: RecordParams }>(`/api/${entity}/:id/action/:actionId`, async (request) => {
        const call = await runnerCall(request);
        const { id, actionId } = request.params;
        return withSubmission(
          request,
          call,
          () => registration.authorise(call, id, actionId),
          (submission) => registration.submit(call, id, actionId, submission),
        );
      });
      if (registration.createDefinitions.length === 0) continue;
      scope.get<{ Params: { actionId: string } }>(`/api/${collection}/action/:actionId`, async (request) => {
        const call = await runnerCall(request);
        return registration.createFormData(call, request.params.actionId);
      });
      scope.post(`/api/${collection}`, async (request, reply) => {
        const call = await runnerCall(request);
        const result = await withSubmission(
          request,
          call,
          () => registration.authoriseCreate(call, undefined),
          (submission) => registration.create(call, undefined, submission),
        );
        return reply.status(201).send(result);
      });
      scope.post<{ Params: { actionId: string } }>(
        `/api/${collection}/action/:actionId`,
        async (request, reply) => {
          const call = await runnerCall(request);
          const { actionId } = request.params;
          const result = await withSubmission(
            request,
            call,
            () => registration.authoriseCreate(call, actionId),
            (submission) => registration.create(call, actionId, submission),
          );
          return reply.status(201).send(result);
        },
      );
    }
  });
}
