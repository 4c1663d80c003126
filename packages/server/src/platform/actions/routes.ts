import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireSession } from '../../auth/guard.ts';
import type { EntityActionRegistration, RunnerCall } from './runner.ts';
import { readSubmission } from './submission.ts';

/** Upload limits of action submissions; the files module applies its own (smaller) limit per file. */
export const ACTION_UPLOAD_LIMITS = { fileSize: 50 * 1024 * 1024, files: 10, fields: 5, parts: 20 } as const;

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
 * The action routes of each registered entity (SPEC 7 "Action calls"):
 * `GET|POST /api/{entity}/{id}/action/{actionId}`, and for collections with create actions
 * `GET /api/{collection}/action/{actionId}`, `POST /api/{collection}` and `POST /api/{collection}/action/{actionId}`.
 * Submissions are JSON or multipart (a `submission` JSON part plus one part per file).
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
        return registration.submit(
          call,
          request.params.id,
          request.params.actionId,
          await readSubmission(request),
        );
      });
      if (registration.createDefinitions.length === 0) continue;
      scope.get<{ Params: { actionId: string } }>(`/api/${collection}/action/:actionId`, async (request) => {
        const call = await runnerCall(request);
        return registration.createFormData(call, request.params.actionId);
      });
      scope.post(`/api/${collection}`, async (request, reply) => {
        const call = await runnerCall(request);
        const result = await registration.create(call, undefined, await readSubmission(request));
        return reply.status(201).send(result);
      });
      scope.post<{ Params: { actionId: string } }>(
        `/api/${collection}/action/:actionId`,
        async (request, reply) => {
          const call = await runnerCall(request);
          const result = await registration.create(
            call,
            request.params.actionId,
            await readSubmission(request),
          );
          return reply.status(201).send(result);
        },
      );
    }
  });
}
