import type { FieldOption, MarketRoundReference, MarketRoundStatus, RoundDeclaration } from '@curlew/domain';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import { isRecordId } from '../../platform/actions/ids.ts';
import { selfLink } from '../../platform/actions/runner.ts';
import { accessOf } from '../../platform/actions/scope.ts';
import type { RecordInScope, ScopeReader } from '../../platform/actions/types.ts';
import type { Queryable } from '../../platform/db/connect.ts';
import { markets } from '../markets/markets.tables.ts';
import { declarations } from '../refdata/refdata.tables.ts';
import { type RoundRelation, roundScope } from './rounds.scope.ts';
import { marketRounds, roundDeclarations } from './rounds.tables.ts';

/** A round row with its market's name. */
export type RoundRecord = typeof marketRounds.$inferSelect & { marketName: string };

const recordColumns = { round: marketRounds, marketName: markets.name };

const toRecord = (row: { round: typeof marketRounds.$inferSelect; marketName: string }): RoundRecord => ({
  ...row.round,
  marketName: row.marketName,
});

const roundColumns = {
  id: marketRounds.id,
  name: marketRounds.name,
  status: marketRounds.status,
  marketId: marketRounds.marketId,
  marketName: markets.name,
};

/** A market round with its market's name, or undefined (malformed ids included). */
export async function findRound(db: Queryable, id: string): Promise<MarketRoundReference | undefined> {
  if (!isRecordId(id)) return undefined;
  const [row] = await db
    .select(roundColumns)
    .from(marketRounds)
    .innerJoin(markets, eq(markets.id, marketRounds.marketId))
    .where(eq(marketRounds.id, id));
  return row;
}

/** The label of a round in selects: '{market} - {round}'. */
const roundLabel = (round: Pick<MarketRoundReference, 'name' | 'marketName'>): string =>
  `${round.marketName} - ${round.name}`;

/** Select options of the rounds in one of `statuses`, by market and round name. */
export async function roundOptions(
  db: Queryable,
  statuses: readonly MarketRoundStatus[],
): Promise<FieldOption[]> {
  const rows = await db
    .select(roundColumns)
    .from(marketRounds)
    .innerJoin(markets, eq(markets.id, marketRounds.marketId))
    .where(inArray(marketRounds.status, [...statuses]))
    .orderBy(asc(markets.name), asc(marketRounds.name));
  return rows.map((round) => ({ value: round.id, label: roundLabel(round) }));
}

/** Loads a round (unscoped); undefined when missing or the id is malformed. */
export async function findRoundRecord(
  db: Queryable,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<RoundRecord | undefined> {
  if (!isRecordId(id)) return undefined;
  const query = db
    .select(recordColumns)
    .from(marketRounds)
    .innerJoin(markets, eq(markets.id, marketRounds.marketId))
    .where(eq(marketRounds.id, id));
  const [row] = options.forUpdate ? await query.for('update', { of: marketRounds }) : await query;
  return row ? toRecord(row) : undefined;
}

/** Rounds with their market's name and the actor's access, inside the actor's scope and `where`. */
export const selectRoundsFor = (db: Queryable, actor: ScopeReader, where: SQL | undefined) => {
  const scope = roundScope(actor);
  return db
    .select({ ...recordColumns, relation: scope.relation, permissions: scope.permissions })
    .from(marketRounds)
    .innerJoin(markets, eq(markets.id, marketRounds.marketId))
    .where(and(scope.where, where));
};

/** A selected row as a record with its access; null outside the scope. */
export const roundInScope = (
  row: Awaited<ReturnType<typeof selectRoundsFor>>[number],
): RecordInScope<RoundRecord, RoundRelation> | null => {
  const access = accessOf(row);
  return access ? { record: toRecord(row), access } : null;
};

/** Loads a round with the actor's access in the same query; undefined when missing or outside scope. */
export async function findRoundFor(
  db: Queryable,
  actor: ScopeReader,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<RecordInScope<RoundRecord, RoundRelation> | undefined> {
  if (!isRecordId(id)) return undefined;
  const query = selectRoundsFor(db, actor, eq(marketRounds.id, id));
  const [row] = options.forUpdate ? await query.for('update', { of: marketRounds }) : await query;
  return row ? (roundInScope(row) ?? undefined) : undefined;
}

/** A round's declaration with its round, as the declarations' reads select it. */
export interface RoundDeclarationRow extends RoundDeclaration {
  roundId: string;
}

/**
 * The round declarations meeting `where` (which may read `marketRounds`: every declaration's round is joined),
 * each with its round, by category then name.
 */
export async function selectRoundDeclarations(
  db: Queryable,
  where: SQL | undefined,
): Promise<RoundDeclarationRow[]> {
  const rows = await db
    .select({
      roundId: roundDeclarations.marketRoundId,
      id: roundDeclarations.id,
      declarationId: declarations.id,
      name: declarations.name,
      text: declarations.text,
      category: roundDeclarations.category,
      isForAgents: declarations.isForAgents,
      isForParticipants: declarations.isForParticipants,
    })
    .from(roundDeclarations)
    .innerJoin(declarations, eq(declarations.id, roundDeclarations.declarationId))
    .innerJoin(marketRounds, eq(marketRounds.id, roundDeclarations.marketRoundId))
    .where(where)
    .orderBy(asc(roundDeclarations.category), asc(declarations.name));
  return rows.map((row) => ({ ...row, self: selfLink('round-declaration', row.id) }));
}

/** A round declaration as answered: without its round. */
export const presentRoundDeclaration = ({
  roundId: _,
  ...declaration
}: RoundDeclarationRow): RoundDeclaration => declaration;

/** The declarations a round asks, by category then name. */
export async function declarationsOfRound(db: Queryable, roundId: string): Promise<RoundDeclaration[]> {
  return (await declarationsOfRounds(db, [roundId])).get(roundId) ?? [];
}

/** The declarations of several rounds, by round id. */
export async function declarationsOfRounds(
  db: Queryable,
  roundIds: readonly string[],
): Promise<Map<string, RoundDeclaration[]>> {
  const byRound = new Map<string, RoundDeclaration[]>();
  if (roundIds.length === 0) return byRound;
  for (const row of await selectRoundDeclarations(
    db,
    inArray(roundDeclarations.marketRoundId, [...roundIds]),
  )) {
    const list = byRound.get(row.roundId) ?? [];
    list.push(presentRoundDeclaration(row));
    byRound.set(row.roundId, list);
  }
  return byRound;
}

/** Writes a round's status: the runner's and `transition`'s status write, never a handler's. */
export async function writeRoundStatus(
  tx: Queryable,
  id: string,
  status: RoundRecord['status'],
  now: Date,
): Promise<void> {
  await tx.update(marketRounds).set({ status, updatedAt: now }).where(eq(marketRounds.id, id));
}

/** Changes a round's columns (never its status). */
export async function updateRound(
  tx: Queryable,
  id: string,
  values: Partial<Omit<typeof marketRounds.$inferInsert, 'id' | 'status' | 'marketId'>>,
): Promise<void> {
  await tx.update(marketRounds).set(values).where(eq(marketRounds.id, id));
}
