import type { OpportunityStatement, PublicOpportunityListings } from '@curlew/domain';

/** A published, public statement of round r1 (Spring 2026): two credit types, areas, dates and the reserve. */
export const STATEMENT: OpportunityStatement = {
  round: { id: 'r1', name: 'Spring 2026' },
  publishedAt: '2026-03-02T10:00:00.000Z',
  isPublic: true,
  creditTypes: [
    {
      creditType: 'Biodiversity',
      supplyUnits: 10.25,
      demandUnits: 10,
      projects: 1,
      requirements: 1,
      marketOperatorFee: 100,
      complianceMonitoring: 50,
      performanceMonitoring: 25,
      feesPerUnit: 17.07,
    },
    {
      creditType: 'NutrientMitigationPhosphorous',
      supplyUnits: 0,
      demandUnits: 4.5,
      projects: 0,
      requirements: 1,
      marketOperatorFee: 0,
      complianceMonitoring: 0,
      performanceMonitoring: 0,
      feesPerUnit: null,
    },
  ],
  areas: [
    { creditType: 'Biodiversity', kind: 'LPA', area: 'Test Valley', supplyUnits: 10.25, demandUnits: 10 },
    { creditType: 'Biodiversity', kind: 'NCA', area: 'Not given', supplyUnits: 10.25, demandUnits: 10 },
  ],
  dates: { registration: { suppliers: { start: '2026-01-01', end: '2026-01-31' } }, ampEnd: '2031-03-31' },
  reserve: { percentage: 15, appliesTo: 'allDemand', agreedWithEMB: true },
};

/** The public list: Spring 2026's statement, and an older round of another market. */
export const publicListingsOf = (): PublicOpportunityListings => ({
  statements: [
    {
      roundId: 'r1',
      roundName: 'Spring 2026',
      marketName: 'Solent Market',
      publishedAt: STATEMENT.publishedAt,
    },
    {
      roundId: 'r0',
      roundName: 'Autumn 2025',
      marketName: 'Test Valley Market',
      publishedAt: '2025-10-20T09:00:00.000Z',
    },
  ],
});
