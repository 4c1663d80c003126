import { type CreditRequirementStatus, type JsonValue, requirementLifecycle } from '@curlew/domain';
import type { EntityKind } from '../../platform/actions/types.ts';
import {
  findRequirementFor,
  findRequirementRecord,
  lockRequirementStatuses,
  type RequirementRecord,
  writeRequirementStatus,
} from './requirements.repo.ts';
import type { RequirementRelation } from './requirements.scope.ts';

export type { RequirementRecord } from './requirements.repo.ts';
export type { RequirementRelation } from './requirements.scope.ts';

/**
 * The fields the activity trail compares before and after an action. Never the bid: the activity of a requirement
 * is read by everyone who sees it, the LPA included.
 */
const activityFields = (record: RequirementRecord): Record<string, JsonValue> => ({
  name: record.name,
  marketRoundId: record.roundName,
  bioBroadHabitat: record.bioBroadHabitat,
  bioHabitatType: record.bioHabitatType,
  bioDistinctiveness: record.bioDistinctiveness,
  bioUnits: record.bioUnits,
  bioIsDivisible: record.bioIsDivisible,
  nutrientType: record.nutrientType,
  nutrientOngoingUnits: record.nutrientOngoingUnits,
  nutrientAdditionalUnits: record.nutrientAdditionalUnits,
  nutrientAcceptOngoingOnly: record.nutrientAcceptOngoingOnly,
  planningRef: record.planningRef,
  redemptionDate: record.redemptionDate,
  lpaId: record.lpaName,
  ncaId: record.ncaName,
  subcatchmentId: record.subcatchmentName,
  nearAddress: record.nearAddress,
  gridReference: record.gridReference,
  threeWords: record.threeWords,
  localOnly: record.localOnly,
  units: record.investorUnits,
  isDivisible: record.investorIsDivisible,
  module: record.investorModule,
  distinctiveness: record.investorDistinctiveness,
  broadHabitat: record.investorBroadHabitat,
});

/** The credit requirement entity: `/requirement/{id}`, moved along its lifecycle by the runner. */
export const requirementKind: EntityKind<RequirementRecord, RequirementRelation, CreditRequirementStatus> = {
  entity: 'requirement',
  collection: 'requirements',
  noun: 'credit requirement',
  load: findRequirementRecord,
  loadFor: findRequirementFor,
  idOf: (record) => record.id,
  lifecycle: {
    definition: requirementLifecycle,
    statusOf: (record) => record.status,
    writeStatus: (tx, record, status, now) => writeRequirementStatus(tx, [record.id], status, now),
    batch: { lockStatuses: lockRequirementStatuses, writeStatuses: writeRequirementStatus },
  },
  fields: activityFields,
  fieldLabels: { marketRoundId: 'Market round', name: 'Requirement name' },
};
