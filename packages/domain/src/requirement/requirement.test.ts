import { describe, expect, it } from 'vitest';
import { actionWarnings, validateAction } from '../forms/action.ts';
import { lifecycleEdgeProblems } from '../forms/lifecycle.ts';
import { runnableFrom, testFile } from '../forms/testing.ts';
import { roundYearlyPeriods } from '../market/round.periods.ts';
import { CREDIT_REQUIREMENT_STATUSES } from '../vocab/statuses.ts';
import { bidRates, requirementNeedByYear } from './need.ts';
import {
  allocateRights,
  completeRequirementRegistration,
  createRequirement,
  ONGOING_ONLY_NOT_ASKED,
  setBid,
  updateRequirement,
} from './requirement.actions.ts';
import { setBuyerCredits, setInvestorCredits } from './requirement.credits.ts';
import { requirementCreditLifecycle, requirementLifecycle } from './requirement.lifecycle.ts';
import { REQUIREMENT_ACTIONS } from './requirement.list.ts';
import { redemptionDateLabel, setBuyerDevelopment, setInvestorLocation } from './requirement.place.ts';
import {
  REQUIREMENT_WIZARD,
  wizardBuyerCredits,
  wizardBuyerDevelopment,
  wizardDetails,
  wizardNext,
  wizardPrevious,
} from './requirement.wizard.ts';
import {
  createRequirementGroup,
  removeRequirementsFromGroup,
  renameRequirementGroup,
} from './requirement-group.actions.ts';

describe('new-requirement wizard', () => {
  it('runs credits, development or location, finish (the details only by Previous); no step can be cancelled', () => {
    expect(REQUIREMENT_WIZARD.Buyer).toEqual([
      'CreateRequirement',
      'WizardBuyerCredits',
      'WizardBuyerDevelopment',
      'WizardFinish',
    ]);
    expect(wizardNext('Investor', 'CreateRequirement')).toBe('WizardInvestorCredits');
    expect(wizardNext('Investor', 'WizardInvestorCredits')).toBe('WizardInvestorLocation');
    expect(wizardNext('Buyer', 'WizardBuyerDevelopment')).toBe('WizardFinish');
    expect(wizardNext('Buyer', 'WizardFinish')).toBeUndefined();
    // The details go on with the (new) type's credits: a buyer turned investor is asked for the investor's credits.
    expect(wizardNext('Investor', 'WizardDetails')).toBe('WizardInvestorCredits');
    expect(wizardPrevious('Investor', 'WizardFinish')).toBe('WizardInvestorLocation');
    expect(wizardPrevious('Buyer', 'CreateRequirement')).toBeUndefined();
    expect(createRequirement).toMatchObject({
      actionLabel: 'Save and continue',
      cannotCancel: true,
      create: true,
    });
    expect(wizardBuyerCredits).toMatchObject({
      actionLabel: 'Save and continue',
      cannotCancel: true,
      input: setBuyerCredits.input,
    });
    // The first step created the record: the credits step goes back to its details, which warn of a type change.
    expect(wizardBuyerCredits.previous).toBe('WizardDetails');
    expect(wizardDetails.warnings?.({ type: 'Investor' }, { currentType: 'Buyer' })).toEqual([
      { path: 'type', message: 'Changing type will remove all data from the credit requirement' },
    ]);
    expect(wizardBuyerDevelopment.previous).toBe('WizardBuyerCredits');
  });

  it('needs a name, a type and an owner', () => {
    expect(validateAction(createRequirement, {}).errors).toEqual([
      { path: 'name', message: 'Field required' },
      { path: 'type', message: 'Field required' },
      { path: 'buyerId', message: 'Field required' },
    ]);
  });

  it('warns that changing the type removes the data', () => {
    expect(
      actionWarnings(updateRequirement, { name: 'x', type: 'Investor' }, { currentType: 'Buyer' }),
    ).toEqual([{ path: 'type', message: 'Changing type will remove all data from the credit requirement' }]);
    expect(actionWarnings(updateRequirement, { name: 'x', type: 'Buyer' }, { currentType: 'Buyer' })).toEqual(
      [],
    );
  });
});

