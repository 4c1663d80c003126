import { type ProjectStatus, projectLifecycle } from '@curlew/domain';
import type { EntityKind } from '../../platform/actions/types.ts';
import {
  findProjectFor,
  findProjectRecord,
  lockProjectStatuses,
  type ProjectRecord,
  writeProjectStatus,
} from './projects.repo.ts';
import type { ProjectRelation } from './projects.scope.ts';

export type { ProjectRecord } from './projects.repo.ts';
export type { ProjectRelation } from './projects.scope.ts';

/**
 * The project entity for the action runner: `/project/{id}`. Its activity compares the fields below; the offer and
 * the costs are left out so that no reader of the trail learns a price.
 */
export const projectKind: EntityKind<ProjectRecord, ProjectRelation, ProjectStatus> = {
  entity: 'project',
  collection: 'projects',
  noun: 'project',
  load: findProjectRecord,
  loadFor: findProjectFor,
  idOf: (record) => record.id,
  lifecycle: {
    definition: projectLifecycle,
    statusOf: (record) => record.status,
    writeStatus: (tx, record, status, now) => writeProjectStatus(tx, [record.id], status, now),
    batch: { lockStatuses: lockProjectStatuses, writeStatuses: writeProjectStatus },
  },
  fields: (record) => ({
    name: record.name,
    typeId: record.typeName,
    marketRoundId: record.roundName,
    isFixedTerm: record.isFixedTerm,
    mitigationDurations: [...record.mitigationDurations],
    creditTypes: record.locationCreditTypes === null ? null : [...record.locationCreditTypes],
    lpa: record.lpaName,
    nca: record.ncaName,
    subcatchment: record.subcatchmentName,
    nearAddress: record.nearAddress,
    gridReference: record.gridReference,
    threeWords: record.threeWords,
    baselineUnitsLost: record.baselineUnitsLost,
    yearsToTargetCondition: record.yearsToTargetCondition,
    gainsPerYear: record.gainsPerYear === null ? null : [...record.gainsPerYear],
    groupId: record.groupName,
    serviceTypes: [...record.serviceTypes],
  }),
  fieldLabels: {
    name: 'Project name',
    typeId: 'Project type',
    marketRoundId: 'Market round',
    isFixedTerm: 'Is the mitigation for a fixed term?',
    mitigationDurations: 'Mitigation durations offered',
    groupId: 'Project group',
    serviceTypes: 'Services',
    gainsPerYear: 'Gains per year',
  },
};
