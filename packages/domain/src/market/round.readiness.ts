import { formatDate } from '../format/date.ts';
import type { ChecklistItem } from '../forms/checklist.ts';
import type { Declaration } from '../refdata/refdata.records.ts';
import {
  DECLARATION_CATEGORIES,
  DECLARATION_CATEGORY_LABELS,
  REGISTRATION_PERIODS,
  RESERVE_APPLIES_TO_LABELS,
  type RegistrationPeriod,
  type ReserveAppliesTo,
} from '../vocab/market.ts';
import type { MarketRoundStatus } from '../vocab/statuses.ts';
import { missingDeclarations } from './declarations.ts';
import { REGISTRATION_PERIOD_LABELS } from './round.setup-actions.ts';

/** One line of a round's 'What is still needed' list (`dates`, `reserve` or `declarations.{category}`), in words. */
type RoundChecklistItem = ChecklistItem & { detail: string };

/** What the Open checks read of a round. */
export interface RoundReadinessInput {
  registrationDates: Partial<Record<RegistrationPeriod, { start: string; end: string } | null>>;
  reservePercentage: number | null;
  reserveAppliesTo: ReserveAppliesTo | null;
  reserveAgreedWithEMB: boolean;
  declarations: readonly Pick<Declaration, 'name' | 'category' | 'isForAgents' | 'isForParticipants'>[];
}

const lower = (text: string): string => text.charAt(0).toLowerCase() + text.slice(1);

const upperFirst = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

const listWords = (items: readonly string[]): string =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

function datesItem(round: RoundReadinessInput, today: string): RoundChecklistItem {
  const missing = REGISTRATION_PERIODS.filter((period) => !round.registrationDates[period]);
  const ended = REGISTRATION_PERIODS.flatMap((period) => {
    const window = round.registrationDates[period];
    return window && window.end < today ? [{ period, end: window.end }] : [];
  });
  const problems = [
    ...(missing.length === 0
      ? []
      : [`not set for ${listWords(missing.map((period) => lower(REGISTRATION_PERIOD_LABELS[period])))}`]),
    ...ended.map(
      ({ period, end }) =>
        `${lower(REGISTRATION_PERIOD_LABELS[period])} ended on ${formatDate(end)}: choose dates from today on`,
    ),
  ];
  return {
    id: 'dates',
    label: 'Registration dates',
    done: problems.length === 0,
    detail: problems.length === 0 ? 'Set for every registration window' : upperFirst(problems.join('; ')),
    actionIds: ['SetRegistrationDates'],
  };
}

function reserveItem(round: RoundReadinessInput): RoundChecklistItem {
  const problems = [
    ...(round.reservePercentage === null ? ['the percentage is not set'] : []),
    ...(round.reserveAppliesTo === null ? ['what it applies to is not chosen'] : []),
    ...(round.reserveAgreedWithEMB ? [] : ['it is not agreed with the EMB']),
  ];
  const appliesTo = round.reserveAppliesTo === null ? '' : RESERVE_APPLIES_TO_LABELS[round.reserveAppliesTo];
  return {
    id: 'reserve',
    label: 'Credit reserve',
    done: problems.length === 0,
    detail:
      problems.length === 0
        ? `${round.reservePercentage}% of ${lower(appliesTo)}, agreed with the EMB`
        : upperFirst(listWords(problems)),
    actionIds: ['SetReserveInfo'],
  };
}

function declarationItems(round: RoundReadinessInput): RoundChecklistItem[] {
  const missing = missingDeclarations(round.declarations);
  return DECLARATION_CATEGORIES.map((category) => {
    const audiences = missing.filter((item) => item.category === category).map((item) => item.audience);
    return {
      id: `declarations.${category}`,
      label: `Declarations asked at ${lower(DECLARATION_CATEGORY_LABELS[category])}`,
      done: audiences.length === 0,
      detail:
        audiences.length === 0
          ? round.declarations
              .filter((declaration) => declaration.category === category)
              .map((declaration) => declaration.name)
              .join(', ')
          : `None for ${listWords(audiences)} yet`,
      actionIds: ['AddDeclarations'],
    };
  });
}

/**
 * What Open checks (MARKET.md section 1): every registration window set and none already over, the credit reserve
 * set and agreed with the EMB, and a declaration of every category for participants and for agents. Its guard and
 * the round page's 'What is still needed' list both read this, so they never disagree. `today` is an ISO date.
 */
export const openChecklist = (round: RoundReadinessInput, today: string): RoundChecklistItem[] => [
  datesItem(round, today),
  reserveItem(round),
  ...declarationItems(round),
];

/**
 * The refusal of a step whose checklist has open lines ('Before ..., complete: registration dates (not set for
 * ...); credit reserve (...)'); undefined when every line is done.
 */
const checklistRefusal = (before: string, items: readonly RoundChecklistItem[]): string | undefined => {
  const open = items.filter((item) => !item.done);
  if (open.length === 0) return undefined;
  return `${before}, complete: ${open.map((item) => `${lower(item.label)} (${lower(item.detail)})`).join('; ')}`;
};

/** The words Open's refusal starts with. */
const BEFORE_OPEN = 'Before the round opens for registration';

/** Open's refusal for a round, or undefined when it may open (`today` an ISO date). */
export const openRefusal = (round: RoundReadinessInput, today: string): string | undefined =>
  checklistRefusal(BEFORE_OPEN, openChecklist(round, today));

/** One move of a round's status in its history, read from its activity trail. */
export interface RoundHistoryEntry {
  /** The status the round moved to. */
  status: MarketRoundStatus;
  /** ISO timestamp. */
  at: string;
  /** The action's title ('Open for registration'). */
  action: string;
  /** Who moved it; null when Curlew did (a finished solver task). */
  by: string | null;
  /** The reason given (RejectMatch), if any. */
  reason: string | null;
}
