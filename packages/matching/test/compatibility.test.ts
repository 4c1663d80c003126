import { describe, expect, it } from 'vitest';
import type { Credit, Project, Requirement } from '../src/instance.schema.ts';
import {
  type HabitatView,
  habitatServes,
  judgePair,
  neighboursOf,
  sellableUnits,
  spatialMultiplier,
} from '../src/rules/compatibility.ts';
import { bio, need, nitrogen as nitrogenCredit, project as projectOf } from './fixtures.ts';

const habitat = (
  module: HabitatView['module'],
  broadHabitat: string,
  habitatType: string,
  distinctiveness: HabitatView['distinctiveness'],
): HabitatView => ({ module, broadHabitat, habitatType, distinctiveness });

const neutral = habitat('Area', 'Grassland', 'Other neutral grassland', 'Medium');
const lowlandMeadow = habitat('Area', 'Grassland', 'Lowland meadows', 'VeryHigh');
const modifiedGrass = habitat('Area', 'Grassland', 'Modified grassland', 'Low');
const mixedWood = habitat('Area', 'Woodland and forest', 'Other woodland; mixed', 'Medium');
const wetWood = habitat('Area', 'Woodland and forest', 'Wet woodland', 'High');
const hedgeRich = habitat('Linear', '', 'Species-rich native hedgerow', 'Medium');
const hedgeNative = habitat('Linear', '', 'Native hedgerow', 'Low');
const hedgeTrees = habitat('Linear', '', 'Species-rich native hedgerow with trees', 'High');
const hedgeBank = habitat(
  'Linear',
  '',
  'Species-rich native hedgerow - associated with bank or ditch',
  'High',
);
const ditch = habitat('River', '', 'Ditches', 'Medium');
const canal = habitat('River', '', 'Canals', 'Medium');
const culvert = habitat('River', '', 'Culvert', 'Low');
const streams = habitat('River', '', 'Other rivers and streams', 'High');

describe('distinctiveness trading rules', () => {
  it.each([
    ['VeryHigh: same habitat only', lowlandMeadow, lowlandMeadow, true],
    [
      'VeryHigh: another VeryHigh habitat is refused',
      habitat('Area', 'Grassland', 'Upland hay meadows', 'VeryHigh'),
      lowlandMeadow,
      false,
    ],
    ['High: same habitat', wetWood, wetWood, true],
    ['High: higher band but another habitat is refused', lowlandMeadow, wetWood, false],
    [
      'Medium: same broad habitat at Medium',
      habitat('Area', 'Grassland', 'Other neutral grassland', 'Medium'),
      neutral,
      true,
    ],
    ['Medium: same broad habitat at a higher band', lowlandMeadow, neutral, true],
    ['Medium: another broad habitat at Medium is refused', mixedWood, neutral, false],
    ['Medium: any habitat above Medium', wetWood, neutral, true],
    ['Medium: Low in the same broad habitat is refused', modifiedGrass, neutral, false],
    ['Low: any habitat at Low', modifiedGrass, habitat('Area', 'Urban', 'Vegetated garden', 'Low'), true],
    ['Low: any habitat above Low', wetWood, modifiedGrass, true],
    ['modules never substitute (area for hedgerow)', lowlandMeadow, hedgeNative, false],
    ['modules never substitute (hedgerow for river)', hedgeTrees, culvert, false],
    ['hedgerow: same band or higher', hedgeRich, hedgeNative, true],
    ['hedgerow: lower band refused', hedgeNative, hedgeRich, false],
    ['hedgerow: High needs the same type', hedgeTrees, hedgeTrees, true],
    ['hedgerow: High with another High type refused', hedgeBank, hedgeTrees, false],
    ['river: Medium accepts another Medium type', canal, ditch, true],
    ['river: higher band serves lower', streams, culvert, true],
    ['river: lower band refused', culvert, ditch, false],
  ] as const)('%s', (_label, supply, demand, expected) => {
    expect(habitatServes(supply, demand)).toBe(expected);
  });
});

