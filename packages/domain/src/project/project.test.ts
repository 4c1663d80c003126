import { describe, expect, it } from 'vitest';
import { actionWarnings, validateAction } from '../forms/action.ts';
import { lifecycleEdgeProblems } from '../forms/lifecycle.ts';
import { runnableFrom, testFile } from '../forms/testing.ts';
import { isFieldActive } from '../forms/visibility.ts';
import { PROJECT_STATUSES } from '../vocab/statuses.ts';
import {
  completeProjectRegistration,
  createProject,
  registerProject,
  reregisterProject,
  setProjectCosts,
  setProjectLocation,
  updateProject,
} from './project.details.ts';
import { projectLifecycle, serviceCertificationLifecycle } from './project.lifecycle.ts';
import { PROJECT_ACTIONS } from './project.list.ts';
import {
  addBiodiversityService,
  addNutrientService,
  editNutrientService,
  setBiodiversitySupply,
} from './project.services.ts';
import { gainLabel } from './project.vocab.ts';

describe('Add project', () => {
  const project = { name: 'Manor Farm', supplierId: 'o1', isFixedTerm: false };

  it('needs name, supplier and the fixed-term answer; durations 1 to 5 years when fixed-term', () => {
    expect(validateAction(createProject, {}).errors).toEqual([
      { path: 'name', message: 'Field required' },
      { path: 'supplierId', message: 'Field required' },
      { path: 'isFixedTerm', message: 'Field required' },
    ]);
    expect(validateAction(createProject, project).errors).toEqual([]);
    expect(validateAction(createProject, { ...project, isFixedTerm: true }).errors).toEqual([
      { path: 'mitigationDurations', message: 'Field required' },
    ]);
    expect(
      validateAction(createProject, { ...project, isFixedTerm: true, mitigationDurations: [] }).errors,
    ).toEqual([{ path: 'mitigationDurations', message: 'Empty array' }]);
    expect(
      validateAction(createProject, { ...project, isFixedTerm: true, mitigationDurations: ['Permanent'] })
        .success,
    ).toBe(false);
    expect(
      validateAction(createProject, { ...project, isFixedTerm: true, mitigationDurations: ['FiveYears'] })
        .success,
    ).toBe(true);
  });

  it('takes landholder information as zip, pdf or xlsx and every declaration answered true', () => {
    expect(
      validateAction(createProject, { ...project, landholderInfo: testFile('info.docx') }).errors,
    ).toEqual([{ path: 'landholderInfo', message: 'Only pdf, xlsx or zip files are allowed' }]);
    expect(
      validateAction(createProject, { ...project, declarations: { d1: true, d2: false } }).errors,
    ).toEqual([{ path: 'declarations.d2', message: 'Must be agreed to' }]);
  });
});

describe('services', () => {
  const service = {
    module: 'Area',
    broadHabitat: 'Grassland',
    habitatType: 'Lowland meadows',
    distinctiveness: 'VeryHigh',
    condition: 'Good',
    size: 2.5,
    strategicSignificance: 'High',
    difficulty: 'Medium',
    mitigationBegins: '2027-01-01',
  };

  it('checks a biodiversity service; only area habitats need a broad habitat', () => {
    expect(validateAction(addBiodiversityService, service).errors).toEqual([]);
    expect(validateAction(addBiodiversityService, { ...service, broadHabitat: undefined }).errors).toEqual([
      { path: 'broadHabitat', message: 'Field required' },
    ]);
    const hedgerow = validateAction(addBiodiversityService, {
      ...service,
      module: 'Linear',
      habitatType: 'Native hedgerow',
    });
    expect(hedgerow.success && hedgerow.data).not.toHaveProperty('broadHabitat');
    expect(
      validateAction(addBiodiversityService, { ...service, size: 0, condition: 'Great' }).errors.map(
        (e) => e.path,
      ),
    ).toEqual(['condition', 'size']);
    expect(addBiodiversityService.actionLabel).toBe('Add service');
  });

  it('allows only nitrogen or phosphorous in a nutrient service', () => {
    const nutrient = {
      service: 'NutrientMitigationNitrogen',
      mitigationBegins: '2027-01-01',
      mitigationDuration: 'Permanent',
      area: 10,
      units: 120,
    };
    expect(validateAction(addNutrientService, nutrient).errors).toEqual([]);
    expect(validateAction(addNutrientService, { ...nutrient, service: 'Biodiversity' }).errors).toEqual([
      { path: 'service', message: 'Only Nitrogen or Phosphorous allowed' },
    ]);
    expect(validateAction(editNutrientService, nutrient).errors).toEqual([
      { path: 'serviceId', message: 'Field required' },
    ]);
    expect(editNutrientService.actionLabel).toBe('Apply');
  });
});

