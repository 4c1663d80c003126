import { isRoundAllowingGroupChanges, type JsonValue } from '@curlew/domain';
import type { EntityKind } from '../../platform/actions/types.ts';
import { findGroupFor, findGroupRecord, type RequirementGroupRecord } from './requirement-groups.repo.ts';
import type { RequirementGroupRelation } from './requirement-groups.scope.ts';

export type { RequirementGroupRecord } from './requirement-groups.repo.ts';
export type { RequirementGroupRelation } from './requirement-groups.scope.ts';

/** The requirement group entity: `/requirement-group/{id}` (no lifecycle). */
export const requirementGroupKind: EntityKind<RequirementGroupRecord, RequirementGroupRelation> = {
  entity: 'requirement-group',
  collection: 'requirement-groups',
  noun: 'credit requirement group',
  load: findGroupRecord,
  loadFor: findGroupFor,
  idOf: (record) => record.id,
  fields: (record): Record<string, JsonValue> => ({ name: record.name }),
};

/** Whether the group may still change: it has no round yet, or its round allows group changes. */
const groupMayChange = (record: Pick<RequirementGroupRecord, 'roundStatus'>): boolean =>
  record.roundStatus === null || isRoundAllowingGroupChanges({ status: record.roundStatus });

/**
 * The group's next steps: while it may change, adding credit requirements until it has two (one alone is no
 * condition that all win together); none after that.
 */
export const requirementGroupNextSteps = (
  record: Pick<RequirementGroupRecord, 'roundStatus'>,
  memberCount: number,
): string[] => (memberCount < 2 && groupMayChange(record) ? ['AddRequirements'] : []);
