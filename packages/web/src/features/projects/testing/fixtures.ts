import type { Project, ProjectGroup, ProjectListItem, ProjectService } from '@curlew/domain';
import { signedIn } from '../../organisations/testing/fixtures.ts';

/** The supplier of the fixtures. */
export const supplier = signedIn(['participant'], { id: 'o1', name: 'Wetland Trust', type: 'PARTICIPANT' });
/** An agent acting for the supplier. */
export const agent = signedIn(['agent'], { id: 'a1', name: 'Fen Agents', type: 'AGENT' });
/** A local planning authority. */
export const lpa = signedIn(['lpa'], { id: 'lpa-org', name: 'Test Valley Council', type: 'LPA' });

/** A biodiversity service of project p1 as the API answers it. */
export const serviceOf = (overrides: Partial<ProjectService> & { id: string }): ProjectService => ({
  projectId: 'p1',
  type: 'Biodiversity',
  status: 'PendingCertification',
  module: 'Area',
  broadHabitat: 'Grassland',
  habitatType: 'Lowland meadows',
  distinctiveness: 'High',
  condition: 'Good',
  strategicSignificance: 'Low',
  difficulty: 'Medium',
  size: 4,
  sizeUnit: 'ha',
  mitigationBegins: '2026-04-01',
  creationDate: null,
  mitigationDuration: null,
  area: null,
  years: null,
  baselineUnitsLost: 2,
  metricEstimate: 20,
  certification: null,
  unitsPerPeriod: [],
  ...overrides,
});

/** A project of the supplier in round r1, with a service, supply, location and costs, without an offer. */
export const projectOf = (overrides: Partial<Project> & { id: string }): Project => ({
  self: `/project/${overrides.id}`,
  checklist: [],
  name: 'Meadow Farm',
  status: 'Registered',
  supplier: { id: 'o1', name: 'Wetland Trust' },
  agent: { id: 'a1', name: 'Fen Agents' },
  type: { id: 't1', name: 'Habitat creation' },
  market: { id: 'm1', name: 'Test Valley biodiversity' },
  round: { id: 'r1', name: 'Spring 2026', status: 'Open' },
  isFixedTerm: false,
  mitigationDurations: [],
  services: [serviceOf({ id: 's1' })],
  supply: { baselineUnitsLost: 2, yearsToTargetCondition: 2, gainsPerYear: [5, 12, 22] },
  location: {
    creditTypes: ['Biodiversity'],
    lpa: { id: 'l1', name: 'Test Valley' },
    nca: { id: 'n1', name: 'Hampshire Downs' },
    subcatchment: null,
    nearAddress: 'Meadow Farm, Stockbridge',
    gridReference: 'SU 35550 35050',
    threeWords: 'filled.count.soap',
  },
  costs: {
    maintenance: 120000,
    marketOperator: 2500,
    complianceMonitoring: 9000,
    performanceMonitoring: 6000,
  },
  group: null,
  documents: [
    { tag: 'LandholderInfo', fileId: 'f1', name: 'landholder.pdf', uploadedAt: '2026-02-01T10:00:00.000Z' },
  ],
  outcomes: [],
  nonCompliant: false,
  complianceNextAction: null,
  createdAt: '2026-02-01T10:00:00.000Z',
  updatedAt: '2026-02-03T10:00:00.000Z',
  actions: [],
  ...overrides,
});

/** A row of the projects list. */
export const projectRowOf = (overrides: Partial<ProjectListItem> & { id: string }): ProjectListItem => ({
  self: `/project/${overrides.id}`,
  name: 'Meadow Farm',
  status: 'Registered',
  supplier: { id: 'o1', name: 'Wetland Trust' },
  agent: null,
  type: { id: 't1', name: 'Habitat creation' },
  market: { id: 'm1', name: 'Test Valley biodiversity' },
  round: { id: 'r1', name: 'Spring 2026', status: 'Open' },
  creditTypes: ['Biodiversity'],
  lpa: { id: 'l1', name: 'Test Valley' },
  group: null,
  createdAt: '2026-02-01T10:00:00.000Z',
  ...overrides,
});

/** A project group of the supplier in round r1. */
export const projectGroupOf = (overrides: Partial<ProjectGroup> & { id: string }): ProjectGroup => ({
  self: `/project-group/${overrides.id}`,
  name: 'Stockbridge either-or',
  type: 'XOR',
  supplier: { id: 'o1', name: 'Wetland Trust' },
  round: { id: 'r1', name: 'Spring 2026', status: 'Open' },
  projects: [
    { id: 'p1', name: 'Meadow Farm', self: '/project/p1', status: 'Registered' },
    { id: 'p2', name: 'Down Farm', self: '/project/p2', status: 'Registered' },
  ],
  createdAt: '2026-02-05T10:00:00.000Z',
  actions: [],
  ...overrides,
});
