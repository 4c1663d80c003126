import { randomUUID } from 'node:crypto';
import { REQUIREMENT_GROUP_ACTIONS, REQUIREMENT_GROUP_CREATE_ACTIONS } from '@curlew/domain';
import { eq, inArray } from 'drizzle-orm';
import { isRecordId } from '../../platform/actions/ids.ts';
import { allow, deny, isOperator, operatorOnly } from '../../platform/actions/policy.ts';
import { defineEntityActions, selfLink } from '../../platform/actions/runner.ts';
import type {
  Actor,
  CreateHandlers,
  CreatePolicies,
  GuardAnswer,
  PolicyDecision,
  RecordGuards,
  RecordHandlers,
  RecordPolicies,
} from '../../platform/actions/types.ts';
import type { Queryable } from '../../platform/db/connect.ts';
import { AppError, validationError } from '../../platform/errors.ts';
import { commentHandler } from '../comments/comment.handler.ts';
import { ownerFor } from '../requirements/requirements.owner.ts';
import { creditRequirements } from '../requirements/requirements.tables.ts';
import { assertAgentMayRegister, groupChangeRefusal } from '../rounds/rounds.registration.ts';
import { findRoundRecord } from '../rounds/rounds.repo.ts';
import {
  type RequirementGroupRecord,
  type RequirementGroupRelation,
  requirementGroupKind,
} from './requirement-groups.kind.ts';
import {
  addMembers,
  candidateRequirements,
  groupableRequirementOptions,
  insertGroup,
  membersOf,
  removeMembers,
  renameGroup,
} from './requirement-groups.repo.ts';
import { requirementGroupMembers, requirementGroups } from './requirement-groups.tables.ts';

type Subject = { actor: Actor; relation: RequirementGroupRelation; permissions: readonly string[] };

const editor = ({ relation, permissions }: Subject): PolicyDecision =>
  relation === 'operator' || relation === 'member' || permissions.includes('RegisterForRound')
    ? allow
    : deny('You need approved authority with permission to register for this round');

/** Who changes a group: the buyer's members, the operator, and its agent with RegisterForRound. */
const requirementGroupPolicies = {
  AddRequirements: editor,
  RemoveRequirements: editor,
  Rename: editor,
  Comment: () => allow,
} satisfies RecordPolicies<
  typeof REQUIREMENT_GROUP_ACTIONS,
  RequirementGroupRecord,
  RequirementGroupRelation
>;

const roundStillOpen = async ({ record }: { record: RequirementGroupRecord }): Promise<GuardAnswer> => {
  const refusal = groupChangeRefusal(
    record.roundName === null || record.roundStatus === null
      ? null
      : { name: record.roundName, status: record.roundStatus },
  );
  return refusal === undefined ? { ok: true } : { ok: false, reason: refusal };
};

/** Groups change only while their round allows it (until bids and offers close). */
const requirementGroupGuards = {
  AddRequirements: roundStillOpen,
  RemoveRequirements: roundStillOpen,
  Rename: roundStillOpen,
} satisfies RecordGuards<typeof REQUIREMENT_GROUP_ACTIONS, RequirementGroupRecord, RequirementGroupRelation>;

/** Message of requirements of different rounds in one group. */
const ONE_ROUND_MESSAGE = 'The credit requirements of a group must be in one market round';

/**
 * The requirements a group may take, checked (422 at `requirementIds`): each exists and is the buyer's, all are in
 * `roundId` (or in one round when it is not known yet), none is in another group. Answers their round.
 */
async function assertMembers(
  db: Queryable,
  buyerId: string,
  requirementIds: readonly string[],
  roundId: string | null | undefined,
  groupId: string | null,
): Promise<string | null> {
  const ids = [...new Set(requirementIds)];
  if (!ids.every(isRecordId)) throw validationError('requirementIds', 'Not a valid option');
  const rows = await db
    .select({
      id: creditRequirements.id,
      name: creditRequirements.name,
      buyerId: creditRequirements.buyerId,
      marketRoundId: creditRequirements.marketRoundId,
      groupId: requirementGroupMembers.groupId,
      groupName: requirementGroups.name,
    })
    .from(creditRequirements)
    .leftJoin(requirementGroupMembers, eq(requirementGroupMembers.requirementId, creditRequirements.id))
    .leftJoin(requirementGroups, eq(requirementGroups.id, requirementGroupMembers.groupId))
    .where(inArray(creditRequirements.id, ids));
  if (rows.length !== ids.length || rows.some((row) => row.buyerId !== buyerId))
    throw validationError('requirementIds', 'Not a valid option');
  const rounds = new Set(rows.map((row) => row.marketRoundId));
  if (rounds.size > 1 || (roundId !== undefined && !rounds.has(roundId)))
    throw validationError('requirementIds', ONE_ROUND_MESSAGE);
  const taken = rows.find((row) => row.groupId !== null && row.groupId !== groupId);
  if (taken) throw validationError('requirementIds', `${taken.name} is already in ${taken.groupName}`);
  return rows[0]?.marketRoundId ?? null;
}

