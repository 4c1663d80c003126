import {
  isRoundAllowingGroupChanges,
  PROJECT_GROUP_ACTIONS,
  PROJECT_GROUP_CREATE_ACTIONS,
  type ProjectStatus,
  ROUND_STATUSES_ALLOWING_GROUP_CHANGES,
  WARNINGS,
} from '@curlew/domain';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { isRecordId } from '../../platform/actions/ids.ts';
import { allow, deny, denyRole, isOperator, OPERATOR_ONLY } from '../../platform/actions/policy.ts';
import { defineEntityActions, selfLink } from '../../platform/actions/runner.ts';
import type {
  Actor,
  CreateHandlers,
  CreatePolicies,
  GuardAnswer,
  RecordGuards,
  RecordHandlers,
  RecordPolicies,
  Subject,
} from '../../platform/actions/types.ts';
import type { Queryable } from '../../platform/db/connect.ts';
import { validationError } from '../../platform/errors.ts';
import { commentHandler } from '../comments/comment.handler.ts';
import { organisations } from '../organisations/organisations.tables.ts';
import { supplierForProject } from '../projects/projects.registration.ts';
import { setProjectsGroup } from '../projects/projects.repo.ts';
import { projectScope } from '../projects/projects.scope.ts';
import { projects } from '../projects/projects.tables.ts';
import { assertAgentMayRegister, groupChangeRefusal } from '../rounds/rounds.registration.ts';
import { marketRounds } from '../rounds/rounds.tables.ts';
import {
  type ProjectGroupRecord,
  type ProjectGroupRelation,
  projectGroupKind,
} from './project-groups.kind.ts';
import { projectGroups } from './project-groups.tables.ts';

/** Statuses in which a project may join a group: from its first draft until the round is matched. */
const GROUPABLE_STATUSES = [
  'Draft',
  'Provisional',
  'Registered',
  'PendingScreening',
  'Screened',
  'PendingRound',
  'ApprovedRound',
  'Certified',
  'Offered',
] as const satisfies readonly ProjectStatus[];

/** Projects of a supplier in a round that may join a group (in no group yet), for options and checks. */
async function groupableProjects(
  db: Queryable,
  actor: Actor,
  filter: { supplierId?: string; roundId?: string },
) {
  return db
    .select({
      id: projects.id,
      name: projects.name,
      supplierId: projects.supplierId,
      roundId: projects.marketRoundId,
      supplierName: organisations.name,
      roundName: marketRounds.name,
    })
    .from(projects)
    .innerJoin(organisations, eq(organisations.id, projects.supplierId))
    .innerJoin(marketRounds, eq(marketRounds.id, projects.marketRoundId))
    .where(
      and(
        projectScope(actor).where,
        isNull(projects.groupId),
        inArray(projects.status, [...GROUPABLE_STATUSES]),
        filter.supplierId === undefined ? undefined : eq(projects.supplierId, filter.supplierId),
        filter.roundId === undefined ? undefined : eq(projects.marketRoundId, filter.roundId),
      ),
    )
    .orderBy(asc(projects.name));
}

/** Sets the group of the chosen projects: each must be the supplier's, in the round and free (422 otherwise). */
async function addMembers(
  tx: Queryable,
  actor: Actor,
  group: { id: string; supplierId: string; marketRoundId: string },
  projectIds: readonly string[],
  now: Date,
): Promise<void> {
  if (projectIds.length === 0) return;
  const candidates = await groupableProjects(tx, actor, {
    supplierId: group.supplierId,
    roundId: group.marketRoundId,
  });
  const allowed = new Set(candidates.map((candidate) => candidate.id));
  projectIds.forEach((id, index) => {
    if (!allowed.has(id)) throw validationError(`projectIds.${index}`, 'Not a valid option');
  });
  await setProjectsGroup(tx, projectIds, group.id, now);
}

type GroupSubject = Subject<ProjectGroupRecord, ProjectGroupRelation>;

const supplierSide = ({ relation, permissions }: GroupSubject) =>
  relation === 'operator' || relation === 'member' || permissions.includes('RegisterForRound')
    ? allow
    : deny('You need approved authority with permission to register for this round');

/** The supplier's side (the operator for a supplier, its members, its agent with RegisterForRound) keeps groups. */
const projectGroupPolicies = {
  AddProjects: supplierSide,
  Update: supplierSide,
  Comment: () => allow,
} satisfies RecordPolicies<typeof PROJECT_GROUP_ACTIONS, ProjectGroupRecord, ProjectGroupRelation>;

/** Suppliers, their agents and the operator create groups. */
const projectGroupCreatePolicies = {
  CreateProjectGroup: (actor) =>
    isOperator(actor) || actor.organisation?.type === 'PARTICIPANT' || actor.organisation?.type === 'AGENT'
      ? allow
      : denyRole(OPERATOR_ONLY),
} satisfies CreatePolicies<typeof PROJECT_GROUP_CREATE_ACTIONS>;

/** A group changes only while its round allows group changes (until bids and offers close). */
const roundAllowsChanges = async ({ record }: { record: ProjectGroupRecord }): Promise<GuardAnswer> => {
  const refusal = groupChangeRefusal({ name: record.roundName, status: record.roundStatus });
  return refusal === undefined ? { ok: true } : { ok: false, reason: refusal };
};

/** Groups change only while their round allows it. */
const projectGroupGuards = {
  AddProjects: roundAllowsChanges,
  Update: roundAllowsChanges,
} satisfies RecordGuards<typeof PROJECT_GROUP_ACTIONS, ProjectGroupRecord, ProjectGroupRelation>;

