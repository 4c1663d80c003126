import { describe, expect, it } from 'vitest';
import { actionWarnings, validateAction } from '../forms/action.ts';
import { lifecycleEdgeProblems } from '../forms/lifecycle.ts';
import { runnableFrom, testFile } from '../forms/testing.ts';
import { MARKET_ROUND_STATUSES } from '../vocab/statuses.ts';
import {
  createRound,
  importMatch,
  openRound,
  rejectMatch,
  reviewMatch,
  updateRound,
} from './round.actions.ts';
import { roundLifecycle } from './round.lifecycle.ts';
import { ROUND_ACTIONS } from './round.list.ts';
import {
  addDeclarations,
  capacitiesForBidderType,
  importData,
  recordParticipant,
  registerInRound,
  removeDeclaration,
  setRegistrationDates,
  setReserveInfo,
} from './round.setup-actions.ts';

const round = {
  marketId: 'm1',
  name: 'Round 1 2026',
  services: ['Biodiversity'],
  standardIds: ['s1'],
  projectTypeIds: ['t1'],
  ncaIds: ['n1'],
  lpaIds: [],
  bidderType: 'Buyers',
};

describe('round details', () => {
  it('accepts a biodiversity round without AMP end or subcatchments', () => {
    expect(validateAction(createRound, round).errors).toEqual([]);
  });

  it('requires every field and at least one service, standard and project type', () => {
    expect(validateAction(createRound, {}).errors).toEqual([
      { path: 'marketId', message: 'Field required' },
      { path: 'name', message: 'Field required' },
      { path: 'services', message: 'Field required' },
      { path: 'standardIds', message: 'Field required' },
      { path: 'projectTypeIds', message: 'Field required' },
      { path: 'ncaIds', message: 'Field required' },
      { path: 'lpaIds', message: 'Field required' },
      { path: 'bidderType', message: 'Field required' },
    ]);
    const empty = { ...round, services: [], standardIds: [], projectTypeIds: [] };
    expect(validateAction(updateRound, empty).errors).toEqual([
      { path: 'services', message: 'Empty array' },
      { path: 'standardIds', message: 'Empty array' },
      { path: 'projectTypeIds', message: 'Empty array' },
    ]);
  });

  it('needs the AMP end and a subcatchment when a nitrogen or phosphorus service is chosen', () => {
    const nitrogen = { ...round, services: ['NutrientMitigationNitrogen'] };
    expect(validateAction(updateRound, nitrogen).errors).toEqual([
      { path: 'ampEnd', message: 'Field required' },
      { path: 'subcatchmentIds', message: 'Field required' },
    ]);
    expect(
      validateAction(updateRound, { ...nitrogen, ampEnd: '2030-02-30', subcatchmentIds: [] }).errors,
    ).toEqual([
      { path: 'ampEnd', message: 'Not a valid date' },
      { path: 'subcatchmentIds', message: 'Empty array' },
    ]);
    const phosphorus = { ...round, services: ['Biodiversity', 'NutrientMitigationPhosphorous'] };
    const valid = validateAction(updateRound, {
      ...phosphorus,
      ampEnd: '2030-03-31',
      subcatchmentIds: ['c1'],
    });
    expect(valid.success && valid.data).toMatchObject({ ampEnd: '2030-03-31', subcatchmentIds: ['c1'] });
  });

  it('reports the nutrient rules together with other errors and drops them for biodiversity', () => {
    const errors = validateAction(updateRound, {
      ...round,
      name: '',
      services: ['NutrientMitigationNitrogen'],
    }).errors;
    expect(errors.map((error) => error.path)).toEqual(['name', 'ampEnd', 'subcatchmentIds']);
    const hidden = validateAction(updateRound, { ...round, ampEnd: 'nonsense', subcatchmentIds: ['c1'] });
    expect(hidden.success && hidden.data).not.toHaveProperty('subcatchmentIds');
  });

  it('loads reference options from the API', () => {
    const sources = Object.fromEntries(
      updateRound.fields.flatMap((field) =>
        'optionsSource' in field ? [[field.id, field.optionsSource.url]] : [],
      ),
    );
    expect(sources).toEqual({
      standardIds: '/standards',
      projectTypeIds: '/project-types',
      ncaIds: '/ncas',
      lpaIds: '/lpas',
      subcatchmentIds: '/subcatchments',
    });
  });
});

