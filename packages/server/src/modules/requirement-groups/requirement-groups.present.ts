import type { EntityAction, RequirementGroup } from '@curlew/domain';
import { markNextSteps } from '../../platform/actions/next-steps.ts';
import { selfLink } from '../../platform/actions/runner.ts';
import { type RequirementGroupRecord, requirementGroupNextSteps } from './requirement-groups.kind.ts';
import type { GroupMember } from './requirement-groups.repo.ts';

/** A group as the API answers it (no bid: groups carry none), its next steps marked. */
export const presentGroup = (
  record: RequirementGroupRecord,
  members: readonly GroupMember[],
  actions: EntityAction[],
): RequirementGroup => ({
  id: record.id,
  self: selfLink('requirement-group', record.id),
  name: record.name,
  buyer: { id: record.buyerId, name: record.buyerName },
  round:
    record.marketRoundId !== null && record.roundName !== null && record.roundStatus !== null
      ? { id: record.marketRoundId, name: record.roundName, status: record.roundStatus }
      : null,
  requirements: members.map((member) => ({
    id: member.id,
    name: member.name,
    self: selfLink('requirement', member.id),
    status: member.status,
  })),
  createdAt: record.createdAt.toISOString(),
  actions: markNextSteps(actions, requirementGroupNextSteps(record, members.length)),
});
