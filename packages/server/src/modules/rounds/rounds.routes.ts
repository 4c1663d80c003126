import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { runnerCall } from '../../platform/actions/routes.ts';
import { notFoundInScope } from '../../platform/actions/status.ts';
import { roundKind } from './rounds.kind.ts';
import { declarationsOfRound } from './rounds.repo.ts';
import { roundDeclarations } from './rounds.tables.ts';

/**
 * The declarations a round asks, read through the round's scope: `GET /api/round-declarations?roundId=` (all of
 * one round's, in one answer: a round's part, not a paged collection) and `GET /api/round-declaration/{id}`. They
 * stay written by hand: a declaration has no entity of its own (no kind, no actions, no scope but its round's).
 */
export async function registerRoundDeclarationRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/round-declarations', async (request) => {
    const { actor, deps } = await runnerCall(request);
    const { roundId } = z.object({ roundId: z.string() }).parse(request.query);
    const found = await roundKind.loadFor(deps.db, actor, roundId);
    if (found === undefined) throw notFoundInScope(roundKind.noun);
    const items = await declarationsOfRound(deps.db, found.record.id);
    return { items, total: items.length, page: 1, pageSize: Math.max(items.length, 1) };
  });

  app.get<{ Params: { id: string } }>('/api/round-declaration/:id', async (request) => {
    const { actor, deps } = await runnerCall(request);
    const notFound = notFoundInScope('round declaration');
    const [row] = z.uuid().safeParse(request.params.id).success
      ? await deps.db
          .select({ roundId: roundDeclarations.marketRoundId })
          .from(roundDeclarations)
          .where(eq(roundDeclarations.id, request.params.id))
      : [];
    if (!row) throw notFound;
    const found = await roundKind.loadFor(deps.db, actor, row.roundId);
    if (found === undefined) throw notFound;
    const declaration = (await declarationsOfRound(deps.db, row.roundId)).find(
      (item) => item.id === request.params.id,
    );
    if (!declaration) throw notFound;
    return declaration;
  });
}
