import { describe, expect, it } from 'vitest';
import { validateAction } from '../forms/action.ts';
import { serialiseAction } from '../forms/wire.ts';
import { acceptMatch } from '../market/round.actions.ts';
import { recordComplianceCheck, verifyProject } from './project.after.ts';
import { registerProject, setProjectLocation } from './project.details.ts';
import { setCertificationDecision, setOffer } from './project.review.ts';
import { addBiodiversityService, addNutrientService, editBiodiversityService } from './project.services.ts';

const fromToday = (days: number): string =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const GRID = 'Enter an OS grid reference: two letters then 2 to 10 digits, e.g. SU 12345 67890';
const WORDS = 'Enter a three-word address: three words joined by dots, e.g. ///filled.count.soap';

describe("a project's location", () => {
  const location = {
    creditTypes: ['NutrientMitigationNitrogen'],
    lpa: 'l1',
    subcatchment: 's1',
    nearAddress: 'x',
  };

  it.each([
    [{ gridReference: 'SU 12345 67890', threeWords: '///filled.count.soap' }, []],
    [{ gridReference: 'su1234', threeWords: 'filled.count.soap' }, []],
    [{ gridReference: '', threeWords: '' }, []],
    [
      { gridReference: 'banana', threeWords: 'not three words' },
      [
        { path: 'gridReference', message: GRID },
        { path: 'threeWords', message: WORDS },
      ],
    ],
    [{ gridReference: 'SU 123' }, [{ path: 'gridReference', message: GRID }]],
  ])('%j -> %j', (values, errors) => {
    expect(validateAction(setProjectLocation, { ...location, ...values }).errors).toEqual(errors);
  });
});

describe('sizes, areas and units of services', () => {
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

  it('bounds an area in hectares and a length in kilometres', () => {
    expect(validateAction(addBiodiversityService, { ...service, size: 100_000 }).errors).toEqual([]);
    expect(validateAction(addBiodiversityService, { ...service, size: 1e9 }).errors).toEqual([
      { path: 'size', message: 'Must be at most 100,000 ha' },
    ]);
    const hedgerow = {
      ...service,
      module: 'Linear',
      broadHabitat: undefined,
      habitatType: 'Native hedgerow',
    };
    expect(validateAction(addBiodiversityService, { ...hedgerow, size: 10_000 }).errors).toEqual([]);
    expect(validateAction(addBiodiversityService, { ...hedgerow, size: 10_001 }).errors).toEqual([
      { path: 'size', message: 'Must be at most 10,000 km' },
    ]);
    expect(
      validateAction(editBiodiversityService, { ...hedgerow, serviceId: 's1', size: 20_000 }).errors,
    ).toEqual([{ path: 'size', message: 'Must be at most 10,000 km' }]);
    expect(validateAction(addBiodiversityService, { ...service, size: 0 }).errors).toEqual([
      { path: 'size', message: 'Value must be greater than 0' },
    ]);
  });

  it('bounds a nutrient service area and its units', () => {
    const nutrient = {
      service: 'NutrientMitigationNitrogen',
      mitigationBegins: '2027-01-01',
      mitigationDuration: 'Permanent',
      area: 10,
      units: 120,
    };
    expect(validateAction(addNutrientService, { ...nutrient, area: 1e9, units: 1e9 }).errors).toEqual([
      { path: 'area', message: 'Must be at most 100,000 ha' },
      { path: 'units', message: 'Must be at most 100,000 units' },
    ]);
  });

  it("fills the distinctiveness in from the habitat type's record", () => {
    const habitat = addBiodiversityService.fields.find((field) => field.id === 'habitatType');
    expect(habitat?.type === 'Select' && habitat.optionsSource?.fills).toEqual([
      { fieldId: 'distinctiveness', key: 'distinctiveness', map: { VeryLow: 'Low' } },
    ]);
  });
});

describe('dates of checks and assessments', () => {
  const check = { name: 'V', organisation: 'Org', isPass: true };

  it('refuses a check date in the future', () => {
    expect(validateAction(verifyProject, { ...check, date: fromToday(0) }).errors).toEqual([]);
    expect(validateAction(verifyProject, { ...check, date: fromToday(1) }).errors).toEqual([
      { path: 'date', message: 'Cannot be in the future' },
    ]);
    expect(
      validateAction(recordComplianceCheck, { ...check, isYesNoPass: true, date: '2099-05-01' }).errors,
    ).toEqual([{ path: 'date', message: 'Cannot be in the future' }]);
  });

  it('refuses assessment and review dates in the future', () => {
    const errors = validateAction(setCertificationDecision, {
      assessedDate: fromToday(2),
      reviewedDate: fromToday(3),
    }).errors;
    expect(errors).toContainEqual({ path: 'assessedDate', message: 'Cannot be in the future' });
    expect(errors).toContainEqual({ path: 'reviewedDate', message: 'Cannot be in the future' });
  });
});

describe('what cannot be undone is checked before it is submitted', () => {
  it('asks to check the answers of Register, Set offer and Accept match', () => {
    for (const action of [registerProject, setOffer, acceptMatch]) {
      expect(action.confirm).toBe('check-answers');
      expect(serialiseAction(action).confirm).toBe('check-answers');
    }
    expect(serialiseAction(setProjectLocation)).not.toHaveProperty('confirm');
  });
});
