import type { RoundDeclaration } from '@curlew/domain';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { listQuerySchema } from '../../platform/actions/paging.ts';
import { notFoundInScope } from '../../platform/actions/status.ts';
import type { ScopedRecord } from '../../platform/read/entity-module.ts';
import type { DescribedList } from '../../platform/read/list-route.ts';
import { declarations } from '../refdata/refdata.tables.ts';
import { roundKind } from './rounds.kind.ts';
import { presentRoundDeclaration, type RoundDeclarationRow, selectRoundDeclarations } from './rounds.repo.ts';
import { roundScope } from './rounds.scope.ts';
import { marketRounds, roundDeclarations } from './rounds.tables.ts';

const roundDeclarationListQuery = listQuerySchema(['category'], 'category').extend({ roundId: z.string() });

/**
 * The declarations a round asks (`GET /api/round-declarations?roundId=`, by category then name), read through the
 * round's scope: 404 for a round the reader cannot see.
 */
export const roundDeclarationList: DescribedList<
  z.infer<typeof roundDeclarationListQuery>,
  RoundDeclarationRow,
  RoundDeclaration
> = {
  query: roundDeclarationListQuery,
  itemType: 'RoundDeclaration',
  table: roundDeclarations,
  id: roundDeclarations.id,
  joins: [
    { table: marketRounds, on: eq(marketRounds.id, roundDeclarations.marketRoundId) },
    { table: declarations, on: eq(declarations.id, roundDeclarations.declarationId) },
  ],
  scope: (actor) => roundScope(actor).where,
  guard: async ({ roundId }, { db, actor }) => {
    if ((await roundKind.loadFor(db, actor, roundId)) === undefined) throw notFoundInScope(roundKind.noun);
  },
  filters: { roundId: (roundId) => eq(roundDeclarations.marketRoundId, roundId) },
  sort: { category: sql`(${roundDeclarations.category}, ${declarations.name})` },
  search: [declarations.name],
  collectionActions: false,
  rows: ({ db, actor }, where) => selectRoundDeclarations(db, and(where, roundScope(actor).where)),
  present: (rows) => rows.map(presentRoundDeclaration),
  export: {
    filename: 'round-declarations',
    sheet: 'Declarations',
    maxRows: 1000,
    columns: [
      { header: 'Category', width: 20, value: (item) => item.category },
      { header: 'Name', width: 32, value: (item) => item.name },
      { header: 'Text', width: 80, value: (item) => item.text },
    ],
  },
};

/** `GET /api/round-declaration/{id}`: one declaration of a round the reader can see (404 otherwise). */
export const roundDeclarationRecord: ScopedRecord<RoundDeclarationRow, RoundDeclaration> = {
  path: 'round-declaration',
  noun: 'round declaration',
  answerType: 'RoundDeclaration',
  load: async ({ deps, actor }, id) => {
    const [row] = await selectRoundDeclarations(
      deps.db,
      and(eq(roundDeclarations.id, id), roundScope(actor).where),
    );
    return row;
  },
  present: ({ record }) => presentRoundDeclaration(record),
};