describe('Set biodiversity supply', () => {
  it('labels the gains At delivery, At year 1, Year n', () => {
    expect([0, 1, 2, 30].map(gainLabel)).toEqual(['At delivery', 'At year 1', 'Year 2', 'Year 30']);
  });

  it('rounds the years down and keeps them from 1 to 30', () => {
    const messages = (years: number) =>
      validateAction(setBiodiversitySupply, {
        baselineUnitsLost: 0,
        yearsToTargetCondition: years,
      }).errors.filter((error) => error.path === 'yearsToTargetCondition');
    expect(messages(0.9)).toEqual([{ path: 'yearsToTargetCondition', message: 'Must be at least 1 year' }]);
    expect(messages(31)).toEqual([{ path: 'yearsToTargetCondition', message: 'Cannot exceed 30 years' }]);
    expect(messages(30.7)).toEqual([]);
  });

  it('needs a gain for each year from delivery to N and trims the rest', () => {
    expect(
      validateAction(setBiodiversitySupply, {
        baselineUnitsLost: 1,
        yearsToTargetCondition: 2,
        gainsPerYear: { 0: 1 },
      }).errors,
    ).toEqual([
      { path: 'gainsPerYear.1', message: 'Required' },
      { path: 'gainsPerYear.2', message: 'Required' },
    ]);
    const parsed = validateAction(setBiodiversitySupply, {
      baselineUnitsLost: 1,
      yearsToTargetCondition: 2,
      gainsPerYear: { 0: 1, 1: 2, 2: 4, 3: 8, 4: 9 },
    });
    expect(parsed.success && parsed.data).toEqual({
      baselineUnitsLost: 1,
      yearsToTargetCondition: 2,
      gainsPerYear: [1, 2, 4],
    });
    // Through the form's visibility as the server validates it: 2.9 years keeps the gain of year 2.
    const rounded = validateAction(setBiodiversitySupply, {
      baselineUnitsLost: 1,
      yearsToTargetCondition: 2.9,
      gainsPerYear: { 0: 1, 1: 2, 2: 4, 3: 8 },
    });
    expect(rounded.errors).toEqual([]);
    expect(rounded.success && rounded.data).toEqual({
      baselineUnitsLost: 1,
      yearsToTargetCondition: 2,
      gainsPerYear: [1, 2, 4],
    });
    const fromArray = validateAction(setBiodiversitySupply, {
      baselineUnitsLost: 0,
      yearsToTargetCondition: 1,
      gainsPerYear: [3, 5, 7],
    });
    expect(fromArray.success && fromArray.data.gainsPerYear).toEqual([3, 5]);
  });

  it('shows the gain fields up to the years given', () => {
    const field = (index: number) => {
      const found = setBiodiversitySupply.fields.find((f) => f.id === `gainsPerYear.${index}`);
      return found && 'visibleWhen' in found ? found : undefined;
    };
    expect(field(1)?.visibleWhen).toEqual({ fieldId: 'yearsToTargetCondition', filled: true });
    expect(field(29)?.visibleWhen).toEqual({ fieldId: 'yearsToTargetCondition', atLeast: 29 });
    const shown = (years: number) =>
      setBiodiversitySupply.fields
        .filter(
          (f) => f.id.startsWith('gainsPerYear.') && isFieldActive(f, { yearsToTargetCondition: years }),
        )
        .map((f) => f.id);
    expect(shown(2.5)).toEqual(['gainsPerYear.0', 'gainsPerYear.1', 'gainsPerYear.2']);
    expect(shown(3)).toHaveLength(4);
    expect(field(31)).toBeUndefined();
  });
});

describe('location, costs and details', () => {
  const location = { creditTypes: ['Biodiversity'], lpa: 'l1', nearAddress: 'Manor Farm, Hants' };

  it('needs the NCA for biodiversity and the subcatchment for nutrients, and drops them otherwise', () => {
    expect(validateAction(setProjectLocation, location).errors).toEqual([
      { path: 'nca', message: 'Field required' },
    ]);
    expect(
      validateAction(setProjectLocation, { ...location, creditTypes: ['NutrientMitigationPhosphorous'] })
        .errors,
    ).toEqual([{ path: 'subcatchment', message: 'Field required' }]);
    const nutrientOnly = validateAction(setProjectLocation, {
      ...location,
      creditTypes: ['NutrientMitigationNitrogen'],
      nca: 'n1',
      subcatchment: 's1',
    });
    expect(nutrientOnly.success && nutrientOnly.data).toMatchObject({ subcatchment: 's1' });
    expect(nutrientOnly.success && nutrientOnly.data).not.toHaveProperty('nca');
  });

  it('needs four costs, none negative', () => {
    expect(
      validateAction(setProjectCosts, { maintenance: -1, marketOperator: 0, complianceMonitoring: 10 })
        .errors,
    ).toEqual([
      { path: 'maintenance', message: 'Value must be 0 or more' },
      { path: 'performanceMonitoring', message: 'Field required' },
    ]);
    expect(setProjectCosts.actionLabel).toBe('Set costs and fees');
  });

  it('warns when the new type is incompatible with the current service', () => {
    const settings = { incompatibleTypeIds: ['t2'], hasService: true };
    expect(actionWarnings(updateProject, { name: 'x', typeId: 't2' }, settings)).toEqual([
      {
        path: 'typeId',
        message: 'Not compatible with the current project service, choosing this will remove the service',
      },
    ]);
    expect(actionWarnings(updateProject, { name: 'x', typeId: 't1' }, settings)).toEqual([]);
    expect(
      actionWarnings(updateProject, { name: 'x', typeId: 't2' }, { ...settings, hasService: false }),
    ).toEqual([]);
  });
});