describe('round setup actions', () => {
  const window = { start: '2026-03-01', end: '2026-03-31' };
  const dates = { suppliers: window, buyers: window, projects: window, requirements: window };

  it('needs every registration date, each end after its start', () => {
    expect(validateAction(setRegistrationDates, dates).errors).toEqual([]);
    expect(validateAction(setRegistrationDates, {}).errors).toHaveLength(8);
    expect(validateAction(setRegistrationDates, {}).errors[0]).toEqual({
      path: 'suppliers.start',
      message: 'Field required',
    });
    const errors = validateAction(setRegistrationDates, {
      ...dates,
      projects: { start: '2026-03-10', end: '2026-03-10' },
      requirements: { start: '2026-03-10', end: '2026-03-01' },
      buyers: { start: '2026-13-01', end: '2026-03-01' },
    }).errors;
    expect(errors).toEqual([
      { path: 'buyers.start', message: 'Not a valid date' },
      { path: 'projects.end', message: 'Must be after start date' },
      { path: 'requirements.end', message: 'Must be after start date' },
    ]);
  });

  it('checks the reserve strictly between 0 and 100, warns outside 10-20 % and needs the EMB agreement', () => {
    const reserve = { percentage: 15, appliesTo: 'supply', agreedWithEMB: true };
    expect(validateAction(setReserveInfo, reserve).errors).toEqual([]);
    expect(actionWarnings(setReserveInfo, reserve)).toEqual([]);
    expect(validateAction(setReserveInfo, { ...reserve, percentage: 100 }).errors).toEqual([
      { path: 'percentage', message: '100% is not valid for the credit reserve' },
    ]);
    expect(validateAction(setReserveInfo, { ...reserve, percentage: 0 }).errors).toEqual([
      { path: 'percentage', message: '0% is not valid for the credit reserve' },
    ]);
    expect(validateAction(setReserveInfo, { ...reserve, percentage: 'lots' }).errors).toEqual([
      { path: 'percentage', message: 'Field required' },
    ]);
    expect(
      validateAction(setReserveInfo, { percentage: 25, appliesTo: 'everything', agreedWithEMB: false })
        .errors,
    ).toEqual([
      { path: 'appliesTo', message: expect.any(String) },
      { path: 'agreedWithEMB', message: 'Must be agreed to' },
    ]);
    expect(validateAction(setReserveInfo, { percentage: 25, appliesTo: 'allDemand' }).errors).toEqual([
      { path: 'agreedWithEMB', message: 'Must be agreed to' },
    ]);
    expect(actionWarnings(setReserveInfo, { ...reserve, percentage: 25 })).toEqual([
      { path: 'percentage', message: 'The recommended range is 10% to 20%' },
    ]);
    expect(actionWarnings(setReserveInfo, { ...reserve, percentage: 9.5 })).toHaveLength(1);
    expect(actionWarnings(setReserveInfo, { ...reserve, percentage: 10 })).toEqual([]);
  });

  it('adds declarations of several categories at once, at least one, and removes one only on an explicit Yes', () => {
    expect(
      validateAction(addDeclarations, { declarationIds: { MarketRoundProject_Offer: [] } }).errors,
    ).toEqual([{ path: '', message: 'Choose at least one declaration' }]);
    expect(
      validateAction(addDeclarations, {
        declarationIds: { MarketRoundProject_Offer: ['d1'], MarketRoundCreditRequirement_Bid: ['d2', 'd3'] },
      }).success,
    ).toBe(true);
    expect(validateAction(removeDeclaration, { declarationId: 'd1' }).errors).toEqual([
      { path: 'confirmed', message: 'Field required' },
    ]);
    expect(validateAction(removeDeclaration, { declarationId: 'd1', confirmed: false }).errors).toEqual([
      { path: 'confirmed', message: 'Must be confirmed' },
    ]);
    expect(validateAction(removeDeclaration, { declarationId: 'd1', confirmed: true }).success).toBe(true);
  });

  it('imports data only with at least one CSV', () => {
    const base = { bidderType: 'Buyers', creditType: 'Biodiversity' };
    expect(validateAction(importData, { ...base, datasetXLS: testFile('data.xlsx') }).errors).toEqual([
      { path: '', message: 'Provide at least one file to import from' },
    ]);
    expect(validateAction(importData, { ...base, buyersCSV: testFile('buyers.csv') }).errors).toEqual([]);
    expect(validateAction(importData, { ...base, buyersCSV: testFile('buyers.pdf') }).errors).toEqual([
      { path: 'buyersCSV', message: 'Only csv files are allowed' },
    ]);
  });

  it('imports a match with a valid reserve and a winners file', () => {
    expect(validateAction(importMatch, {}).errors.map((error) => error.path)).toEqual([
      'reserve',
      'reserveAppliesTo',
      'winnersCSV',
    ]);
    const valid = { reserve: 12, reserveAppliesTo: 'ongoingDemand', winnersCSV: testFile('winners.csv') };
    expect(validateAction(importMatch, valid).errors).toEqual([]);
  });

  it('limits capacities by bidder type and records or registers participants', () => {
    expect(capacitiesForBidderType('Buyers')).toEqual(['Supplier', 'Buyer']);
    expect(capacitiesForBidderType('Investors')).toEqual(['Supplier', 'Investor']);
    expect(capacitiesForBidderType('BuyersAndInvestors')).toEqual(['Supplier', 'Buyer', 'Investor']);
    expect(validateAction(recordParticipant, { organisationId: 'o1', capacity: 'Landlord' }).success).toBe(
      false,
    );
    expect(validateAction(recordParticipant, { organisationId: 'o1', capacity: 'Buyer' }).success).toBe(true);
    expect(
      validateAction(registerInRound, {
        organisationId: 'o1',
        capacities: ['Supplier'],
        declarations: { d1: false },
      }).errors,
    ).toEqual([{ path: 'declarations.d1', message: 'Must be agreed to' }]);
  });

  it('opens with nothing to tick (its guard checks the round); rejecting needs a reason', () => {
    expect(openRound.fields).toEqual([]);
    expect(validateAction(openRound, {}).success).toBe(true);
    expect(validateAction(rejectMatch, { reason: ' ' }).errors).toEqual([
      { path: 'reason', message: 'Field required' },
    ]);
    expect(reviewMatch.navigate).toBe('review');
  });
});

