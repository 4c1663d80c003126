import {
  type CreditRequirement,
  clearingExclusionOf,
  type EntityAction,
  formatIsoDate,
  type RecordDocument,
  type RequirementBid,
  type RequirementListItem,
} from '@curlew/domain';
import { markNextSteps } from '../../platform/actions/next-steps.ts';
import { selfLink } from '../../platform/actions/runner.ts';
import { requirementChecklist, requirementNextSteps } from './requirements.checklist.ts';
import { buyerCreditsOf, hasDevelopment, investorCreditsOf } from './requirements.parts.ts';
import type { RequirementBidRow, RequirementCreditRow, RequirementRecord } from './requirements.repo.ts';

const named = (id: string | null, name: string | null) =>
  id !== null && name !== null ? { id, name } : null;

const roundOf = (record: RequirementRecord) =>
  record.marketRoundId !== null && record.roundName !== null && record.roundStatus !== null
    ? { id: record.marketRoundId, name: record.roundName, status: record.roundStatus }
    : null;

/** What a requirement's page and its list row open with: who, what and where it trades. */
const heading = (record: RequirementRecord) => ({
  id: record.id,
  self: selfLink('requirement', record.id),
  name: record.name,
  type: record.type,
  status: record.status,
  buyer: { id: record.buyerId, name: record.buyerName },
  agent: named(record.agentId, record.agentName),
  market: named(record.marketId, record.marketName),
});

const FINISHED: readonly string[] = ['CreditsRedeemed', 'Retired'];

/** Whether the redemption date has passed while the credits are not redeemed (registry filter). */
export const isLateRedemption = (record: RequirementRecord, now: Date): boolean =>
  record.redemptionDate !== null &&
  record.redemptionDate < formatIsoDate(now) &&
  record.status !== 'Draft' &&
  !FINISHED.includes(record.status);

/** A bid row as the API answers it. */
const presentBid = (bid: RequirementBidRow): RequirementBid => ({
  bid: bid.bid,
  acceptOngoingOnly: bid.acceptOngoingOnly,
  bidOngoingOnly: bid.bidOngoingOnly,
});

/**
 * A requirement as the API answers it. `bid` is given (a bid or null) only when `bid` is not undefined, that is for
 * those who may see it; everyone else gets no `bid` key at all.
 */
export function presentRequirement(
  record: RequirementRecord,
  parts: {
    credits: readonly RequirementCreditRow[];
    documents: RecordDocument[];
    bid: RequirementBidRow | null | undefined;
    actions: EntityAction[];
    now: Date;
    /** Whether the reader gets the 'What is still needed' checklist (not a local planning authority). */
    checklist?: boolean;
  },
): CreditRequirement {
  const isBuyer = record.type === 'Buyer';
  const lpa = named(record.lpaId, record.lpaName);
  const nca = named(record.ncaId, record.ncaName);
  const answer: CreditRequirement = {
    ...heading(record),
    round:
      roundOf(record) === null
        ? null
        : { ...(roundOf(record) as NonNullable<ReturnType<typeof roundOf>>), ampEnd: record.roundAmpEnd },
    credits: parts.credits.map((credit) => ({
      id: credit.id,
      type: credit.type,
      status: credit.status,
      requiredUnits: credit.requiredUnits,
      actualUnits: credit.actualUnits,
      isPermanent: credit.isPermanent,
      years: credit.years,
    })),
    buyerCredits: buyerCreditsOf(record),
    development:
      hasDevelopment(record) && lpa !== null
        ? {
            creditType: record.developmentCreditType,
            planningRef: record.planningRef,
            redemptionDate: record.redemptionDate,
            lpa,
            nca,
            subcatchment: named(record.subcatchmentId, record.subcatchmentName),
            nearAddress: record.nearAddress,
            gridReference: record.gridReference,
            threeWords: record.threeWords,
            localOnly: record.localOnly,
          }
        : null,
    investorCredits: investorCreditsOf(record),
    location: !isBuyer && lpa !== null && nca !== null ? { lpa, nca } : null,
    group: named(record.groupId, record.groupName),
    documents: parts.documents,
    lateRedemption: isLateRedemption(record, parts.now),
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
    actions: markNextSteps(parts.actions, requirementNextSteps(record, parts.actions)),
    checklist: parts.checklist
      ? requirementChecklist(record, {
          documentTags: new Set(parts.documents.map((doc) => doc.tag)),
          bid: parts.bid === undefined ? 'unseen' : parts.bid === null ? 'none' : 'set',
        })
      : [],
  };
  if (parts.bid !== undefined) {
    answer.bid = parts.bid === null ? null : presentBid(parts.bid);
    answer.clearingExclusion = clearingExclusionOf(record);
  }
  return answer;
}

/** A list row (never the bid). */
export const presentRequirementListItem = (record: RequirementRecord): RequirementListItem => ({
  ...heading(record),
  round: roundOf(record),
  creditTypes: record.creditTypes,
  units: record.units,
  lpa: named(record.lpaId, record.lpaName),
  planningRef: record.planningRef,
  redemptionDate: record.redemptionDate,
  group: named(record.groupId, record.groupName),
  createdAt: record.createdAt.toISOString(),
});
