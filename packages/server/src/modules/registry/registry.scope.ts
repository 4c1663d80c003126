import { and, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { isOperator, type ScopeReader } from '../../platform/actions/scope.ts';
import type { Queryable } from '../../platform/db/connect.ts';
import { allocations } from '../match/match.tables.ts';
import { projectScope } from '../projects/projects.scope.ts';
import { projects } from '../projects/projects.tables.ts';
import { requirementScope } from '../requirements/requirements.scope.ts';
import { creditRequirements, requirementCredits } from '../requirements/requirements.tables.ts';

/**
 * Who sees a requirement credit in the registry: whoever sees its requirement (the operator all; the owner's
 * members; its agent with authority for the round; the LPA of the development), and whoever sees a project that
 * supplies it through an allocation not failed (the supplier's members, its agent, the LPA of the site). A condition
 * on `requirement_credits` joined to `credit_requirements`, so every registry query joins both.
 */
export const creditScope = (actor: ScopeReader): SQL | undefined => {
  const owned = requirementScope(actor).where;
  if (isOperator(actor)) return owned;
  const supplied = sql`exists (${sql`select 1 from ${allocations} inner join ${projects} on ${projects.id} = ${allocations.projectId}`} where ${and(
    sql`${allocations.requirementCreditId} = ${requirementCredits.id}`,
    isNull(allocations.failedAt),
    projectScope(actor).where,
  )})`;
  return or(owned, supplied);
};

/**
 * Who sees a reserved credit: whoever sees the project that holds it (the operator all; the supplier's members;
 * its agent with authority; the LPA of the project's area). A condition on `projects`.
 */
export const reserveScope = (actor: ScopeReader): SQL | undefined => projectScope(actor).where;

/** Whether the reader sees the requirement of the joined `credit_requirements` row, as SQL. */
export const seesRequirement = (actor: ScopeReader): SQL<boolean> => {
  const where = requirementScope(actor).where;
  return where === undefined ? sql<boolean>`true` : sql<boolean>`coalesce((${where}), false)`;
};

/**
 * Which ledger rows the reader's totals count: every one for the operator; otherwise those of the credits and the
 * projects it sees.
 */
export function ledgerScope(
  db: Queryable,
  actor: ScopeReader,
  columns: { requirementCreditId: PgColumn; projectId: PgColumn },
): SQL | undefined {
  if (isOperator(actor)) return undefined;
  const credits = db
    .select({ id: requirementCredits.id })
    .from(requirementCredits)
    .innerJoin(creditRequirements, sql`${creditRequirements.id} = ${requirementCredits.requirementId}`)
    .where(creditScope(actor));
  const sites = db.select({ id: projects.id }).from(projects).where(reserveScope(actor));
  return sql`(${inArray(columns.requirementCreditId, credits)} or ${inArray(columns.projectId, sites)})`;
}