describe('registration', () => {
  it('registers with a round and declarations', () => {
    expect(validateAction(registerProject, {}).errors).toEqual([
      { path: 'marketRoundId', message: 'Field required' },
    ]);
  });

  it('completes only when confirmed, asks to skip when the project can, and shows only issues when there are some', () => {
    expect(validateAction(completeProjectRegistration, {}).errors).toEqual([
      { path: 'confirmed', message: 'Field required' },
    ]);
    expect(validateAction(completeProjectRegistration, { confirmed: false }).errors).toEqual([
      { path: 'confirmed', message: 'Must be confirmed' },
    ]);
    expect(validateAction(completeProjectRegistration, { confirmed: true, canSkip: true }).errors).toEqual([
      { path: 'skip', message: 'Field required' },
    ]);
    expect(
      validateAction(completeProjectRegistration, { issues: 'No location set', confirmed: true }).errors,
    ).toEqual([{ path: 'issues', message: 'Fix the above issues before trying again' }]);
    const target = completeProjectRegistration.lifecycle?.target;
    const context = { status: 'Provisional', previousStatus: null } as const;
    expect(target?.({ confirmed: true, canSkip: true, skip: true }, context)).toBe('Certified');
    expect(target?.({ confirmed: true, canSkip: true, skip: false }, context)).toBe('Registered');
    expect(target?.({ confirmed: true, skip: true }, context)).toBe('Registered');
  });

  it('needs landholder information again only when the project has changed', () => {
    expect(validateAction(reregisterProject, { marketRoundId: 'r2', hasChanged: true }).errors).toEqual([
      { path: 'landholderInfo', message: 'Field required' },
    ]);
    expect(validateAction(reregisterProject, { marketRoundId: 'r2', hasChanged: false }).errors).toEqual([]);
  });
});

describe('project lifecycle', () => {
  it('lists every action edge', () => {
    expect(lifecycleEdgeProblems(projectLifecycle, PROJECT_ACTIONS)).toEqual([]);
    expect(serviceCertificationLifecycle.transitions.PendingCertification).toEqual([
      'Certified',
      'NotCertified',
    ]);
  });

  it('allows each action from the statuses of MARKET.md section 2 only', () => {
    const editable = ['Draft', 'Provisional', 'Registered', 'PendingScreening'];
    expect(runnableFrom(projectLifecycle, PROJECT_ACTIONS)).toEqual({
      Update: editable,
      AddBiodiversityService: editable,
      EditBiodiversityService: editable,
      AddNutrientService: editable,
      EditNutrientService: editable,
      SetBiodiversitySupply: editable,
      SetLocation: editable,
      SetCosts: editable,
      Register: ['Draft'],
      CompleteRegistration: ['Provisional'],
      Reregister: ['FailedScreening', 'NotCertified', 'FailedRound', 'Unmatched'],
      AddScreeningOutcome: ['Registered', 'PendingScreening'],
      SetPreMarketReviewOutcome: ['Screened', 'PendingRound'],
      SetCertificationDecision: ['ApprovedRound'],
      SetOffer: ['Certified', 'Offered'],
      ExcludeFromClearing: ['Offered'],
      ReinstateInClearing: ['Offered'],
      UploadNatureBasedAgreement: ['Matched', 'Contracted'],
      UploadSection106Agreement: ['Matched', 'Contracted'],
      Contract: ['Matched'],
      Verify: ['Contracted', 'FailedVerification'],
      RecordComplianceCheck: ['Verified', 'Monitoring'],
      RecordPerformanceCheck: ['Verified', 'Monitoring'],
      AddToGroup: editable,
      RemoveFromGroup: editable,
      Comment: PROJECT_STATUSES,
      ReplaceDocument: PROJECT_STATUSES,
    });
  });
});
