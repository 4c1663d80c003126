import type { CreditType, MatchReview, RoundStatement, StatementCreditType } from '@curlew/domain';
import { and, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { runnerCall } from '../../platform/actions/routes.ts';
import { isOperator, type ScopeReader } from '../../platform/actions/scope.ts';
import { notFoundInScope } from '../../platform/actions/status.ts';
import { csvText } from '../../platform/csv.ts';
import type { Queryable } from '../../platform/db/connect.ts';
import { AppError } from '../../platform/errors.ts';
import { sendWithEtag } from '../../platform/etag.ts';
import { agentAuthorities } from '../agent-authorities/agent-authorities.tables.ts';
import { participations } from '../participations/participations.tables.ts';
import { roundKind } from '../rounds/rounds.kind.ts';
import { buildRoundReview } from './match.routes.ts';
import { roundMovedAt } from './start-match.ts';
import { latestTaskOfRound } from './tasks.ts';

/** The query of a statement: JSON (default) or CSV. */
export const statementQuery = z.object({ format: z.enum(['json', 'csv']).default('json') });

/** Pence as pounds with 2 decimals (a CSV cell). */
const pounds = (pence: number): string => (pence / 100).toFixed(2);

/**
 * A statement as CSV: one line per credit type (units sold and delivered, the lowest and highest price per unit in
 * £), each with the round's name, acceptance, winners and surplus in £, so the file reads on its own.
 */
export function statementCsv(statement: RoundStatement): string {
  return csvText(
    [
      'round',
      'accepted at',
      'credit type',
      'units sold',
      'units delivered',
      'lowest price per unit (£)',
      'highest price per unit (£)',
      'winning projects',
      'winning requirements',
      'surplus (£)',
      "buyers' share of surplus",
      "buyers' surplus (£)",
      "suppliers' surplus (£)",
    ],
    statement.creditTypes.map((line) => [
      statement.round.name,
      statement.acceptedAt,
      line.creditType,
      line.units.toFixed(2),
      line.deliveredUnits.toFixed(2),
      pounds(line.lowestPricePerUnitPence),
      pounds(line.highestPricePerUnitPence),
      statement.winningProjects,
      statement.winningRequirements,
      pounds(statement.surplusPence),
      statement.buyerShareOfSurplus,
      pounds(statement.buyersSurplusPence),
      pounds(statement.suppliersSurplusPence),
    ]),
  );
}

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
export async function mayReadStatement(db: Queryable, actor: ScopeReader, roundId: string): Promise<boolean> {
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
 * `GET /api/round/{roundId}/statement`: the round's public statement once its match is accepted, as JSON or with
 * `format=csv` as CSV, with an ETag (304 for a matching If-None-Match). 401 signed out;
 * 404 for a round that does not exist or that the reader does not take part in, and (with its own sentence) for a
 * round whose match is not accepted yet.
 */
export async function registerStatementRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { roundId: string } }>('/api/round/:roundId/statement', async (request, reply) => {
    const { actor, deps } = await runnerCall(request);
    const { format } = statementQuery.parse(request.query);
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
    const statement = statementOf(review, await roundMovedAt(deps.db, round.id, 'Matched'));
    return format === 'csv'
      ? sendWithEtag(request, reply, {
          body: statementCsv(statement),
          contentType: 'text/csv; charset=utf-8',
          headers: { 'content-disposition': 'attachment; filename="round-statement.csv"' },
        })
      : sendWithEtag(request, reply, {
          body: JSON.stringify(statement),
          contentType: 'application/json; charset=utf-8',
        });
  });
}
