import type { AgentPermission } from '@curlew/domain';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { isOperator } from './policy.ts';
import type { Access, Actor, ScopeReader } from './types.ts';

/**
 * Tenancy. Each entity has one scope (`<entity>.scope.ts`): a function from the actor to
 * - `where`: the SQL condition keeping the rows the actor may see (undefined: every row), and
 * - `relation` and `permissions`: the actor's access to each row, as SQL computed in the same query,
 * used by the record load (404 outside scope), every list, and the comments, files and activity of that entity.
 */
export interface EntityScope<Rel extends string> {
  where: SQL | undefined;
  /** The relation to the row, null outside the scope. */
  relation: SQL<Rel | null>;
  /** An agent's approved permissions for the row's round; an empty array otherwise. */
  permissions: SQL<AgentPermission[] | null>;
}

/** Whether the actor's organisation is an agent. */
export const isAgent = (actor: Pick<Actor, 'organisation'>): boolean => actor.organisation?.type === 'AGENT';

/** No permissions: the access of everyone but an agent, and of records bound to no round. */
export const NO_PERMISSIONS = sql<AgentPermission[]>`'{}'::text[]`;

/** A condition no row meets. */
export const NOTHING = sql`false`;

/** A constant relation (the operator's to every row). */
const constantRelation = <Rel extends string>(relation: Rel): SQL<Rel> => sql<Rel>`${relation}::text`;

/** A scope that sees no row (a user with no organisation). */
export const emptyScope = <Rel extends string>(): EntityScope<Rel> => ({
  where: NOTHING,
  relation: sql<Rel | null>`null::text`,
  permissions: NO_PERMISSIONS,
});

/** The operator's scope: every row, relation 'operator'. */
export const operatorScope = <Rel extends string>(relation: Rel): EntityScope<Rel> => ({
  where: undefined,
  relation: constantRelation(relation),
  permissions: NO_PERMISSIONS,
});

/** A member's scope: the rows whose owner `column` is the member's organisation `own`, relation 'member'. */
export const memberScope = <Rel extends string>(column: AnyColumn | SQL, own: string): EntityScope<Rel> => ({
  where: sql`${column} = ${own}`,
  relation: sql<Rel | null>`case when ${column} = ${own} then 'member' end`,
  permissions: NO_PERMISSIONS,
});

/** A read-only scope: the rows `where` keeps, each with the one relation `relation` and no permissions. */
export const readOnlyScope = <Rel extends string>(where: SQL, relation: Rel): EntityScope<Rel> => ({
  where,
  relation: sql<Rel | null>`case when ${where} then ${relation}::text end`,
  permissions: NO_PERMISSIONS,
});

/** The access of a row selected with a scope's columns; null outside the scope. */
export const accessOf = <Rel extends string>(row: {
  relation: Rel | null;
  permissions: AgentPermission[] | null;
}): Access<Rel> | null =>
  row.relation === null ? null : { relation: row.relation, permissions: row.permissions ?? [] };

/** The columns a scoped select adds for the access. */
export const accessColumns = <Rel extends string>(scope: EntityScope<Rel>) => ({
  relation: scope.relation,
  permissions: scope.permissions,
});

export type { ScopeReader };
export { isOperator };
