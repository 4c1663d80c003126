import {
  BIDDER_TYPE_LABELS,
  CREDIT_TYPE_LABELS,
  type EntityAction,
  formatDateTime,
  MARKET_ROUND_STATUS_LABELS,
  MARKET_ROUND_STATUSES,
  type MarketRound,
  ROUND_ACTIONS,
  ROUND_SORT_KEYS,
} from '@curlew/domain';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { lifecycleNextSteps, markNextSteps } from '../../platform/actions/next-steps.ts';
import { listQuerySchema } from '../../platform/actions/paging.ts';
import { isOperator } from '../../platform/actions/policy.ts';
import { searchDocumentOf } from '../../platform/db/search-document.ts';
import type { ReadModel, RecordPresenter } from '../../platform/read/entity-module.ts';
import { listDeps } from '../../platform/read/list.ts';
import { latestRoundTask } from '../match/tasks.ts';
import { roundActions } from './rounds.actions.ts';
import { presentRounds, roundSummaries, roundSummary } from './rounds.kind.ts';
import { roundChecklist, roundHistory } from './rounds.readiness.ts';
import {
  declarationsOfRound,
  declarationsOfRounds,
  type RoundRecord,
  roundInScope,
  selectRoundsFor,
} from './rounds.repo.ts';
import { type RoundRelation, roundScope } from './rounds.scope.ts';
import { marketRounds } from './rounds.tables.ts';

const roundListQuery = listQuerySchema(ROUND_SORT_KEYS, 'createdAt').extend({
  marketId: z.uuid().optional(),
  status: z.enum(MARKET_ROUND_STATUSES).optional(),
});

type RoundListQuery = z.infer<typeof roundListQuery>;

type RoundRow = Awaited<ReturnType<typeof selectRoundsFor>>[number];

/** The moves of a round's life its page offers first, in order (a round that may open, close, match, settle ...). */
const ROUND_STEPS = [
  'Open',
  'RegisterAsParticipant',
  'Close',
  'PublishOpportunityStatement',
  'OpenBidsAndOffers',
  'CloseBidsAndOffers',
  'Match',
  'Review',
  'AcceptMatch',
  'RejectMatch',
  'Settle',
];

/**
 * The round's next steps for its reader: the operator records participants itself, so registering one provisionally
 * is never its next step.
 */
export const roundNextSteps = (
  record: Pick<RoundRecord, 'status'>,
  actions: readonly EntityAction[],
  operator: boolean,
): string[] =>
  lifecycleNextSteps(
    ROUND_ACTIONS,
    actions,
    record.status,
    operator ? ROUND_STEPS.filter((id) => id !== 'RegisterAsParticipant') : ROUND_STEPS,
  );

/**
 * A round with its declarations, its counts within the reader's scope and its next steps marked; for the operator
 * also its latest task, its history and what it still needs before it opens.
 */
const presentFor: RecordPresenter<RoundRecord, RoundRelation, MarketRound> = async ({
  deps,
  db,
  actor,
  record,
  actions,
}) => {
  const declarations = await declarationsOfRound(db, record.id);
  const summary = await roundSummary(db, actor, record.id);
  const marked = markNextSteps(actions, roundNextSteps(record, actions, isOperator(actor)));
  const [round] = await presentRounds(db, [{ record, actions: marked, declarations, summary }]);
  if (round === undefined) throw new Error('A round is always presented');
  if (isOperator(actor)) {
    round.latestTask = await latestRoundTask(db, record.id);
    round.history = await roundHistory(db, record.id);
    const checklist = roundChecklist(record, declarations, deps.clock());
    if (checklist !== undefined) round.checklist = checklist;
  }
  return round;
};

/**
 * The read side of market rounds: `GET /api/rounds` (q on the name; marketId, status; sorted by ROUND_SORT_KEYS;
 * `format=csv|xlsx`, at most 100,000 rows) and `GET /api/round/{id}`, both scoped. Each round carries its
 * declarations, its counts as the reader may see them and the actions offered the reader.
 */
export const roundRead: ReadModel<
  RoundRecord,
  RoundRelation,
  MarketRound,
  RoundListQuery,
  RoundRow,
  MarketRound
> = {
  record: {
    present: { operator: presentFor, participant: presentFor, agent: presentFor },
    answerType: 'MarketRound',
  },
  list: {
    query: roundListQuery,
    itemType: 'MarketRound',
    table: marketRounds,
    id: marketRounds.id,
    scope: (actor) => roundScope(actor).where,
    filters: {
      marketId: (id) => eq(marketRounds.marketId, id),
      status: (status) => eq(marketRounds.status, status),
    },
    sort: { name: marketRounds.name, status: marketRounds.status, createdAt: marketRounds.createdAt },
    search: [marketRounds.name],
    document: searchDocumentOf(marketRounds),
    rows: ({ db, actor }, where) => selectRoundsFor(db, actor, where),
    present: async (rows, context) => {
      const found = rows.flatMap((row) => roundInScope(row) ?? []);
      const ids = found.map(({ record }) => record.id);
      const declarations = await declarationsOfRounds(context.db, ids);
      const summaries = await roundSummaries(context.db, context.actor, ids);
      const items = [];
      for (const { record, access } of found) {
        const summary = summaries.get(record.id);
        if (summary === undefined) continue;
        const subject = { actor: context.actor, record, ...access };
        items.push({
          record,
          actions: await roundActions.actionsFor(listDeps(context), subject),
          declarations: declarations.get(record.id) ?? [],
          summary,
        });
      }
      return presentRounds(context.db, items);
    },
    export: {
      filename: 'rounds',
      sheet: 'Market rounds',
      maxRows: 100_000,
      columns: [
        { header: 'Name', width: 32, value: (item) => item.name },
        { header: 'Market', width: 28, value: (item) => item.market.name },
        { header: 'Status', width: 22, value: (item) => MARKET_ROUND_STATUS_LABELS[item.status] },
        {
          header: 'Services',
          width: 36,
          value: (item) => item.services.map((type) => CREDIT_TYPE_LABELS[type]).join('; '),
        },
        { header: 'Bidders', width: 22, value: (item) => BIDDER_TYPE_LABELS[item.bidderType] },
        { header: 'Projects', width: 10, value: (item) => item.summary.projects },
        { header: 'Requirements', width: 12, value: (item) => item.summary.requirements },
        { header: 'Created', width: 20, value: (item) => formatDateTime(item.createdAt) },
        { header: 'Updated', width: 20, value: (item) => formatDateTime(item.updatedAt) },
      ],
    },
  },
};
