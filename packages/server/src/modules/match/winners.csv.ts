import type { ClearingResult } from '@curlew/matching';
import { type CsvCell, csvText } from '../../platform/csv.ts';
import type { BuiltInstance } from './instance.types.ts';

/** The columns of a winners file: one line per delivery from a project's service to a requirement. */
export const WINNERS_COLUMNS = ['project', 'service', 'requirement', 'year', 'units'] as const;

/**
 * The lines of a result's winners file (WINNERS_COLUMNS): one per flow, the project's service by id and the year as
 * a calendar year, units with 2 decimals, in the result's order.
 */
export function winnersLines(
  result: ClearingResult,
  built: Pick<BuiltInstance, 'credits'>,
  firstDeliveryYear: number,
): CsvCell[][] {
  return result.flows.map((flow) => [
    flow.project,
    built.credits[flow.project]?.[flow.credit] ?? String(flow.credit),
    flow.requirement,
    firstDeliveryYear + flow.year,
    flow.units.toFixed(2),
  ]);
}

/** The winners file of a result; `checkWinnersCsv` reads it back into the same allocation. */
export const winnersCsv = (
  result: ClearingResult,
  built: Pick<BuiltInstance, 'credits'>,
  firstDeliveryYear: number,
): string => csvText(WINNERS_COLUMNS, winnersLines(result, built, firstDeliveryYear));
