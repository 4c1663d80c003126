import {
  type BuyerCredits,
  bidRates,
  type CreditRequirement,
  type CreditRequirementStatus,
  type CreditRequirementType,
  firstDeliveryYear,
  formatGBP,
  isNutrientCreditType,
  requirementNeedByYear,
  roundYearlyPeriods,
  type YearlyNeed,
} from '@curlew/domain';
import type { ActionLayout } from '../../components/actions/MoreActionsMenu.tsx';

/** A green darker than Mantine's green 9, which gives white badge text only 4.4:1. */
const CREDIT_GREEN = '#237032';

/** The colour of a requirement status badge (dark shades: white text stays readable). */
export const REQUIREMENT_STATUS_COLOURS = {
  Draft: 'gray.7',
  Provisional: 'blue.9',
  Registered: 'teal.9',
  Bid: 'indigo.9',
  RightsCreated: CREDIT_GREEN,
  RightsAllocated: CREDIT_GREEN,
  CreditsIssued: CREDIT_GREEN,
  CreditsRedeemed: CREDIT_GREEN,
  Retired: 'gray.8',
  Unmatched: 'red.9',
} as const satisfies Record<CreditRequirementStatus, string>;

/** Who a requirement is for, as people read it. */
export const REQUIREMENT_TYPE_LABELS = {
  Buyer: 'Buyer (development)',
  Investor: 'Investor',
} as const satisfies Record<CreditRequirementType, string>;

/** When the need starts counting: the close of the round's requirements window, else today. */
export type NeedStart = string | Date | undefined;

/**
 * The yearly periods a nutrient need is shown over (MARKET.md section 3): from the first delivery year (the year
 * after the round's requirements window closes, or after today while that is not known) to the year of the AMP
 * end, at least one year.
 */
const needYears = (ampEnd: string | null, start: NeedStart = undefined) =>
  roundYearlyPeriods({ firstDeliveryYear: firstDeliveryYear(start ?? new Date()), ampEnd });

/** A buyer's nutrient need per year, or none for biodiversity credits or while the credits are not set. */
export const nutrientNeed = (
  credits: Pick<
    BuyerCredits,
    'type' | 'nutrientType' | 'nutrientOngoingUnits' | 'nutrientAdditionalUnits'
  > | null,
  ampEnd: string | null,
  start: NeedStart = undefined,
): YearlyNeed[] => {
  if (credits === null || !isNutrientCreditType(credits.type) || credits.nutrientType === null) return [];
  return requirementNeedByYear(
    {
      nutrientType: credits.nutrientType,
      nutrientOngoingUnits: credits.nutrientOngoingUnits,
      nutrientAdditionalUnits: credits.nutrientAdditionalUnits,
    },
    needYears(ampEnd, start),
    ampEnd,
  );
};

/** The units a requirement needs in each year: nutrients per year, biodiversity units once. */
export const yearlyUnitsOf = (requirement: CreditRequirement, start: NeedStart = undefined): number[] => {
  const { buyerCredits, investorCredits } = requirement;
  if (investorCredits !== null) return [investorCredits.units];
  if (buyerCredits === null) return [];
  if (buyerCredits.type === 'Biodiversity')
    return buyerCredits.bioUnits === null ? [] : [buyerCredits.bioUnits];
  return nutrientNeed(buyerCredits, requirement.round?.ampEnd ?? null, start).map((year) => year.total);
};

/** A bid spread over what it buys: '£300.00 per unit · £100.00 per unit-year', or undefined when nothing is bought. */
export const bidRatesText = (bid: number, yearlyUnits: readonly number[]): string | undefined => {
  const rates = bidRates(bid, yearlyUnits);
  if (rates.perUnit === null || rates.perUnitYear === null) return undefined;
  return `${formatGBP(rates.perUnit, { pence: true })} per unit · ${formatGBP(rates.perUnitYear, { pence: true })} per unit-year`;
};

/** Yes or No for a stored answer; 'Not answered' while it is blank. */
export const yesNo = (value: boolean | null | undefined): string =>
  value === true ? 'Yes' : value === false ? 'No' : 'Not answered';

/**
 * The requirement page's actions beside its next steps (registration, the bid, the credits after the round, which the
 * server marks): everything else in 'More actions' by stage.
 */
export const REQUIREMENT_ACTION_LAYOUT: ActionLayout = {
  stages: [
    {
      label: 'Registration',
      actionIds: [
        'Update',
        'SetBuyerCredits',
        'SetBuyerDevelopment',
        'SetInvestorCredits',
        'SetInvestorLocation',
        'Register',
        'CompleteRegistration',
      ],
    },
    { label: 'Market round', actionIds: ['SetBid', 'ExcludeFromClearing', 'ReinstateInClearing'] },
    { label: 'After the round', actionIds: ['AllocateRights', 'IssueCredits', 'RedeemCredits', 'Retire'] },
    { label: 'Documents', actionIds: ['UploadCreditSupplyAgreement'] },
  ],
};
