import {
  formatDateTime,
  PARTICIPATION_ACTIONS,
  PARTICIPATION_CAPACITIES,
  PARTICIPATION_SORT_KEYS,
  type Participation,
  REGISTRATION_STATUS_LABELS,
  REGISTRATION_STATUSES,
  type RegistrationStatus,
} from '@curlew/domain';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { lifecycleNextSteps, markNextSteps } from '../../platform/actions/next-steps.ts';
import { listQuerySchema } from '../../platform/actions/paging.ts';
import { previousStatusesOf } from '../../platform/actions/status.ts';
import type { Queryable } from '../../platform/db/connect.ts';
import type { ReadModel, RecordPresenter } from '../../platform/read/entity-module.ts';
import { listDeps } from '../../platform/read/list.ts';
import { organisations } from '../organisations/organisations.tables.ts';
import { participationActions } from './participations.actions.ts';
import { type ParticipationRecord, participationKind } from './participations.kind.ts';
import { presentParticipation } from './participations.present.ts';
import { participationInScope, selectParticipationsFor } from './participations.repo.ts';
import { type ParticipationRelation, participationScope } from './participations.scope.ts';
import { participations } from './participations.tables.ts';

const participationListQuery = listQuerySchema(PARTICIPATION_SORT_KEYS, 'createdAt').extend({
  roundId: z.uuid().optional(),
  organisationId: z.uuid().optional(),
  capacity: z.enum(PARTICIPATION_CAPACITIES).optional(),
  status: z.enum(REGISTRATION_STATUSES).optional(),
});

type ParticipationListQuery = z.infer<typeof participationListQuery>;

type ParticipationRow = Awaited<ReturnType<typeof selectParticipationsFor>>[number];

/** The status each withdrawn participation had before it was withdrawn, by id (read at once). */
const statusesBeforeWithdrawal = async (
  db: Queryable,
  records: readonly ParticipationRecord[],
): Promise<Map<string, string>> =>
  previousStatusesOf(
    db,
    participationKind.entity,
    records.filter((record) => record.status === 'Withdrawn').map((record) => record.id),
    'Withdrawn',
  );

/** The moves of a registration's life its page offers first; Withdraw stays among its other actions. */
const PARTICIPATION_STEPS = ['Register', 'CompleteRegistration', 'Reinstate'];

/** A participation with the status it had before a withdrawal and its next steps marked. */
const presentFor: RecordPresenter<ParticipationRecord, ParticipationRelation, Participation> = async ({
  db,
  record,
  actions,
}) => {
  const before = (await statusesBeforeWithdrawal(db, [record])).get(record.id) ?? null;
  const next = lifecycleNextSteps(PARTICIPATION_ACTIONS, actions, record.status, PARTICIPATION_STEPS);
  return presentParticipation(record, before as RegistrationStatus | null, markNextSteps(actions, next));
};

/**
 * The read side of participations: `GET /api/participations` (roundId, organisationId, capacity, status; no text
 * search; sorted by PARTICIPATION_SORT_KEYS; `format=csv|xlsx`, at most 100,000 rows; the page carries no create
 * actions: one registers from a round) and `GET /api/participation/{id}`, both scoped. Each item carries the
 * actions offered its reader and, when withdrawn, the status it had before.
 */
export const participationRead: ReadModel<
  ParticipationRecord,
  ParticipationRelation,
  Participation,
  ParticipationListQuery,
  ParticipationRow,
  Participation
> = {
  record: {
    present: { operator: presentFor, member: presentFor, agent: presentFor },
    answerType: 'Participation',
  },
  list: {
    query: participationListQuery,
    itemType: 'Participation',
    collectionActions: false,
    table: participations,
    id: participations.id,
    scope: (actor) => participationScope(actor).where,
    filters: {
      roundId: (id) => eq(participations.marketRoundId, id),
      organisationId: (id) => eq(participations.organisationId, id),
      capacity: (capacity) => eq(participations.capacity, capacity),
      status: (status) => eq(participations.status, status),
    },
    sort: {
      organisation: {
        column: organisations.name,
        join: { table: organisations, on: eq(organisations.id, participations.organisationId) },
      },
      capacity: participations.capacity,
      status: participations.status,
      createdAt: participations.createdAt,
    },
    search: [],
    rows: ({ db, actor }, where) => selectParticipationsFor(db, actor, where),
    present: async (rows, context) => {
      const found = rows.flatMap((row) => participationInScope(row) ?? []);
      const previous = await statusesBeforeWithdrawal(
        context.db,
        found.map(({ record }) => record),
      );
      const items: Participation[] = [];
      for (const { record, access } of found) {
        const subject = { actor: context.actor, record, ...access };
        const actions = await participationActions.actionsFor(listDeps(context), subject);
        const before = (previous.get(record.id) ?? null) as RegistrationStatus | null;
        items.push(presentParticipation(record, before, actions));
      }
      return items;
    },
    export: {
      filename: 'participations',
      sheet: 'Participations',
      maxRows: 100_000,
      columns: [
        { header: 'Organisation', width: 32, value: (item) => item.organisation.name },
        { header: 'Capacity', width: 12, value: (item) => item.capacity },
        { header: 'Status', width: 16, value: (item) => REGISTRATION_STATUS_LABELS[item.status] },
        { header: 'Market round', width: 24, value: (item) => item.round.name },
        { header: 'Agent', width: 28, value: (item) => item.agent?.name ?? null },
        { header: 'Registered', width: 20, value: (item) => formatDateTime(item.registeredAt) },
        { header: 'Created', width: 20, value: (item) => formatDateTime(item.createdAt) },
      ],
    },
  },
};