describe('buyer credits', () => {
  it('needs the biodiversity fields, and the habitat type for High and VeryHigh', () => {
    expect(validateAction(setBuyerCredits, { type: 'Biodiversity' }).errors).toEqual([
      { path: 'bioBroadHabitat', message: 'Field required' },
      { path: 'bioDistinctiveness', message: 'Field required' },
      { path: 'bioUnits', message: 'Field required' },
      { path: 'bioIsDivisible', message: 'Field required' },
      { path: 'biodiversityMetric', message: 'Field required' },
    ]);
    const bio = {
      type: 'Biodiversity',
      bioBroadHabitat: 'Grassland',
      bioDistinctiveness: 'High',
      bioUnits: 4,
      bioIsDivisible: false,
      biodiversityMetric: testFile('metric.xlsx'),
    };
    expect(validateAction(setBuyerCredits, bio).errors).toEqual([
      { path: 'bioHabitatType', message: 'Habitat type is required for high and very high distinctiveness' },
    ]);
    expect(validateAction(setBuyerCredits, { ...bio, bioDistinctiveness: 'Medium' }).errors).toEqual([]);
    expect(
      validateAction(setBuyerCredits, { ...bio, bioUnits: 0, bioHabitatType: 'Lowland meadows' }).errors,
    ).toEqual([{ path: 'bioUnits', message: 'Value must be greater than 0' }]);
  });

  it('needs the nutrient type and calculator, the units it implies and the ongoing-only answer for both', () => {
    const nitrogen = { type: 'NutrientMitigationNitrogen', budgetCalculator: testFile('calc.xlsx') };
    expect(validateAction(setBuyerCredits, { type: 'NutrientMitigationNitrogen' }).errors).toEqual([
      { path: 'nutrientType', message: 'Field required' },
      { path: 'budgetCalculator', message: 'Field required' },
    ]);
    expect(validateAction(setBuyerCredits, { ...nitrogen, nutrientType: 'ongoing' }).errors).toEqual([
      { path: 'nutrientOngoingUnits', message: 'Field required' },
    ]);
    expect(validateAction(setBuyerCredits, { ...nitrogen, nutrientType: 'additional' }).errors).toEqual([
      { path: 'nutrientAdditionalUnits', message: 'Field required' },
    ]);
    expect(
      validateAction(setBuyerCredits, {
        ...nitrogen,
        nutrientType: 'both',
        nutrientOngoingUnits: 5,
        nutrientAdditionalUnits: 20,
      }).errors,
    ).toEqual([
      {
        path: 'nutrientAcceptOngoingOnly',
        message: 'Please indicate if only ongoing units would be acceptable',
      },
    ]);
    const parsed = validateAction(setBuyerCredits, {
      ...nitrogen,
      nutrientType: 'ongoing',
      nutrientOngoingUnits: 5,
      nutrientAdditionalUnits: 20,
      bioUnits: 3,
    });
    expect(parsed.success && parsed.data).not.toHaveProperty('nutrientAdditionalUnits');
    expect(parsed.success && parsed.data).not.toHaveProperty('bioUnits');
  });
});

describe('development, location and investor credits', () => {
  const development = { planningRef: '24/0001/FUL', lpaId: 'l1', nearAddress: '1 High St' };

  it('labels and requires the redemption date by credit type and needs the NCA or subcatchment', () => {
    expect(redemptionDateLabel('Biodiversity')).toBe('Target redemption date');
    expect(redemptionDateLabel('NutrientMitigationPhosphorous')).toBe('Credit delivery date');
    expect(
      validateAction(setBuyerDevelopment, { ...development, creditType: 'Biodiversity' }).errors,
    ).toEqual([
      { path: 'redemptionDate', message: 'Field required' },
      { path: 'ncaId', message: 'Field required' },
    ]);
    expect(
      validateAction(setBuyerDevelopment, {
        ...development,
        creditType: 'NutrientMitigationNitrogen',
        deliveryDate: '2027-13-01',
      }).errors,
    ).toEqual([
      { path: 'deliveryDate', message: 'Not a valid date' },
      { path: 'subcatchmentId', message: 'Field required' },
    ]);
    const parsed = validateAction(setBuyerDevelopment, {
      ...development,
      creditType: 'NutrientMitigationNitrogen',
      deliveryDate: '2027-06-01',
      subcatchmentId: 's1',
      localOnly: true,
    });
    expect(parsed.success && parsed.data).toMatchObject({ redemptionDate: '2027-06-01', localOnly: true });
    expect(setBuyerDevelopment.fields.find((field) => field.id === 'localOnly')?.label).toBe(
      'Only supply from my own LPA or NCA',
    );
  });

  it('needs the investor credits and location', () => {
    expect(validateAction(setInvestorCredits, {}).errors.map((error) => error.path)).toEqual([
      'units',
      'redemptionDate',
      'isDivisible',
      'module',
      'distinctiveness',
    ]);
    expect(
      validateAction(setInvestorCredits, { supportingDocument: testFile('a.docx') }).errors,
    ).toContainEqual({
      path: 'supportingDocument',
      message: 'Only pdf, xlsx or zip files are allowed',
    });
    expect(validateAction(setInvestorLocation, { lpa: 'l1' }).errors).toEqual([
      { path: 'nca', message: 'Field required' },
    ]);
  });
});

