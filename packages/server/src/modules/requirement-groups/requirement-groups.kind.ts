import type { JsonValue } from '@curlew/domain';
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