const requirementOptions = async (db: Queryable, record: RequirementGroupRecord, inGroup: boolean) =>
  (await candidateRequirements(db, record.buyerId, record.marketRoundId))
    .filter((row) => (inGroup ? row.groupId === record.id : row.groupId === null))
    .filter((row) => row.marketRoundId === record.marketRoundId)
    .map((row) => ({ value: row.id, label: row.name }));

/** The handlers of group actions. */
const requirementGroupHandlers = {
  AddRequirements: {
    async load({ db, record }) {
      return { options: { requirementIds: await requirementOptions(db, record, false) } };
    },
    async handle({ tx, record, values, describe }) {
      await assertMembers(tx, record.buyerId, values.requirementIds, record.marketRoundId, record.id);
      const current = new Set(
        ((await membersOf(tx, [record.id])).get(record.id) ?? []).map((member) => member.id),
      );
      const added = [...new Set(values.requirementIds)].filter((id) => !current.has(id));
      await addMembers(tx, record.id, added);
      describe({ added: added.length });
      return { message: `Added to ${record.name}` };
    },
  },
  RemoveRequirements: {
    async load({ db, record }) {
      return { options: { requirementIds: await requirementOptions(db, record, true) } };
    },
    async handle({ tx, record, values }) {
      const members = (await membersOf(tx, [record.id])).get(record.id) ?? [];
      const removing = new Set(values.requirementIds);
      if (!values.requirementIds.every((id) => members.some((member) => member.id === id)))
        throw validationError('requirementIds', 'Not a valid option');
      if (members.every((member) => removing.has(member.id)))
        throw validationError('requirementIds', 'A group keeps at least one credit requirement');
      await removeMembers(tx, record.id, [...removing]);
      return { message: `Removed from ${record.name}` };
    },
  },
  Rename: {
    async load({ record }) {
      return { initialValues: { name: record.name } };
    },
    async handle({ tx, record, values, now }) {
      await renameGroup(tx, record.id, values.name, now);
      return { message: `Renamed ${values.name}` };
    },
  },
  Comment: commentHandler<RequirementGroupRecord, RequirementGroupRelation>({
    subjectType: 'requirement-group',
    subjectId: (record) => record.id,
  }),
} satisfies RecordHandlers<
  typeof REQUIREMENT_GROUP_ACTIONS,
  RequirementGroupRecord,
  RequirementGroupRelation
>;

/** Buyers, their agents and the operator group requirements. */
const requirementGroupCreatePolicies = {
  CreateRequirementGroup: (actor) =>
    isOperator(actor) || actor.organisation?.type === 'PARTICIPANT' || actor.organisation?.type === 'AGENT'
      ? allow
      : operatorOnly(actor),
} satisfies CreatePolicies<typeof REQUIREMENT_GROUP_CREATE_ACTIONS>;

/** CreateRequirementGroup: one buyer's requirements of one round. */
const requirementGroupCreateHandlers = {
  CreateRequirementGroup: {
    async load({ db, actor }) {
      const own = actor.organisation?.type === 'PARTICIPANT' ? actor.organisationId : null;
      const options = { requirementIds: await groupableRequirementOptions(db, actor, own ?? undefined) };
      return own === null ? { options } : { options, initialValues: { buyerId: own } };
    },
    async handle({ tx, actor, values, now }) {
      const buyer = await ownerFor(tx, actor, values.buyerId);
      const roundId = await assertMembers(tx, buyer.id, values.requirementIds, undefined, null);
      const round = roundId === null ? undefined : await findRoundRecord(tx, roundId);
      if (actor.organisation?.type === 'AGENT' && round === undefined)
        throw validationError('requirementIds', 'Not a valid option');
      if (round !== undefined) await assertAgentMayRegister(tx, actor, buyer, round);
      const refusal = groupChangeRefusal(round ?? null);
      if (refusal !== undefined) throw new AppError('invalid_status', refusal);
      const id = randomUUID();
      await insertGroup(
        tx,
        { id, name: values.name, buyerId: buyer.id, marketRoundId: roundId, createdBy: actor.id, now },
        [...new Set(values.requirementIds)],
      );
      return {
        id,
        result: { message: `${values.name} added`, context: { id, self: selfLink('requirement-group', id) } },
      };
    },
  },
} satisfies CreateHandlers<typeof REQUIREMENT_GROUP_CREATE_ACTIONS>;

/** Requirement group actions on `/requirement-group/{id}` and creation on `/requirement-groups`. */
export const requirementGroupActions = defineEntityActions({
  kind: requirementGroupKind,
  definitions: REQUIREMENT_GROUP_ACTIONS,
  policies: requirementGroupPolicies,
  guards: requirementGroupGuards,
  handlers: requirementGroupHandlers,
  create: {
    definitions: REQUIREMENT_GROUP_CREATE_ACTIONS,
    policies: requirementGroupCreatePolicies,
    handlers: requirementGroupCreateHandlers,
  },
});
