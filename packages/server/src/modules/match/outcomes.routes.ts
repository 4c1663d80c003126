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
import { outcomesOf } from './outcome.ts';

/**
 * `GET /api/round/{roundId}/outcomes`: the reader's own projects and credit requirements of an accepted round with
 * their outcomes, those whose offer or bid the reader sees (its own organisation's, its clients' with authority to
 * bid; every one for the operator), each with its owner. An empty list before acceptance; 404 for a round the reader
 * cannot see. The outcomes are read together: a few queries per thousand records, not a few per record.
 */
export async function registerOutcomeRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { roundId: string } }>('/api/round/:roundId/outcomes', async (request) => {
    const { actor, deps } = await runnerCall(request);
    const round = await roundKind.loadFor(deps.db, actor, request.params.roundId);
    if (!round) throw notFoundInScope(roundKind.noun);
    const roundId = round.record.id;
    const ownProjects = (
      await selectProjectsFor(deps.db, actor, eq(projects.marketRoundId, roundId)).orderBy(asc(projects.name))
    ).flatMap((row) => {
      const found = projectInScope(row);
      return found && seesOffer(found.access) ? [found.record] : [];
    });
    const ownRequirements = (
      await selectRequirementsFor(deps.db, actor, eq(creditRequirements.marketRoundId, roundId)).orderBy(
        asc(creditRequirements.name),
      )
    ).flatMap((row) => {
      const found = requirementInScope(row);
      return found && seesBid(found.access) ? [found.record] : [];
    });
    const outcomes = await outcomesOf(deps.db, roundId, {
      projectIds: ownProjects.map((project) => project.id),
      requirementIds: ownRequirements.map((requirement) => requirement.id),
    });
    const items: OwnRoundOutcome[] = [];
    for (const { id, name, supplierId, supplierName } of ownProjects) {
      const outcome = outcomes.projects.get(id);
      if (outcome)
        items.push({
          kind: 'project',
          record: { id, name, self: `/project/${id}` },
          owner: { id: supplierId, name: supplierName },
          outcome,
        });
    }
    for (const { id, name, buyerId, buyerName } of ownRequirements) {
      const outcome = outcomes.requirements.get(id);
      if (outcome)
        items.push({
          kind: 'requirement',
          record: { id, name, self: `/requirement/${id}` },
          owner: { id: buyerId, name: buyerName },
          outcome,
        });
    }
    return { items };
  });
}
