import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../validation/messages.ts';
import { messagesOf } from '../validation/testing.ts';
import {
  CREDIT_DURATION_YEARS,
  CREDIT_DURATIONS,
  CREDIT_TYPES,
  creditDurationFromYears,
  isNutrientCreditType,
} from './credits.ts';
import { CERTIFICATION_DECISION_LABELS } from './decisions.ts';
import {
  CONDITION_LABELS,
  DISTINCTIVENESS,
  type Distinctiveness,
  distinctivenessAtLeast,
  MODULE_UNITS,
} from './habitats.ts';
import { sentenceCase } from './labels.ts';
import { BIDDER_TYPE_LABELS } from './market.ts';
import { ORGANISATION_TYPES, primaryRole, roleFlags, SIGN_UP_ORGANISATION_TYPES } from './organisation.ts';
import { MARKET_ROUND_STATUS_LABELS, PROJECT_STATUS_LABELS } from './statuses.ts';
import { certificationDecisionSchema, projectStatusSchema } from './vocab.schemas.ts';

describe('distinctiveness ordering: a higher level accepts the lower ones', () => {
  const cases: [Distinctiveness, Distinctiveness, boolean][] = [
    ['Low', 'Low', true],
    ['Medium', 'Low', true],
    ['VeryHigh', 'High', true],
    ['VeryHigh', 'Low', true],
    ['Low', 'Medium', false],
    ['High', 'VeryHigh', false],
    ['Medium', 'High', false],
  ];
  it.each(cases)('%s at least %s: %s', (a, b, expected) => {
    expect(distinctivenessAtLeast(a, b)).toBe(expected);
  });

  it('lists the levels lowest first', () => {
    const sorted = [...DISTINCTIVENESS].sort((a, b) => (distinctivenessAtLeast(a, b) ? 1 : -1));
    expect(sorted).toEqual(['Low', 'Medium', 'High', 'VeryHigh']);
  });
});

describe('credit durations', () => {
  it.each([
    [null, 'Permanent'],
    [1, 'OneYear'],
    [3, 'ThreeYears'],
    [5, 'FiveYears'],
    [6, undefined],
    [0, undefined],
  ])('%s years -> %s', (years, duration) => {
    expect(creditDurationFromYears(years)).toBe(duration);
  });

  it('round-trips every duration through its years', () => {
    for (const duration of CREDIT_DURATIONS) {
      expect(creditDurationFromYears(CREDIT_DURATION_YEARS[duration])).toBe(duration);
    }
  });
});

describe('vocabulary', () => {
  it('tells nutrient credit types apart', () => {
    expect(CREDIT_TYPES.filter(isNutrientCreditType)).toEqual([
      'NutrientMitigationNitrogen',
      'NutrientMitigationPhosphorous',
    ]);
  });

  it('measures modules in hectares or kilometres', () => {
    expect(MODULE_UNITS).toEqual({ Area: 'ha', Linear: 'km', River: 'km', NA: null });
  });

  it('labels decisions as the spec words them', () => {
    expect(CERTIFICATION_DECISION_LABELS.NoStandardCannotBeApplied).toBe('No - standard cannot be applied');
    expect(CERTIFICATION_DECISION_LABELS.NoSupplierRetaining).toBe('No - supplier is retaining the service');
  });

  it.each([
    ['OpenForBidsAndOffers', 'Open for bids and offers'],
    ['FailedScreening', 'Failed screening'],
    ['Section106Agreement', 'Section 106 agreement'],
    ['NA', 'NA'],
    ['allDemand', 'All demand'],
    ['CreditsIssued', 'Credits issued'],
  ])('sentenceCase(%s) = %s', (identifier, label) => {
    expect(sentenceCase(identifier)).toBe(label);
  });

  it('labels every status', () => {
    expect(PROJECT_STATUS_LABELS.PendingRound).toBe('Pending round');
    expect(MARKET_ROUND_STATUS_LABELS.Open).toBe('Open for registration');
    expect(MARKET_ROUND_STATUS_LABELS.OpenForBidsAndOffers).toBe('Bids and offers open');
    expect(CONDITION_LABELS.FairlyGood).toBe('Fairly good');
    expect(BIDDER_TYPE_LABELS.BuyersAndInvestors).toBe('Buyers and investors');
  });

  it('validates choices with the spec messages', () => {
    expect(messagesOf(projectStatusSchema, undefined)).toEqual([MESSAGES.required]);
    expect(messagesOf(projectStatusSchema, 'Certified')).toEqual([]);
    expect(messagesOf(certificationDecisionSchema, '')).toEqual([MESSAGES.required]);
    expect(messagesOf(certificationDecisionSchema, 'Maybe')).toHaveLength(1);
  });

  it('offers sign-up only for participants and agents', () => {
    expect(SIGN_UP_ORGANISATION_TYPES.every((type) => ORGANISATION_TYPES.includes(type))).toBe(true);
    expect(SIGN_UP_ORGANISATION_TYPES).toEqual(['PARTICIPANT', 'AGENT']);
  });
});

describe('roles from groups, by priority sysAdmin, admin, lpa, participant, agent', () => {
  it.each([
    [['sysadmin', 'admin'], 'sysAdmin'],
    [['agent', 'admin'], 'admin'],
    [['participant', 'lpa'], 'lpa'],
    [['agent', 'participant'], 'participant'],
    [['agent'], 'agent'],
    [[], null],
    [['unknown'], null],
  ])('%j -> %s', (groups, role) => {
    expect(primaryRole(groups)).toBe(role);
  });

  it('sets one flag per group', () => {
    expect(roleFlags(['lpa', 'agent'])).toEqual({
      sysAdmin: false,
      admin: false,
      lpa: true,
      participant: false,
      agent: true,
    });
  });
});
