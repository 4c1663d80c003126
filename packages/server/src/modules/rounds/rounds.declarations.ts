import {
  addDeclarationsFieldId,
  DECLARATION_CATEGORIES,
  DECLARATION_CATEGORY_LABELS,
  type DeclarationCategory,
  type ROUND_ACTIONS,
} from '@curlew/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { isRecordId } from '../../platform/actions/ids.ts';
import type { RecordHandlers } from '../../platform/actions/types.ts';
import type { Queryable } from '../../platform/db/connect.ts';
import { AppError } from '../../platform/errors.ts';
import { declarations } from '../refdata/refdata.tables.ts';
import { declarationsOfRound, type RoundRecord, updateRound } from './rounds.repo.ts';
import type { RoundRelation } from './rounds.scope.ts';
import { roundDeclarations } from './rounds.tables.ts';

type Handlers = RecordHandlers<typeof ROUND_ACTIONS, RoundRecord, RoundRelation>;

const audienceWords = (row: { isForAgents: boolean; isForParticipants: boolean }): string =>
  row.isForAgents && row.isForParticipants
    ? 'participants and agents'
    : row.isForAgents
      ? 'agents'
      : 'participants';

/**
 * AddDeclarations: one dialog for the whole round. Each category's field offers the active declarations of that
 * category the round does not ask yet (so a declaration can only be added at the step its category names); the
 * server checks every id against its field's category anyway.
 */
export const declarationHandlers = {
  AddDeclarations: {
    async load({ db, record }) {
      const asked = new Set((await declarationsOfRound(db, record.id)).map((item) => item.declarationId));
      const rows = await db
        .select({
          id: declarations.id,
          name: declarations.name,
          category: declarations.category,
          isForAgents: declarations.isForAgents,
          isForParticipants: declarations.isForParticipants,
        })
        .from(declarations)
        .where(eq(declarations.active, true))
        .orderBy(asc(declarations.name));
      const options = Object.fromEntries(
        DECLARATION_CATEGORIES.map((category) => [
          addDeclarationsFieldId(category),
          rows
            .filter((row) => row.category === category && !asked.has(row.id))
            .map((row) => ({ value: row.id, label: `${row.name} (${audienceWords(row)})` })),
        ]),
      );
      return { options };
    },
    async handle({ tx, record, values, now, describe }) {
      const chosen = DECLARATION_CATEGORIES.flatMap((category) =>
        [...new Set(values.declarationIds?.[category] ?? [])].map((id) => ({ id, category })),
      );
      const found = await activeDeclarations(
        tx,
        chosen.map((item) => item.id),
      );
      const errors = DECLARATION_CATEGORIES.flatMap((category) => {
        const wrong = chosen.some((item) => item.category === category && found.get(item.id) !== category);
        return wrong ? [{ path: addDeclarationsFieldId(category), message: wrongCategory(category) }] : [];
      });
      if (errors.length > 0)
        throw new AppError('validation', errors[0]?.message ?? 'Not a valid option', { errors });
      const added = await tx
        .insert(roundDeclarations)
        .values(
          chosen.map(({ id, category }) => ({
            marketRoundId: record.id,
            declarationId: id,
            category,
            createdAt: now,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: roundDeclarations.id });
      await updateRound(tx, record.id, { updatedAt: now });
      describe({ declarationIds: chosen.map((item) => item.id) });
      const count = added.length;
      return {
        message:
          count === 0
            ? 'The round already asks these declarations'
            : count === 1
              ? 'Declaration added'
              : `${count} declarations added`,
      };
    },
  },
} satisfies Partial<Handlers>;

const wrongCategory = (category: DeclarationCategory): string =>
  `Choose declarations asked at ${DECLARATION_CATEGORY_LABELS[category].toLowerCase()}`;

/** The categories of the active declarations among `ids`. */
async function activeDeclarations(db: Queryable, ids: readonly string[]): Promise<Map<string, string>> {
  const valid = [...new Set(ids)].filter(isRecordId);
  if (valid.length === 0) return new Map();
  const rows = await db
    .select({ id: declarations.id, category: declarations.category })
    .from(declarations)
    .where(and(inArray(declarations.id, valid), eq(declarations.active, true)));
  return new Map(rows.map((row) => [row.id, row.category]));
}
