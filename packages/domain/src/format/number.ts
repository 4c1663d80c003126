import { CREDIT_DECIMALS, CURRENCY, FILE_SIZE_STEP, LOCALE } from '../vocab/constants.ts';
import { CREDIT_TYPE_LABELS, type CreditType } from '../vocab/credits.ts';

const numberFormats = new Map<string, Intl.NumberFormat>();

/** One shared en-GB formatter per option set; building an Intl.NumberFormat is costly. */
const numberFormat = (options: Intl.NumberFormatOptions): Intl.NumberFormat => {
  const key = JSON.stringify(options);
  let format = numberFormats.get(key);
  if (!format) {
    // signDisplay 'negative' keeps values that round to zero from showing as '-0'.
    format = new Intl.NumberFormat(LOCALE, { signDisplay: 'negative', ...options });
    numberFormats.set(key, format);
  }
  return format;
};

/** Absent values show as blank; a non-finite number is a bug upstream and fails loudly. */
const present = (value: number | null | undefined): value is number => {
  if (value === null || value === undefined) return false;
  if (!Number.isFinite(value)) throw new RangeError(`Cannot format ${value} as a number`);
  return true;
};

/** Options of formatGBP. */
export interface GbpFormatOptions {
  /** Show pence (2 decimals) instead of whole pounds. */
  pence?: boolean;
}

/** An amount in pounds as '£1,235' (whole pounds by default) or '£1,234.50' with `{ pence: true }`; blank when absent. */
export const formatGBP = (
  pounds: number | null | undefined,
  { pence = false }: GbpFormatOptions = {},
): string => {
  if (!present(pounds)) return '';
  const digits = pence ? 2 : 0;
  return numberFormat({
    style: 'currency',
    currency: CURRENCY,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(pounds);
};

/** An amount stored as integer pence, shown as formatGBP shows pounds. */
export const formatPenceAsGBP = (pence: number | null | undefined, options: GbpFormatOptions = {}): string =>
  present(pence) ? formatGBP(pence / 100, options) : '';

/** A credit amount with 2 decimals, e.g. '1,234.50'; blank when absent. */
export const formatCredits = (units: number | null | undefined): string =>
  present(units)
    ? numberFormat({ minimumFractionDigits: CREDIT_DECIMALS, maximumFractionDigits: CREDIT_DECIMALS }).format(
        units,
      )
    : '';

/**
 * Units of several credit types, each with its own: '1,035.28 Nitrogen, 48.47 Biodiversity' (units of different
 * types are never added up); '0.00' for none.
 */
export const formatCreditVolumes = (volumes: readonly { creditType: CreditType; units: number }[]): string =>
  volumes.length === 0
    ? formatCredits(0)
    : volumes.map((v) => `${formatCredits(v.units)} ${CREDIT_TYPE_LABELS[v.creditType]}`).join(', ');

/** Fraction digits for formatNumber. */
export interface NumberFormatDigits {
  minimumFractionDigits?: number;
  maximumFractionDigits?: number;
}

/** A number in en-GB style, e.g. '12,345.678' (Intl defaults: up to 3 decimals); blank when absent. */
export const formatNumber = (value: number | null | undefined, digits: NumberFormatDigits = {}): string =>
  present(value) ? numberFormat({ ...digits }).format(value) : '';

/** A percentage given as a number of percent, e.g. 12.5 -> '12.5%' (up to 2 decimals); blank when absent. */
export const formatPercent = (percent: number | null | undefined): string =>
  present(percent) ? `${numberFormat({ maximumFractionDigits: 2 }).format(percent)}%` : '';

/**
 * A file size in Kb or Mb with 2 decimals, unit step 1024 (SPEC 9). Sizes below 1 Kb are still shown in Kb
 * (512 bytes -> '0.50 Kb') because the spec knows only these two units; a size that would round to 1024.00 Kb
 * is shown as '1.00 Mb'.
 */
export const formatFileSize = (bytes: number | null | undefined): string => {
  if (!present(bytes)) return '';
  if (bytes < 0) throw new RangeError(`A file size cannot be negative: ${bytes}`);
  const twoDecimals = numberFormat({ minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const kilobytes = bytes / FILE_SIZE_STEP;
  if (Math.round(kilobytes * 100) < FILE_SIZE_STEP * 100) return `${twoDecimals.format(kilobytes)} Kb`;
  return `${twoDecimals.format(kilobytes / FILE_SIZE_STEP)} Mb`;
};
