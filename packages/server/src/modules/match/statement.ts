import type { CreditType, MatchReview, RoundStatement, StatementCreditType } from '@curlew/domain';
import { and, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { runnerCall } from '../../platform/actions/routes.ts';
import { isOperator, type ScopeReader } from '../../platform/actions/scope.ts';
import { notFoundInScope } from '../../platform/actions/status.ts';
import type { Queryable } from '../../platform/db/connect.ts';
import { AppError } from '../../platform/errors.ts';
import { agentAuthorities } from '../agent-authorities/agent-authorities.tables.ts';
import { participations } from '../participations/participations.tables.ts';
import { roundKind } from '../rounds/rounds.kind.ts';
import { buildRoundReview } from './match.routes.ts';
import { roundMovedAt } from './start-match.ts';
import { latestTaskOfRound } from './tasks.ts';

const PUBLISHED = new Set(['Matched', 'Settled']);

/** The answer for a round whose match has not been accepted yet. */
const statementNotYet = (roundName: string) =>
  `The statement of ${roundName} is published when its match is accepted`;

/**
 * The public statement of a round (pure) from its review: volumes sold and delivered and the range of prices paid per unit received
 * per credit type, how many projects and requirements won, the surplus and its split. No one's offer or bid.
 */
function statementOf(review: MatchReview, acceptedAt: Date | null): RoundStatement {
  const prices = new Map<CreditType, number[]>();
  for (const line of review.requirements) {
    if (!line.won || !(line.units > 0)) continue;
    prices.set(line.creditType, [...(prices.get(line.creditType) ?? []), line.paysPence / line.units]);
  }
  const delivered = new Map(review.headline.deliveredVolumes.map((v) => [v.creditType, v.units]));
  const creditTypes: StatementCreditType[] = review.headline.volumes.map(({ creditType, units }) => {
    const paid = prices.get(creditType) ?? [];
    return {
      creditType,
      units,
      deliveredUnits: delivered.get(creditType) ?? 0,
      lowestPricePerUnitPence: paid.length === 0 ? 0 : Math.round(Math.min(...paid)),
      highestPricePerUnitPence: paid.length === 0 ? 0 : Math.round(Math.max(...paid)),
    };
  });
  const h = review.headline;
  return {
    round: review.round,
    acceptedAt: acceptedAt?.toISOString() ?? null,
    creditTypes,
    winningProjects: review.projects.filter((p) => p.won).length,
    winningRequirements: review.requirements.filter((r) => r.won).length,
    surplusPence: h.surplusPence,
    buyerShareOfSurplus: h.buyerShareOfSurplus,
    buyersSurplusPence: h.buyersSurplusPence,
    suppliersSurplusPence: h.suppliersSurplusPence,
  };
}

/**
 * Whether the reader may see a round's statement: the operator, an organisation taking part in the round (not
 * withdrawn), and an agent with approved authority for the round.
 */
async function mayReadStatement(db: Queryable, actor: ScopeReader, roundId: string): Promise<boolean> {
  if (isOperator(actor)) return true;
  const organisationId = actor.organisationId;
  if (organisationId === null) return false;
  const [participant] = await db
    .select({ id: participations.id })
    .from(participations)
    .where(
      and(
        eq(participations.marketRoundId, roundId),
        eq(participations.organisationId, organisationId),
        ne(participations.status, 'Withdrawn'),
      ),
    )
    .limit(1);
  if (participant) return true;
  const [agent] = await db
    .select({ id: agentAuthorities.id })
    .from(agentAuthorities)
    .where(
      and(
        eq(agentAuthorities.marketRoundId, roundId),
        eq(agentAuthorities.agentOrganisationId, organisationId),
        eq(agentAuthorities.approved, true),
      ),
    )
    .limit(1);
  return agent !== undefined;
}

/**
 * `GET /api/round/{roundId}/statement`: the round's public statement once its match is accepted. 401 signed out;
 * 404 for a round that does not exist or that the reader does not take part in, and (with its own sentence) for a
 * round whose match is not accepted yet.
 */
export async function registerStatementRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { roundId: string } }>('/api/round/:roundId/statement', async (request) => {
    const { actor, deps } = await runnerCall(request);
    const round = await roundKind.load(deps.db, request.params.roundId);
    if (!round || !(await mayReadStatement(deps.db, actor, round.id))) throw notFoundInScope(roundKind.noun);
    const task = await latestTaskOfRound(deps.db, round.id);
    if (!PUBLISHED.has(round.status) || task?.status !== 'Succeeded' || !task.result)
      throw new AppError('not_found', statementNotYet(round.name));
    const { review } = await buildRoundReview(
      deps.db,
      { id: round.id, name: round.name, status: round.status },
      { ...task, result: task.result },
      deps.clock(),
    );
    return statementOf(review, await roundMovedAt(deps.db, round.id, 'Matched'));
  });
}
