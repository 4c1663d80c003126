import {
  type ChecklistItem,
  type CreditRequirementStatus,
  type EntityAction,
  REQUIREMENT_ACTIONS,
  REQUIREMENT_FILE_FIELD_KINDS,
} from '@curlew/domain';
import { type CheckedLine, checkedLine as line, shownChecklist } from '../../platform/actions/checklist.ts';
import { lifecycleNextSteps } from '../../platform/actions/next-steps.ts';
import type { RequirementRecord } from './requirements.repo.ts';

type PartsFacts = Pick<
  RequirementRecord,
  'type' | 'creditType' | 'planningRef' | 'investorUnits' | 'lpaId' | 'ncaId'
>;

/** What a requirement needs before it can be registered: its credits and its development (buyer) or location. */
function partLines(record: PartsFacts): CheckedLine[] {
  if (record.type === 'Buyer')
    return [
      line(
        'credits',
        'Credits needed',
        ['SetBuyerCredits'],
        record.creditType === null ? ['Set the credits'] : [],
      ),
      line(
        'development',
        'Development',
        ['SetBuyerDevelopment'],
        record.planningRef === null ? ['Set the development'] : [],
      ),
    ];
  return [
    line(
      'credits',
      'Credits wanted',
      ['SetInvestorCredits'],
      record.investorUnits === null ? ['Set the credits'] : [],
    ),
    line(
      'location',
      'Investor location',
      ['SetInvestorLocation'],
      record.lpaId === null || record.ncaId === null ? ['Set the location'] : [],
    ),
  ];
}

/** What a requirement still lacks before it can be registered or completed, one sentence each. */
export const missingParts = (record: PartsFacts): string[] =>
  partLines(record).flatMap((item) => item.issues);

/** The statuses of a requirement not yet registered in a round (registration still to do). */
const UNREGISTERED: readonly CreditRequirementStatus[] = ['Draft', 'Provisional', 'Unmatched'];

/**
 * The requirement page's 'What is still needed': credits, development or location, the buyer's document (the
 * biodiversity metric or the nutrient budget calculator), the registration and, for those who see it while in a
 * round, the bid.
 */
export function requirementChecklist(
  record: PartsFacts & Pick<RequirementRecord, 'status' | 'marketRoundId'>,
  facts: { documentTags: ReadonlySet<string>; bid: 'set' | 'none' | 'unseen' },
): ChecklistItem[] {
  const lines = partLines(record);
  // The document is asked by the credits dialog, so it is listed while that dialog may still run.
  if (record.type === 'Buyer' && record.creditType !== null && UNREGISTERED.includes(record.status)) {
    const biodiversity = record.creditType === 'Biodiversity';
    const tag = biodiversity
      ? REQUIREMENT_FILE_FIELD_KINDS.biodiversityMetric
      : REQUIREMENT_FILE_FIELD_KINDS.budgetCalculator;
    lines.push(
      line(
        'document',
        biodiversity ? 'Biodiversity metric' : 'Nutrient budget calculator',
        ['SetBuyerCredits'],
        facts.documentTags.has(tag) ? [] : ['Upload the document'],
      ),
    );
  }
  lines.push(
    line(
      'registration',
      'Registration for a market round',
      ['Register', 'CompleteRegistration'],
      UNREGISTERED.includes(record.status) ? ['Register'] : [],
    ),
  );
  if (facts.bid !== 'unseen' && record.marketRoundId !== null)
    lines.push(line('bid', 'Bid', ['SetBid'], facts.bid === 'none' ? ['Set the bid'] : []));
  return shownChecklist(lines);
}

/** The moves of a requirement's life its page offers first: registration, the bid, the credits after the round. */
const REQUIREMENT_STEPS = [
  'Register',
  'CompleteRegistration',
  'SetBid',
  'ReinstateInClearing',
  'AllocateRights',
  'IssueCredits',
  'RedeemCredits',
  'Retire',
];

/** A requirement's next steps for its reader. */
export const requirementNextSteps = (
  record: Pick<RequirementRecord, 'status'>,
  actions: readonly EntityAction[],
): string[] => lifecycleNextSteps(REQUIREMENT_ACTIONS, actions, record.status, REQUIREMENT_STEPS);
