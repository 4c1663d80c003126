import {
  CREDIT_TYPE_LABELS,
  type OpportunityStatement,
  REGISTRATION_PERIODS,
  RESERVE_APPLIES_TO_LABELS,
} from '@curlew/domain';
import { type CsvCell, csvText } from '../../platform/csv.ts';

const COLUMNS = [
  'round',
  'published at',
  'credit type',
  'area kind',
  'area',
  'supply units',
  'demand units',
  'projects',
  'requirements',
  'market operator fee (£)',
  'compliance monitoring (£)',
  'performance monitoring (£)',
  'fees per unit of supply (£)',
  'registration windows',
  'AMP end',
  'reserve (%)',
  'reserve applies to',
  'reserve agreed with the EMB',
] as const;

const money = (pounds: number | null): string => (pounds === null ? '' : pounds.toFixed(2));

/**
 * A published opportunity statement as CSV: a line per credit type over all areas (with its fees), then a line per
 * credit type and area; each line carries the round, the publication, the registration windows and the reserve, so
 * the file reads on its own. No names of records or owners and no prices.
 */
export function opportunityCsv(statement: OpportunityStatement): string {
  const windows = REGISTRATION_PERIODS.flatMap((period) => {
    const window = statement.dates.registration[period];
    return window ? [`${period} ${window.start} to ${window.end}`] : [];
  }).join('; ');
  const reserve = statement.reserve;
  const roundCells = (): CsvCell[] => [
    windows,
    statement.dates.ampEnd ?? '',
    reserve.percentage ?? '',
    reserve.appliesTo ? RESERVE_APPLIES_TO_LABELS[reserve.appliesTo] : '',
    reserve.agreedWithEMB ? 'yes' : 'no',
  ];
  const lead = [statement.round.name, statement.publishedAt];
  const totals = statement.creditTypes.map((line): CsvCell[] => [
    ...lead,
    CREDIT_TYPE_LABELS[line.creditType],
    'All areas',
    '',
    line.supplyUnits.toFixed(2),
    line.demandUnits.toFixed(2),
    line.projects,
    line.requirements,
    money(line.marketOperatorFee),
    money(line.complianceMonitoring),
    money(line.performanceMonitoring),
    money(line.feesPerUnit),
    ...roundCells(),
  ]);
  const areas = statement.areas.map((line): CsvCell[] => [
    ...lead,
    CREDIT_TYPE_LABELS[line.creditType],
    line.kind,
    line.area,
    line.supplyUnits.toFixed(2),
    line.demandUnits.toFixed(2),
    '',
    '',
    '',
    '',
    '',
    '',
    ...roundCells(),
  ]);
  return csvText(COLUMNS, [...totals, ...areas]);
}