describe('round lifecycle', () => {
  it('lists every action edge', () => {
    expect(lifecycleEdgeProblems(roundLifecycle, ROUND_ACTIONS)).toEqual([]);
  });

  it('allows each action from the statuses of MARKET.md section 1 and refuses it from every other', () => {
    const setup = ['Draft', 'Open', 'Closed'];
    expect(runnableFrom(roundLifecycle, ROUND_ACTIONS)).toEqual({
      Update: setup,
      SetRegistrationDates: setup,
      SetReserveInfo: ['Draft', 'Open', 'Closed', 'OpenForBidsAndOffers'],
      AddDeclarations: setup,
      RemoveDeclaration: setup,
      ImportData: [...setup, 'OpenForBidsAndOffers', 'ClosedForBidsAndOffers'],
      Open: ['Draft', 'Closed'],
      Close: ['Open'],
      RecordParticipant: ['Open', 'Closed'],
      RegisterAsParticipant: ['Open'],
      PublishOpportunityStatement: ['Closed'],
      UpdateOpportunityStatement: ['Closed'],
      SetOpportunityStatementVisibility: ['Closed'],
      OpenBidsAndOffers: ['Closed'],
      CloseBidsAndOffers: ['OpenForBidsAndOffers'],
      Match: ['ClosedForBidsAndOffers', 'Failed', 'Rejected'],
      ImportMatch: ['ClosedForBidsAndOffers', 'Failed', 'Rejected'],
      Review: ['Pending'],
      AcceptMatch: ['Pending'],
      RejectMatch: ['Pending'],
      Settle: ['Matched'],
      Comment: MARKET_ROUND_STATUSES,
    });
  });

  it('lets a match end Pending or Failed', () => {
    expect(roundLifecycle.transitions.Matching).toEqual(['Pending', 'Failed']);
  });
});
