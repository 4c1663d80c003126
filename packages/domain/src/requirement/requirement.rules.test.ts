import { describe, expect, it } from 'vitest';
import { displayedFields, validateAction } from '../forms/action.ts';
import { testFile } from '../forms/testing.ts';
import { serialiseAction } from '../forms/wire.ts';
import { registerRequirement, setBid } from './requirement.actions.ts';
import { setBuyerCredits, setInvestorCredits } from './requirement.credits.ts';
import { setBuyerDevelopment } from './requirement.place.ts';

const fromToday = (days: number): string =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('the habitat type a high distinctiveness asks for', () => {
  const bio = {
    type: 'Biodiversity',
    bioBroadHabitat: 'Grassland',
    bioUnits: 4,
    bioIsDivisible: false,
    biodiversityMetric: testFile('metric.xlsx'),
  };
  const habitatField = (values: Record<string, unknown>) =>
    displayedFields(setBuyerCredits, setBuyerCredits.fields, values).find(
      (field) => field.id === 'bioHabitatType',
    );

  it('is optional below High and says so', () => {
    expect(habitatField({ ...bio, bioDistinctiveness: 'Medium' })?.optional).toBe(true);
    expect(validateAction(setBuyerCredits, { ...bio, bioDistinctiveness: 'Medium' }).errors).toEqual([]);
  });

  it('is required at High and Very high: no optional tag, and a message saying why', () => {
    for (const level of ['High', 'VeryHigh']) {
      expect(habitatField({ ...bio, bioDistinctiveness: level })?.optional).toBe(false);
      expect(validateAction(setBuyerCredits, { ...bio, bioDistinctiveness: level }).errors).toEqual([
        {
          path: 'bioHabitatType',
          message: 'Habitat type is required for high and very high distinctiveness',
        },
      ]);
    }
  });

  it("fills in the distinctiveness from the habitat type's record", () => {
    const habitat = setBuyerCredits.fields.find((field) => field.id === 'bioHabitatType');
    expect(habitat?.type === 'Select' && habitat.optionsSource?.fills).toEqual([
      { fieldId: 'bioDistinctiveness', key: 'distinctiveness', map: { VeryLow: 'Low' } },
    ]);
    const investorHabitat = setInvestorCredits.fields.find((field) => field.id === 'habitatType');
    expect(investorHabitat?.type === 'Select' && investorHabitat.optionsSource?.fills?.[0]?.fieldId).toBe(
      'distinctiveness',
    );
  });

  it("says the investor's habitat type is required at High", () => {
    expect(
      validateAction(setInvestorCredits, {
        units: 5,
        redemptionDate: fromToday(30),
        isDivisible: true,
        module: 'Linear',
        distinctiveness: 'High',
      }).errors,
    ).toEqual([
      { path: 'habitatType', message: 'Habitat type is required for high and very high distinctiveness' },
    ]);
  });
});

describe('redemption dates, units and where a development is', () => {
  const development = {
    creditType: 'Biodiversity',
    planningRef: '24/0001/FUL',
    lpaId: 'l1',
    ncaId: 'n1',
    nearAddress: '1 High St',
    redemptionDate: fromToday(60),
  };

  it('refuses a redemption or delivery date in the past', () => {
    expect(validateAction(setBuyerDevelopment, development).errors).toEqual([]);
    expect(
      validateAction(setBuyerDevelopment, { ...development, redemptionDate: fromToday(-1) }).errors,
    ).toEqual([{ path: 'redemptionDate', message: 'Cannot be in the past' }]);
    expect(
      validateAction(setBuyerDevelopment, {
        ...development,
        creditType: 'NutrientMitigationNitrogen',
        redemptionDate: undefined,
        ncaId: undefined,
        subcatchmentId: 's1',
        deliveryDate: '2020-01-31',
      }).errors,
    ).toEqual([{ path: 'deliveryDate', message: 'Cannot be in the past' }]);
    const investor = { units: 5, isDivisible: true, module: 'Linear', distinctiveness: 'Low' };
    expect(validateAction(setInvestorCredits, { ...investor, redemptionDate: '2020-01-31' }).errors).toEqual([
      { path: 'redemptionDate', message: 'Cannot be in the past' },
    ]);
  });

  it('bounds the units wanted', () => {
    const investor = {
      isDivisible: true,
      module: 'Linear',
      distinctiveness: 'Low',
      redemptionDate: fromToday(9),
    };
    expect(validateAction(setInvestorCredits, { ...investor, units: 1e9 }).errors).toEqual([
      { path: 'units', message: 'Must be at most 100,000 units' },
    ]);
  });

  it('checks the grid reference and the three-word address', () => {
    expect(
      validateAction(setBuyerDevelopment, {
        ...development,
        gridReference: 'SU 12345 67890',
        threeWords: '///filled.count.soap',
      }).errors,
    ).toEqual([]);
    expect(
      validateAction(setBuyerDevelopment, {
        ...development,
        gridReference: 'banana',
        threeWords: 'not three words',
      }).errors,
    ).toEqual([
      {
        path: 'gridReference',
        message: 'Enter an OS grid reference: two letters then 2 to 10 digits, e.g. SU 12345 67890',
      },
      {
        path: 'threeWords',
        message: 'Enter a three-word address: three words joined by dots, e.g. ///filled.count.soap',
      },
    ]);
  });
});

describe('what cannot be undone is checked before it is submitted', () => {
  it('asks to check the answers of Register and Set bid', () => {
    expect(registerRequirement.confirm).toBe('check-answers');
    expect(setBid.confirm).toBe('check-answers');
    expect(serialiseAction(setBid).confirm).toBe('check-answers');
  });
});
