import type {
  CreditTrace,
  PublicRegistry,
  RegistryCredit,
  RegistryTotals,
  ReservedCredit,
  ReservedCreditRecord,
} from '@curlew/domain';
import type { Routes } from '../../../actions/testing/localServer.ts';
import { publicListingsOf, STATEMENT } from '../../opportunity/testing/fixtures.ts';
import { listOf } from '../../organisations/testing/fixtures.ts';
import { projectOf, projectRowOf } from '../../projects/testing/fixtures.ts';
import { requirementOf, requirementRowOf } from '../../requirements/testing/fixtures.ts';

/** A credit of the registry as the API answers it. */
export const creditOf = (overrides: Partial<RegistryCredit> & { id: string }): RegistryCredit => ({
  self: `/credits/registry/${overrides.id}`,
  status: 'RightsCreated',
  creditType: 'Biodiversity',
  units: 10,
  isPermanent: false,
  years: 30,
  deliveryYears: [2026, 2027],
  owner: { id: 'b1', name: 'Mill Homes' },
  requirement: { id: 'q1', name: 'Housing at Mill Lane' },
  planningRef: '24/01234/FUL',
  lpa: { id: 'l1', name: 'Test Valley' },
  market: { id: 'm1', name: 'Solent' },
  round: { id: 'r1', name: 'Spring 2026' },
  sources: [{ id: 'p1', name: 'Meadow Farm' }],
  ...overrides,
});

/** The trace of credit c1. */
const traceOf = (): CreditTrace => ({
  credit: creditOf({ id: 'c1' }),
  development: {
    requirement: { id: 'q1', name: 'Housing at Mill Lane', status: 'RightsCreated' },
    planningRef: '24/01234/FUL',
    lpa: { id: 'l1', name: 'Test Valley' },
    redemptionDate: '2027-03-31',
  },
  sources: [
    {
      project: { id: 'p1', name: 'Meadow Farm', status: 'Contracted' },
      creditType: 'Biodiversity',
      lpa: { id: 'l1', name: 'Test Valley' },
      nca: { id: 'n1', name: 'Hampshire Downs' },
      gridReference: 'SU 123 456',
      allocations: [
        { year: 2026, units: 6, origin: 'Clearing', failed: true, replaces: null },
        {
          year: 2026,
          units: 6,
          origin: 'Reserve',
          failed: false,
          replaces: { id: 'p1', name: 'Meadow Farm' },
        },
      ],
    },
  ],
  events: [{ kind: 'Created', units: 10, at: '2026-04-02T09:00:00.000Z' }],
});

/** A reserved credit. */
export const reservedOf = (overrides: Partial<ReservedCredit> & { id: string }): ReservedCredit => ({
  self: `/reserved-credit/${overrides.id}`,
  creditType: 'Biodiversity',
  year: 2026,
  units: 5,
  usedUnits: 2,
  voidedUnits: 0,
  remainingUnits: 3,
  project: { id: 'p1', name: 'Meadow Farm' },
  lpa: { id: 'l1', name: 'Test Valley' },
  nca: { id: 'n1', name: 'Hampshire Downs' },
  market: { id: 'm1', name: 'Solent' },
  round: { id: 'r1', name: 'Spring 2026' },
  ...overrides,
});

/** Reserved credit rc1 with what it covered. */
const reservedRecordOf = (): ReservedCreditRecord => ({
  ...reservedOf({ id: 'rc1' }),
  covered: [
    {
      year: 2026,
      units: 2,
      at: '2026-06-01T09:00:00.000Z',
      requirement: { id: 'q2', name: 'Barn conversion' },
      replaces: { id: 'p2', name: 'Down Farm' },
    },
  ],
});

/** Totals of biodiversity on two days. */
const totalsOf = (): RegistryTotals => ({
  now: [
    {
      creditType: 'Biodiversity',
      created: 12,
      allocated: 10,
      issued: 4,
      redeemed: 0,
      retired: 0,
      reserve: 3,
    },
  ],
  series: [
    {
      date: '2026-04-01',
      creditType: 'Biodiversity',
      created: 12,
      allocated: 0,
      issued: 0,
      redeemed: 0,
      retired: 0,
      reserve: 5,
    },
    {
      date: '2026-05-01',
      creditType: 'Biodiversity',
      created: 12,
      allocated: 10,
      issued: 4,
      redeemed: 0,
      retired: 0,
      reserve: 3,
    },
  ],
});

/** The public registry: two sites in two planning areas, one with nitrogen too, and a biodiversity site with no LPA. */
export const publicOf = (): PublicRegistry => ({
  sites: [
    {
      name: 'Riverside Fen',
      status: 'Matched',
      lpa: 'Eastleigh',
      nca: 'Hampshire Downs',
      creditTypes: ['Biodiversity', 'NutrientMitigationNitrogen'],
      units: 35,
    },
    {
      name: 'Meadow Farm',
      status: 'Contracted',
      lpa: 'Test Valley',
      nca: 'Hampshire Downs',
      creditTypes: ['Biodiversity'],
      units: 17,
    },
    {
      name: 'Hilltop Copse',
      status: 'Matched',
      lpa: null,
      nca: null,
      creditTypes: ['Biodiversity'],
      units: 2,
    },
  ],
  byLpa: [
    { area: 'Eastleigh', code: 'E60000102', creditType: 'Biodiversity', sites: 1, units: 5 },
    { area: 'Eastleigh', code: 'E60000102', creditType: 'NutrientMitigationNitrogen', sites: 1, units: 30 },
    { area: 'Not recorded', code: null, creditType: 'Biodiversity', sites: 1, units: 2 },
    { area: 'Test Valley', code: 'E60000101', creditType: 'Biodiversity', sites: 1, units: 17 },
  ],
  byNca: [
    { area: 'Hampshire Downs', code: '130', creditType: 'Biodiversity', sites: 2, units: 22 },
    { area: 'Hampshire Downs', code: '130', creditType: 'NutrientMitigationNitrogen', sites: 1, units: 30 },
    { area: 'Not recorded', code: null, creditType: 'Biodiversity', sites: 1, units: 2 },
  ],
});