/** Project options by name (Add projects to group: the group's round and supplier only). */
const projectOptions = (rows: readonly { id: string; name: string }[]) =>
  rows.map((row) => ({ value: row.id, label: row.name }));

/** AddProjects, Update and Comment on a group. */
const projectGroupHandlers = {
  AddProjects: {
    async load({ db, record, actor }) {
      const rows = await groupableProjects(db, actor, {
        supplierId: record.supplierId,
        roundId: record.marketRoundId,
      });
      return {
        options: { projectIds: projectOptions(rows) },
        warnings: rows.length === 0 ? [{ path: 'projectIds', message: WARNINGS.noProjectsToAdd }] : [],
      };
    },
    async handle({ tx, record, actor, values, now, describe }) {
      const ids = values.projectIds.filter((id) => typeof id === 'string');
      await addMembers(tx, actor, record, ids, now);
      describe({ added: ids.length });
      return {
        message: `${ids.length === 1 ? '1 project' : `${ids.length} projects`} added to ${record.name}`,
      };
    },
  },
  Update: {
    async load({ record }) {
      return { initialValues: { name: record.name, type: record.type } };
    },
    async handle({ tx, record, values, now }) {
      await tx
        .update(projectGroups)
        .set({ name: values.name, type: values.type, updatedAt: now })
        .where(eq(projectGroups.id, record.id));
      return { message: `${values.name} updated` };
    },
  },
  Comment: commentHandler<ProjectGroupRecord, ProjectGroupRelation>({
    subjectType: 'project-group',
    subjectId: (record) => record.id,
  }),
} satisfies RecordHandlers<typeof PROJECT_GROUP_ACTIONS, ProjectGroupRecord, ProjectGroupRelation>;

/** CreateProjectGroup: a supplier's XOR or AND group in a round, with its first projects. */
const projectGroupCreateHandlers = {
  CreateProjectGroup: {
    async load({ db, actor }) {
      const candidates = await groupableProjects(db, actor, {});
      const roundIds = [
        ...new Set(candidates.map((row) => row.roundId).filter((id) => id !== null)),
      ] as string[];
      const rounds =
        roundIds.length === 0
          ? []
          : await db
              .select({ id: marketRounds.id, name: marketRounds.name })
              .from(marketRounds)
              .where(
                and(
                  inArray(marketRounds.id, roundIds),
                  inArray(marketRounds.status, [...ROUND_STATUSES_ALLOWING_GROUP_CHANGES]),
                ),
              )
              .orderBy(asc(marketRounds.name));
      const own = actor.organisationId;
      const offered = candidates.filter((row) => rounds.some((round) => round.id === row.roundId));
      // Each project is offered only once its supplier, its round and a group type are chosen.
      const groupable: Record<string, string[]> = {};
      for (const row of offered) {
        if (row.roundId === null) continue;
        const suppliers = groupable[row.roundId] ?? [];
        if (!suppliers.includes(row.supplierId)) suppliers.push(row.supplierId);
        groupable[row.roundId] = suppliers;
      }
      return {
        options: {
          marketRoundId: rounds.map((round) => ({ value: round.id, label: round.name })),
          projectIds: offered.map((row) => ({
            value: row.id,
            label: row.name,
            visibleWhen: [
              { fieldId: 'supplierId', oneOf: [row.supplierId] },
              { fieldId: 'marketRoundId', oneOf: [row.roundId ?? ''] },
              { fieldId: 'type', filled: true },
            ],
          })),
        },
        settings: { groupable },
        warnings: [
          ...(rounds.length === 0
            ? [{ path: 'marketRoundId', message: WARNINGS.noRoundsForProjectGroups }]
            : []),
          ...(candidates.length === 0 ? [{ path: 'projectIds', message: WARNINGS.noProjectsForGroup }] : []),
        ],
        ...(actor.organisation?.type === 'PARTICIPANT' && own !== null
          ? { initialValues: { supplierId: own } }
          : {}),
      };
    },
    async handle({ tx, actor, values, now }) {
      const supplier = await supplierForProject(tx, actor, values.supplierId);
      const [round] = isRecordId(values.marketRoundId)
        ? await tx
            .select({ id: marketRounds.id, name: marketRounds.name, status: marketRounds.status })
            .from(marketRounds)
            .where(eq(marketRounds.id, values.marketRoundId))
        : [];
      if (round === undefined || !isRoundAllowingGroupChanges(round))
        throw validationError('marketRoundId', 'Not a valid option');
      await assertAgentMayRegister(tx, actor, supplier, round);
      const [row] = await tx
        .insert(projectGroups)
        .values({
          name: values.name,
          type: values.type,
          supplierId: supplier.id,
          marketRoundId: round.id,
          createdBy: actor.id,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: projectGroups.id });
      if (!row) throw new Error('project group insert returned no row');
      await addMembers(
        tx,
        actor,
        { id: row.id, supplierId: supplier.id, marketRoundId: round.id },
        values.projectIds,
        now,
      );
      return {
        id: row.id,
        result: {
          message: `${values.name} added`,
          context: { id: row.id, self: selfLink('project-group', row.id) },
        },
      };
    },
  },
} satisfies CreateHandlers<typeof PROJECT_GROUP_CREATE_ACTIONS>;

/** Project group actions on `/project-group/{id}` and `POST /api/project-groups`. */
export const projectGroupActions = defineEntityActions({
  kind: projectGroupKind,
  definitions: PROJECT_GROUP_ACTIONS,
  policies: projectGroupPolicies,
  guards: projectGroupGuards,
  handlers: projectGroupHandlers,
  create: {
    definitions: PROJECT_GROUP_CREATE_ACTIONS,
    policies: projectGroupCreatePolicies,
    handlers: projectGroupCreateHandlers,
  },
});
