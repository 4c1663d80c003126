import type { ProjectRecord } from './projects.kind.ts';

// Parts of a project record that are whole only once every field of theirs is set: read alike by the project's
// page and by the clearing, so the two never disagree on when a part counts.

/** The project's yearly costs, once all four are set; null before. */
export const projectCosts = (
  record: Pick<
    ProjectRecord,
    'maintenance' | 'marketOperatorFee' | 'complianceMonitoring' | 'performanceMonitoring'
  >,
) =>
  record.maintenance !== null &&
  record.marketOperatorFee !== null &&
  record.complianceMonitoring !== null &&
  record.performanceMonitoring !== null
    ? {
        maintenance: record.maintenance,
        marketOperator: record.marketOperatorFee,
        complianceMonitoring: record.complianceMonitoring,
        performanceMonitoring: record.performanceMonitoring,
      }
    : null;

/** The project's biodiversity supply (baseline lost, years to target, gains per year), once all are set; null before. */
export const projectSupply = (
  record: Pick<ProjectRecord, 'baselineUnitsLost' | 'yearsToTargetCondition' | 'gainsPerYear'>,
) =>
  record.baselineUnitsLost !== null && record.yearsToTargetCondition !== null && record.gainsPerYear !== null
    ? {
        baselineUnitsLost: record.baselineUnitsLost,
        yearsToTargetCondition: record.yearsToTargetCondition,
        gainsPerYear: [...record.gainsPerYear],
      }
    : null;
