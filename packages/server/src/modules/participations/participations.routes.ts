import {
  PARTICIPATION_CAPACITIES,
  PARTICIPATION_SORT_KEYS,
  REGISTRATION_STATUSES,
  type RegistrationStatus,
} from '@curlew/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { listOrder, listPage, listQuerySchema } from '../../platform/actions/paging.ts';
import { runnerCall } from '../../platform/actions/routes.ts';
import { notFoundInScope, previousStatusesOf, previousStatusOf } from '../../platform/actions/status.ts';
import type { Queryable } from '../../platform/db/connect.ts';
import { organisations } from '../organisations/organisations.tables.ts';
import { participationActions } from './participations.actions.ts';
import { type ParticipationRecord, participationKind } from './participations.kind.ts';
import { presentParticipation } from './participations.present.ts';
import {
  countParticipationsFor,
  participationInScope,
  selectParticipationsFor,
} from './participations.repo.ts';
import { participations } from './participations.tables.ts';

const listQuery = listQuerySchema(PARTICIPATION_SORT_KEYS, 'createdAt').extend({
  roundId: z.uuid().optional(),
  organisationId: z.uuid().optional(),
  capacity: z.enum(PARTICIPATION_CAPACITIES).optional(),
  status: z.enum(REGISTRATION_STATUSES).optional(),
});

const SORT_COLUMNS = {
  organisation: organisations.name,
  capacity: participations.capacity,
  status: participations.status,
  createdAt: participations.createdAt,
} as const;

const PARTICIPATION_SUBJECT = 'participation';

const previousOf = async (db: Queryable, record: ParticipationRecord) =>
  record.status === 'Withdrawn'
    ? ((await previousStatusOf(
        db,
        { subjectType: PARTICIPATION_SUBJECT, subjectId: record.id },
        'Withdrawn',
      )) as RegistrationStatus | null)
    : null;

/** `GET /api/participations` (roundId, organisationId, capacity, status) and `GET /api/participation/{id}`. */
export async function registerParticipationRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/participations', async (request) => {
    const { actor, deps } = await runnerCall(request);
    const query = listQuery.parse(request.query);
    const where = and(
      query.roundId === undefined ? undefined : eq(participations.marketRoundId, query.roundId),
      query.organisationId === undefined
        ? undefined
        : eq(participations.organisationId, query.organisationId),
      query.capacity === undefined ? undefined : eq(participations.capacity, query.capacity),
      query.status === undefined ? undefined : eq(participations.status, query.status),
    );
    return listPage(
      query,
      {
        rows: ({ limit, offset }) =>
          selectParticipationsFor(deps.db, actor, where)
            .orderBy(...listOrder(SORT_COLUMNS, query, participations.id))
            .limit(limit)
            .offset(offset),
        total: () => countParticipationsFor(deps.db, actor, where),
      },
      async (rows) => {
        const found = rows.flatMap((row) => participationInScope(row) ?? []);
        const withdrawn = found.filter((item) => item.record.status === 'Withdrawn');
        const previous = await previousStatusesOf(
          deps.db,
          PARTICIPATION_SUBJECT,
          withdrawn.map((item) => item.record.id),
          'Withdrawn',
        );
        const items = [];
        for (const { record, access } of found) {
          const actions = await participationActions.actionsFor(deps, { actor, record, ...access });
          const before = (previous.get(record.id) ?? null) as RegistrationStatus | null;
          items.push(presentParticipation(record, before, actions));
        }
        return items;
      },
    );
  });
  app.get<{ Params: { id: string } }>('/api/participation/:id', async (request) => {
    const { actor, deps } = await runnerCall(request);
    const found = await participationKind.loadFor(deps.db, actor, request.params.id);
    if (found === undefined) throw notFoundInScope(participationKind.noun);
    const actions = await participationActions.actionsFor(deps, {
      actor,
      record: found.record,
      ...found.access,
    });
    return presentParticipation(found.record, await previousOf(deps.db, found.record), actions);
  });
}
