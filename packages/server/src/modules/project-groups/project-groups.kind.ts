import { type EntityAction, isRoundAllowingGroupChanges, type ProjectGroup } from '@curlew/domain';
import { markNextSteps } from '../../platform/actions/next-steps.ts';
import { selfLink } from '../../platform/actions/runner.ts';
import type { EntityKind } from '../../platform/actions/types.ts';
import {
  findProjectGroupFor,
  findProjectGroupRecord,
  type ProjectGroupRecord,
} from './project-groups.repo.ts';
import type { ProjectGroupRelation } from './project-groups.scope.ts';

export type { ProjectGroupRecord } from './project-groups.repo.ts';
export type { ProjectGroupRelation } from './project-groups.scope.ts';

/** The project group entity: `/project-group/{id}` (no lifecycle: it lives as long as its round's offers). */
export const projectGroupKind: EntityKind<ProjectGroupRecord, ProjectGroupRelation> = {
  entity: 'project-group',
  collection: 'project-groups',
  noun: 'project group',
  load: findProjectGroupRecord,
  loadFor: findProjectGroupFor,
  idOf: (record) => record.id,
  fields: (record) => ({ name: record.name, type: record.type }),
};

/**
 * The group's next steps: while its round still takes groups, adding projects until it has two (one project alone
 * is no choice of XOR nor a condition of AND); none after that.
 */
const projectGroupNextSteps = (record: ProjectGroupRecord, memberCount: number): string[] =>
  memberCount < 2 && isRoundAllowingGroupChanges({ status: record.roundStatus }) ? ['AddProjects'] : [];

/** A project group as the API answers it, its next steps marked. */
export const presentProjectGroup = (
  record: ProjectGroupRecord,
  members: readonly { id: string; name: string; status: ProjectGroup['projects'][number]['status'] }[],
  actions: EntityAction[],
): ProjectGroup => ({
  id: record.id,
  self: selfLink('project-group', record.id),
  name: record.name,
  type: record.type,
  supplier: { id: record.supplierId, name: record.supplierName },
  round: { id: record.marketRoundId, name: record.roundName, status: record.roundStatus },
  projects: members.map((member) => ({
    id: member.id,
    name: member.name,
    self: selfLink('project', member.id),
    status: member.status,
  })),
  createdAt: record.createdAt.toISOString(),
  actions: markNextSteps(actions, projectGroupNextSteps(record, members.length)),
});