/** Two planning areas side by side, as `GET /api/map/areas` names them (TopoJSON). */
export const areasOf = () => ({
  type: 'Topology',
  objects: {
    areas: {
      type: 'GeometryCollection',
      geometries: [
        { type: 'Polygon', arcs: [[0]], properties: { code: 'E60000101', name: 'Test Valley' } },
        { type: 'Polygon', arcs: [[1]], properties: { code: 'E60000102', name: 'Eastleigh' } },
      ],
    },
  },
  arcs: [
    [
      [-1.6, 51.0],
      [-1.4, 51.0],
      [-1.4, 51.2],
      [-1.6, 51.2],
      [-1.6, 51.0],
    ],
    [
      [-1.4, 51.0],
      [-1.2, 51.0],
      [-1.2, 51.2],
      [-1.4, 51.2],
      [-1.4, 51.0],
    ],
  ],
});

const DEFAULT_CREDITS = 'sort=requirement&order=asc&page=1&pageSize=25';

/** Every registry call the pages make, answered with the fixtures above. */
export const registryRoutes = (): Routes => ({
  [`GET /api/credits/registry?${DEFAULT_CREDITS}`]: {
    body: listOf([
      creditOf({ id: 'c1' }),
      creditOf({ id: 'c2', requirement: { id: 'q2', name: 'Barn conversion' }, units: 2 }),
    ]),
  },
  [`GET /api/credits/registry?status=Issued&${DEFAULT_CREDITS}`]: { body: listOf([]) },
  [`GET /api/credits/registry?projectId=p1&${DEFAULT_CREDITS}`]: { body: listOf([creditOf({ id: 'c1' })]) },
  [`GET /api/credits/registry?requirementId=q1&${DEFAULT_CREDITS}`]: {
    body: listOf([creditOf({ id: 'c1' })]),
  },
  'GET /api/credits/registry/c1': { body: traceOf() },
  'GET /api/registry/totals': { body: totalsOf() },
  'GET /api/rounds?sort=createdAt&order=desc&page=1&pageSize=100': {
    body: listOf([{ id: 'r1', name: 'Spring 2026' }]),
  },
  'GET /api/lpas': { body: [{ id: 'l1', name: 'Test Valley' }] },
  'GET /api/markets?pageSize=100': { body: listOf([{ id: 'm1', name: 'Solent' }]) },
  'GET /api/organisations?type=PARTICIPANT&pageSize=100': {
    body: listOf([{ id: 'b1', name: 'Mill Homes' }]),
  },
  'GET /api/projects?registry=true&sort=name&order=asc&page=1&pageSize=25': {
    body: listOf([projectRowOf({ id: 'p1', status: 'Contracted' })]),
  },
  'GET /api/projects?registry=true&nonCompliant=true&sort=name&order=asc&page=1&pageSize=25': {
    body: listOf([]),
  },
  'GET /api/project/p1': { body: projectOf({ id: 'p1', status: 'Monitoring' }) },
  'GET /api/project/p2': {
    body: projectOf({
      id: 'p2',
      name: 'Down Farm',
      status: 'Monitoring',
      outcomes: [
        { kind: 'compliance', outcome: 'Fail', date: '2027-05-01', comment: 'Hedges removed', by: 'Olive' },
      ],
    }),
  },
  'GET /api/activity?subjectType=project&subjectId=p2&page=1&pageSize=25': {
    body: listOf([
      {
        id: 'e1',
        subjectType: 'project',
        subjectId: 'p2',
        actionId: 'RecordComplianceCheck',
        title: 'Compliance monitoring check outcome',
        actor: null,
        statusBefore: 'Monitoring',
        statusAfter: 'Monitoring',
        details: { isCompliant: false, nextAction: { action: 'Rectify', date: '2027-06-01' } },
        at: '2027-05-01T09:00:00.000Z',
      },
    ]),
  },
  [`GET /api/credits/registry?projectId=p2&${DEFAULT_CREDITS}`]: { body: listOf([]) },
  'GET /api/reserved-credits?projectId=p2&page=1&pageSize=100': { body: listOf([]) },
  'GET /api/reserved-credits?sort=project&order=asc&page=1&pageSize=100': { body: listOf([]) },
  'GET /api/reserved-credits?projectId=p1&page=1&pageSize=100': { body: listOf([reservedOf({ id: 'rc1' })]) },
  'GET /api/requirements?registry=true&sort=createdAt&order=asc&page=1&pageSize=25': {
    body: listOf([requirementRowOf({ id: 'q1', status: 'RightsCreated' })]),
  },
  'GET /api/requirement/q1': {
    body: requirementOf({ id: 'q1', status: 'RightsCreated', lateRedemption: true }),
  },
  'GET /api/reserved-credits?sort=project&order=asc&page=1&pageSize=25': {
    body: listOf([reservedOf({ id: 'rc1' })]),
  },
  'GET /api/reserved-credit/rc1': { body: reservedRecordOf() },
  'GET /api/public/registry': { body: publicOf() },
  'GET /api/map/areas': { body: areasOf() },
  'GET /api/public/opportunity-statements': { body: publicListingsOf() },
  'GET /api/public/round/r1/opportunity': { body: STATEMENT },
});
