import { PassThrough } from 'node:stream';
import { CREDIT_STATUS_LABELS, CREDIT_TYPE_LABELS, type RegistryCredit } from '@curlew/domain';
import ExcelJS from 'exceljs';
import { csvText } from '../../platform/csv.ts';

/** The most rows one export answers. */
export const EXPORT_MAX_ROWS = 100_000;

const COLUMNS: readonly {
  header: string;
  width: number;
  value: (credit: RegistryCredit) => string | number;
}[] = [
  { header: 'Credit requirement', width: 32, value: (credit) => credit.requirement.name },
  { header: 'Owner', width: 28, value: (credit) => credit.owner.name },
  { header: 'Credit type', width: 28, value: (credit) => CREDIT_TYPE_LABELS[credit.creditType] },
  { header: 'Status', width: 18, value: (credit) => CREDIT_STATUS_LABELS[credit.status] },
  { header: 'Units', width: 10, value: (credit) => credit.units },
  {
    header: 'Duration',
    width: 14,
    value: (credit) => (credit.isPermanent || credit.years === null ? 'Permanent' : `${credit.years} years`),
  },
  { header: 'Delivery years', width: 18, value: (credit) => credit.deliveryYears.join('; ') },
  {
    header: 'Source projects',
    width: 36,
    value: (credit) => credit.sources.map((source) => source.name).join('; '),
  },
  { header: 'Planning reference', width: 20, value: (credit) => credit.planningRef ?? '' },
  { header: 'Local planning authority', width: 28, value: (credit) => credit.lpa?.name ?? '' },
  { header: 'Market', width: 24, value: (credit) => credit.market?.name ?? '' },
  { header: 'Market round', width: 24, value: (credit) => credit.round?.name ?? '' },
];

/** The credits as CSV (a leading formula character neutralised). */
export const creditsCsv = (credits: readonly RegistryCredit[]): string =>
  csvText(
    COLUMNS.map((column) => column.header),
    credits.map((credit) => COLUMNS.map((column) => column.value(credit))),
  );

/** A spreadsheet cell: text that would start a formula is kept as text. */
const cell = (value: string | number): string | number =>
  typeof value === 'string' && /^[=+\-@]/.test(value) ? `'${value}` : value;

/**
 * The credits as an XLSX workbook, written row by row into the returned stream (exceljs' streaming writer), so the
 * response starts before the workbook is whole.
 */
export function creditsXlsx(credits: readonly RegistryCredit[]): PassThrough {
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet('Credits');
  sheet.columns = COLUMNS.map((column) => ({ header: column.header, width: column.width }));
  void (async () => {
    for (const credit of credits) sheet.addRow(COLUMNS.map((column) => cell(column.value(credit)))).commit();
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => stream.destroy(error instanceof Error ? error : new Error(String(error))));
  return stream;
}
