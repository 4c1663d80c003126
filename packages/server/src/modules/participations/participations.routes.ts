import {
  PARTICIPATION_CAPACITIES,
  PARTICIPATION_SORT_KEYS,
  REGISTRATION_STATUSES,
  type RegistrationStatus,
} from '@curlew/domain';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { listQuerySchema } from '../../platform/actions/paging.ts';
import { runnerCall } from '../../platform/actions/routes.ts';
import { notFoundInScope, previousStatusOf } from '../../platform/actions/status.ts';
import type { Queryable } from '../../platform/db/connect.ts';
import { participations } from '../markets/markets.tables.ts';
import { organisations } from '../organisations/organisations.tables.ts';
import { participationActions } from './participations.actions.ts';
import { type ParticipationRecord, participationKind } from './participations.kind.ts';
import { presentParticipation } from './participations.present.ts';
import { participationInScope, selectParticipationsFor } from './participations.repo.ts';
import { participationScope } from './participations.scope.ts';

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

const previousOf = async (db: Queryable, record: ParticipationRecord) =>
  record.status === 'Withdrawn'
    ? ((await previousStatusOf(
        db,
        { subjectType: 'participation', subjectId: record.id },
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
    const direction = query.order === 'desc' ? desc : asc;
    const rows = await selectParticipationsFor(deps.db, actor, where)
      .orderBy(direction(SORT_COLUMNS[query.sort]), asc(participations.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize);
    const [total] = await deps.db
      .select({ value: count() })
      .from(participations)
      .innerJoin(organisations, eq(organisations.id, participations.organisationId))
      .where(and(participationScope(actor).where, where));
    const items = [];
    for (const row of rows) {
      const found = participationInScope(row);
      if (found === null) continue;
      const actions = await participationActions.actionsFor(deps, {
        actor,
        record: found.record,
        ...found.access,
      });
      items.push(presentParticipation(found.record, await previousOf(deps.db, found.record), actions));
    }
    return { items, total: total?.value ?? 0, page: query.page, pageSize: query.pageSize };
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