describe('spatial risk multiplier', () => {
  const neighbours = neighboursOf({ neighbours: { lpa: [['L1', 'L2']], nca: [['N1', 'N2']] } });
  it.each([
    ['same LPA', { lpa: 'L1', nca: 'N9' }, { lpa: 'L1', nca: 'N8' }, 1],
    ['same NCA', { lpa: 'L7', nca: 'N1' }, { lpa: 'L8', nca: 'N1' }, 1],
    ['neighbouring LPA', { lpa: 'L2', nca: 'N7' }, { lpa: 'L1', nca: 'N8' }, 0.75],
    ['neighbouring NCA (pairs are unordered)', { lpa: 'L5', nca: 'N2' }, { lpa: 'L6', nca: 'N1' }, 0.75],
    ['elsewhere', { lpa: 'L5', nca: 'N5' }, { lpa: 'L6', nca: 'N6' }, 0.5],
    ['unknown place is elsewhere', { lpa: null, nca: null }, { lpa: null, nca: null }, 0.5],
  ] as const)('%s', (_label, supply, demand, expected) => {
    expect(spatialMultiplier(supply, demand, neighbours)).toBe(expected);
  });
});

// One credit, project and requirement of each kind, overridden per case (the shared fixtures).
const bioCredit = (over: Partial<Credit> = {}): Credit => bio(10, over);
const nitrogen = (over: Partial<Credit> = {}): Credit => nitrogenCredit([5], over);
const project = (over: Partial<Project> = {}): Project => projectOf('P1', 1, [bio(10)], over);
const requirement = (over: Partial<Requirement> = {}): Requirement => need('R1', 1, 1, over);
const round = { years: 4, reservePercent: 20 };
const noNeighbours = neighboursOf({ neighbours: null });

describe('pair verdicts', () => {
  it.each([
    [
      'credit types never substitute',
      project(),
      bioCredit(),
      requirement({ type: 'NutrientMitigationNitrogen' }),
      'type',
    ],
    [
      'local-only refuses a neighbour',
      project({ lpa: 'L2', nca: 'N2' }),
      bioCredit(),
      requirement({ localOnly: true }),
      'localOnly',
    ],
    [
      'nutrients need the same subcatchment',
      project({ subcatchment: 'S1' }),
      nitrogen(),
      requirement({ type: 'NutrientMitigationNitrogen', subcatchment: 'S2', units: [1, 1, 1, 1] }),
      'subcatchment',
    ],
    [
      'ongoing-only refuses short-term credits',
      project({ subcatchment: 'S1' }),
      nitrogen({ permanent: false, units: [5, 5, 5, 5] }),
      requirement({
        type: 'NutrientMitigationNitrogen',
        subcatchment: 'S1',
        ongoingOnly: true,
        units: [1, 1, 1, 1],
      }),
      'ongoingOnly',
    ],
    [
      'short-term credits serve only the years they deliver',
      project({ subcatchment: 'S1' }),
      nitrogen({ permanent: false, units: [5, 5] }),
      requirement({ type: 'NutrientMitigationNitrogen', subcatchment: 'S1', units: [0, 0, 3, 3] }),
      'years',
    ],
  ] as const)('%s', (_label, p, c, r, because) => {
    expect(judgePair(p, c, r, round, noNeighbours)).toEqual({ compatible: false, because });
  });

  it('permanent credits serve any year, at multiplier 1 for nutrients', () => {
    const verdict = judgePair(
      project({ subcatchment: 'S1', lpa: 'L9', nca: 'N9' }),
      nitrogen({ units: [5] }),
      requirement({ type: 'NutrientMitigationNitrogen', subcatchment: 'S1', units: [0, 0, 0, 3] }),
      round,
      noNeighbours,
    );
    expect(verdict).toEqual({ compatible: true, multiplier: 1 });
  });

  it('the reserve is held back from every year, and permanent credits repeat their last entry', () => {
    expect(sellableUnits(nitrogen({ units: [10, 5] }), 0, 20)).toBe(8);
    expect(sellableUnits(nitrogen({ units: [10, 5] }), 3, 20)).toBe(4);
    expect(sellableUnits(nitrogen({ permanent: false, units: [10, 5] }), 3, 20)).toBe(0);
    expect(sellableUnits(bioCredit({ units: [10] }), 1, 20)).toBe(0);
  });
});
