import type { Credit, Instance, Project, Requirement } from '../src/instance.schema.ts';

/** A biodiversity area credit (Medium neutral grassland, permanent) with overrides. */
export const bio = (units: number, over: Partial<Credit> = {}): Credit => ({
  type: 'Biodiversity',
  module: 'Area',
  broadHabitat: 'Grassland',
  habitatType: 'Other neutral grassland',
  distinctiveness: 'Medium',
  permanent: true,
  units: [units],
  ...over,
});

/** A nitrogen credit, permanent unless told, with overrides. */
export const nitrogen = (units: number[], over: Partial<Credit> = {}): Credit => ({
  type: 'NutrientMitigationNitrogen',
  permanent: true,
  units,
  ...over,
});

/** A project in L1/N1 (subcatchment S1) with overrides. */
export const project = (
  id: string,
  offer: number,
  credits: Credit[],
  over: Partial<Project> = {},
): Project => ({
  id,
  offer,
  lpa: 'L1',
  nca: 'N1',
  subcatchment: 'S1',
  credits,
  ...over,
});

/** A divisible biodiversity requirement in L1/N1 for Medium neutral grassland, with overrides. */
export const need = (
  id: string,
  bid: number,
  units: number,
  over: Partial<Requirement> = {},
): Requirement => ({
  id,
  bid,
  type: 'Biodiversity',
  module: 'Area',
  broadHabitat: 'Grassland',
  habitatType: 'Other neutral grassland',
  distinctiveness: 'Medium',
  lpa: 'L1',
  nca: 'N1',
  localOnly: false,
  subcatchment: null,
  ongoingOnly: false,
  divisible: true,
  units: [units],
  ...over,
});

/** A nitrogen requirement in S1, with overrides. */
export const needN = (
  id: string,
  bid: number,
  units: number[],
  over: Partial<Requirement> = {},
): Requirement => ({
  ...need(id, bid, 0),
  type: 'NutrientMitigationNitrogen',
  module: null,
  broadHabitat: null,
  habitatType: null,
  distinctiveness: null,
  subcatchment: 'S1',
  units,
  ...over,
});

/** A round with no reserve, k = 0.5 and L1-L2 / N1-N2 neighbours. */
export const round = (
  projects: Project[],
  requirements: Requirement[],
  over: Partial<Instance> = {},
): Instance => ({
  years: 4,
  reservePercent: 0,
  buyerShareOfSurplus: 0.5,
  neighbours: { lpa: [['L1', 'L2']], nca: [['N1', 'N2']] },
  projects,
  requirements,
  ...over,
});
