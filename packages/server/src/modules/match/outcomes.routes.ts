import type { OwnRoundOutcome } from '@curlew/domain';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { runnerCall } from '../../platform/actions/routes.ts';
import { notFoundInScope } from '../../platform/actions/status.ts';
import { seesOffer } from '../projects/projects.present.ts';
import { projectInScope, selectProjectsFor } from '../projects/projects.repo.ts';
import { projects } from '../projects/projects.tables.ts';
import { requirementInScope, selectRequirementsFor } from '../requirements/requirements.repo.ts';
import { seesBid } from '../requirements/requirements.scope.ts';
import { creditRequirements } from '../requirements/requirements.tables.ts';
import { roundKind } from '../rounds/rounds.kind.ts';
import { projectOutcome, requirementOutcome } from './outcome.ts';

/**
 * `GET /api/round/{roundId}/outcomes`: the reader's own projects and credit requirements of an accepted round with
 * their outcomes, those whose offer or bid the reader sees (its own organisation's, its clients' with authority to
 * bid; every one for the operator). An empty list before acceptance; 404 for a round the reader cannot see.
 */
export async function registerOutcomeRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { roundId: string } }>('/api/round/:roundId/outcomes', async (request) => {
    const { actor, deps } = await runnerCall(request);
    const round = await roundKind.loadFor(deps.db, actor, request.params.roundId);
    if (!round) throw notFoundInScope(roundKind.noun);
    const items: OwnRoundOutcome[] = [];
    const projectRows = await selectProjectsFor(
      deps.db,
      actor,
      eq(projects.marketRoundId, round.record.id),
    ).orderBy(asc(projects.name));
    for (const row of projectRows) {
      const found = projectInScope(row);
      if (!found || !seesOffer(found.access)) continue;
      const outcome = await projectOutcome(deps.db, found.record);
      const { id, name } = found.record;
      if (outcome) items.push({ kind: 'project', record: { id, name, self: `/project/${id}` }, outcome });
    }
    const requirementRows = await selectRequirementsFor(
      deps.db,
      actor,
      eq(creditRequirements.marketRoundId, round.record.id),
    ).orderBy(asc(creditRequirements.name));
    for (const row of requirementRows) {
      const found = requirementInScope(row);
      if (!found || !seesBid(found.access)) continue;
      const outcome = await requirementOutcome(deps.db, found.record);
      const { id, name } = found.record;
      if (outcome)
        items.push({ kind: 'requirement', record: { id, name, self: `/requirement/${id}` }, outcome });
    }
    return { items };
  });
}
