import type { ROUND_ACTIONS } from '@curlew/domain';
import type { RecordHandlers } from '../../platform/actions/types.ts';
import { applyImport } from '../datasets/import-data.ts';
import { importWinners } from '../match/import-match.ts';
import { type RoundRecord, updateRound } from './rounds.repo.ts';
import type { RoundRelation } from './rounds.scope.ts';

type Handlers = RecordHandlers<typeof ROUND_ACTIONS, RoundRecord, RoundRelation>;

/**
 * The CSV path: ImportData sets offers and bids from data sets (all rows or none; `POST
 * /api/round/{id}/import-data/preview` shows the same plan first), ImportMatch takes a winners file as the round's
 * result, checked as the engine's answers are, for review (the round moves to Pending).
 */
export const importHandlers = {
  ImportData: {
    async load({ record }) {
      return { initialValues: { bidderType: record.bidderType } };
    },
    async handle({ tx, record, values, files, now, actor, describe }) {
      const saved = await applyImport(tx, {
        roundId: record.id,
        choice: { bidderType: values.bidderType, creditType: values.creditType },
        files,
        now,
        actor,
      });
      describe(saved);
      return {
        message: `Imported ${saved.offers} ${saved.offers === 1 ? 'offer' : 'offers'} and ${saved.bids} ${saved.bids === 1 ? 'bid' : 'bids'}`,
      };
    },
  },
  ImportMatch: {
    async load({ record }) {
      return {
        initialValues: {
          ...(record.reservePercentage === null ? {} : { reserve: record.reservePercentage }),
          ...(record.reserveAppliesTo === null ? {} : { reserveAppliesTo: record.reserveAppliesTo }),
        },
      };
    },
    async handle({ tx, record, values, files, now, describe }) {
      const file = files.find((candidate) => candidate.fieldId === 'winnersCSV');
      if (!file) throw new Error('The winners file did not arrive');
      await updateRound(tx, record.id, {
        reservePercentage: values.reserve,
        reserveAppliesTo: values.reserveAppliesTo,
        updatedAt: now,
      });
      const task = await importWinners(tx, record.id, file, now);
      describe({ taskId: task.id, file: file.filename });
      return { message: `Winners imported: review the result of ${record.name}` };
    },
  },
} satisfies Partial<Handlers>;
