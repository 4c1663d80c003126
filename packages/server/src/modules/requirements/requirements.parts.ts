import type { RequirementRecord } from './requirements.kind.ts';

// Parts of a requirement record that are whole only once every field of theirs is set: read alike by the
// requirement's page and by the clearing, so the two never disagree on when a part counts.

/** A buyer's credits, once its credit type is set; null for an investor or before. */
export const buyerCreditsOf = (record: RequirementRecord) =>
  record.type === 'Buyer' && record.creditType !== null
    ? {
        type: record.creditType,
        nutrientType: record.nutrientType,
        nutrientOngoingUnits: record.nutrientOngoingUnits,
        nutrientAdditionalUnits: record.nutrientAdditionalUnits,
        nutrientAcceptOngoingOnly: record.nutrientAcceptOngoingOnly,
        bioBroadHabitat: record.bioBroadHabitat,
        bioHabitatType: record.bioHabitatType,
        bioDistinctiveness: record.bioDistinctiveness,
        bioUnits: record.bioUnits,
        bioIsDivisible: record.bioIsDivisible,
      }
    : null;

/** Whether a buyer's development is whole: credit type, planning reference, redemption date, LPA and address. */
export const hasDevelopment = (
  record: RequirementRecord,
): record is RequirementRecord & {
  developmentCreditType: NonNullable<RequirementRecord['developmentCreditType']>;
  planningRef: string;
  redemptionDate: NonNullable<RequirementRecord['redemptionDate']>;
  lpaId: string;
  nearAddress: string;
} =>
  record.type === 'Buyer' &&
  record.developmentCreditType !== null &&
  record.planningRef !== null &&
  record.redemptionDate !== null &&
  record.lpaId !== null &&
  record.nearAddress !== null;

/** An investor's credits, once units, redemption date, divisibility, module and distinctiveness are set; else null. */
export const investorCreditsOf = (record: RequirementRecord) =>
  record.type !== 'Buyer' &&
  record.investorUnits !== null &&
  record.redemptionDate !== null &&
  record.investorIsDivisible !== null &&
  record.investorModule !== null &&
  record.investorDistinctiveness !== null
    ? {
        units: record.investorUnits,
        redemptionDate: record.redemptionDate,
        isDivisible: record.investorIsDivisible,
        module: record.investorModule,
        distinctiveness: record.investorDistinctiveness,
        broadHabitat: record.investorBroadHabitat,
        habitatType: record.investorHabitatType,
      }
    : null;