describe('bid and after the round', () => {
  it('needs a bid greater than 0, the ongoing-only bid when accepted and every declaration true', () => {
    expect(validateAction(setBid, { bid: 0 }).errors).toEqual([
      { path: 'bid', message: 'Value must be greater than 0' },
    ]);
    expect(validateAction(setBid, { bid: 1000, acceptOngoingOnly: true }).errors).toEqual([
      { path: 'bidOngoingOnly', message: 'Field required' },
    ]);
    expect(validateAction(setBid, { bid: 1000, acceptOngoingOnly: true, bidOngoingOnly: 0 }).errors).toEqual([
      { path: 'bidOngoingOnly', message: 'Value must be greater than 0' },
    ]);
    // Where the server says the question is not asked, its answer and the ongoing-only bid are left out.
    const notAsked = validateAction(setBid, {
      [ONGOING_ONLY_NOT_ASKED]: true,
      bid: 1000,
      acceptOngoingOnly: true,
      bidOngoingOnly: 5,
    });
    expect(notAsked.success && notAsked.data).toEqual({
      bid: 1000,
      acceptOngoingOnly: false,
      declarations: {},
    });
    expect(validateAction(setBid, { bid: 1000, declarations: { d1: false } }).errors).toEqual([
      { path: 'declarations.d1', message: 'Must be agreed to' },
    ]);
    const parsed = validateAction(setBid, { bid: 1000, bidOngoingOnly: 5 });
    expect(parsed.success && parsed.data).toEqual({ bid: 1000, acceptOngoingOnly: false, declarations: {} });
  });

  it('allocates rights without an upload and completes registration only when confirmed', () => {
    expect(validateAction(allocateRights, {}).success).toBe(true);
    expect(validateAction(allocateRights, { certificate: '' }).success).toBe(true);
    expect(validateAction(completeRequirementRegistration, { confirmed: false }).errors).toEqual([
      { path: 'confirmed', message: 'Must be confirmed' },
    ]);
  });
});

describe('requirement groups', () => {
  it('needs a name, a buyer and at least one requirement; adds, removes and renames', () => {
    expect(
      validateAction(createRequirementGroup, { name: 'Plot 4', buyerId: 'b1', requirementIds: [] }).errors,
    ).toEqual([{ path: 'requirementIds', message: 'Empty array' }]);
    expect(validateAction(removeRequirementsFromGroup, { requirementIds: ['r1'] }).success).toBe(true);
    expect(validateAction(renameRequirementGroup, { name: '' }).errors).toEqual([
      { path: 'name', message: 'Field required' },
    ]);
  });
});

describe('need and bid rates', () => {
  const periods = roundYearlyPeriods({ firstDeliveryYear: 2027, ampEnd: '2029-03-31' });

  it('needs ongoing units every year and additional units up to the AMP end', () => {
    const need = requirementNeedByYear(
      { nutrientType: 'both', nutrientOngoingUnits: 5, nutrientAdditionalUnits: 20 },
      [...periods, { year: 2030 }],
      '2029-03-31',
    );
    expect(need.map((year) => year.total)).toEqual([25, 25, 25, 5]);
    expect(
      requirementNeedByYear(
        { nutrientType: 'additional', nutrientOngoingUnits: 5, nutrientAdditionalUnits: 20 },
        periods,
        '2029-03-31',
      ).map((year) => year.total),
    ).toEqual([20, 20, 20]);
    expect(
      requirementNeedByYear({ nutrientType: 'ongoing', nutrientOngoingUnits: 5 }, periods, null).map(
        (year) => year.total,
      ),
    ).toEqual([5, 5, 5]);
  });

  it('spreads a bid per unit and per unit-year', () => {
    expect(bidRates(7500, [25, 25, 25])).toEqual({ perUnit: 300, perUnitYear: 100 });
    expect(bidRates(1000, [3])).toEqual({ perUnit: 333.33, perUnitYear: 333.33 });
    expect(bidRates(1000, [])).toEqual({ perUnit: null, perUnitYear: null });
  });
});

describe('requirement lifecycle', () => {
  it('lists every action edge', () => {
    expect(lifecycleEdgeProblems(requirementLifecycle, REQUIREMENT_ACTIONS)).toEqual([]);
    expect(requirementCreditLifecycle.transitions.Bid).toEqual(['RightsCreated', 'Unused']);
  });

  it('allows each action from the statuses of MARKET.md section 2 only', () => {
    const editable = ['Draft', 'Provisional', 'Unmatched'];
    const runnable = runnableFrom(requirementLifecycle, REQUIREMENT_ACTIONS);
    expect(runnable).toMatchObject({
      Update: editable,
      SetBuyerCredits: editable,
      SetBuyerDevelopment: editable,
      SetInvestorCredits: editable,
      SetInvestorLocation: editable,
      Register: ['Draft', 'Unmatched'],
      CompleteRegistration: ['Provisional'],
      SetBid: ['Registered', 'Bid'],
      ExcludeFromClearing: ['Bid'],
      ReinstateInClearing: ['Bid'],
      AllocateRights: ['RightsCreated'],
      IssueCredits: ['RightsAllocated'],
      RedeemCredits: ['CreditsIssued'],
      Retire: ['CreditsRedeemed'],
      UploadCreditSupplyAgreement: ['RightsCreated', 'RightsAllocated', 'CreditsIssued'],
      Comment: CREDIT_REQUIREMENT_STATUSES,
      WizardBuyerCredits: editable,
      WizardFinish: ['Draft'],
    });
  });
});
