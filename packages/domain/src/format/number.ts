import { CREDIT_DECIMALS, FILE_SIZE_STEP, LOCALE } from '../vocab/constants.ts';
import { CREDIT_TYPE_LABELS, type CreditType } from '../vocab/credits.ts';

/** Fraction digits of a formatted number. */
export interface NumberFormatDigits {
  minimumFractionDigits?: number;
  maximumFractionDigits?: number;
}

/**
 * `digits` (the figures of a non-negative decimal, without its point) rounded to keep `kept` of them, half away
 * from zero: '10049' keeping 4 is '1005'.
 */
const roundDigits = (digits: string, kept: number): string => {
  const head = digits.slice(0, kept);
  if ((digits[kept] ?? '0') < '5') return head;
  return (BigInt(head === '' ? '0' : head) + 1n).toString().padStart(kept, '0');
};

/**
 * A number as en-GB's Intl.NumberFormat writes it ('1,234.5'; a value that rounds to zero has no minus sign). Like
 * Intl it rounds the number's shortest decimal form (1.005 is '1.01' to 2 places), half away from zero. Building an
 * Intl formatter first loads the browser's locale data, a pause a page would pay on its first number;
 * number.test.ts checks this against Intl.NumberFormat on thousands of values.
 */
const formatDecimal = (
  value: number,
  { minimumFractionDigits = 0, maximumFractionDigits = 3 }: NumberFormatDigits,
): string => {
  const places = Math.max(minimumFractionDigits, maximumFractionDigits);
  const text = String(Math.abs(value));
  // Past 1e21 and below 1e-6 the shortest form has an exponent; no amount of Curlew's comes near either.
  if (text.includes('e'))
    return new Intl.NumberFormat(LOCALE, {
      signDisplay: 'negative',
      minimumFractionDigits,
      maximumFractionDigits: places,
    }).format(value);
  const [whole = '0', fraction = ''] = text.split('.');
  const rounded = roundDigits(whole + fraction.padEnd(places, '0'), whole.length + places);
  const wholeShown = rounded.slice(0, rounded.length - places) || '0';
  let fractionShown = rounded.slice(rounded.length - places);
  while (fractionShown.length > minimumFractionDigits && fractionShown.endsWith('0'))
    fractionShown = fractionShown.slice(0, -1);
  const sign = value < 0 && /[1-9]/.test(rounded) ? '-' : '';
  const grouped = wholeShown.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${grouped}${fractionShown === '' ? '' : `.${fractionShown}`}`;
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
  const shown = formatDecimal(pounds, { minimumFractionDigits: digits, maximumFractionDigits: digits });
  return shown.startsWith('-') ? `-£${shown.slice(1)}` : `£${shown}`;
};

/** An amount stored as integer pence, shown as formatGBP shows pounds. */
export const formatPenceAsGBP = (pence: number | null | undefined, options: GbpFormatOptions = {}): string =>
  present(pence) ? formatGBP(pence / 100, options) : '';

/** A credit amount with 2 decimals, e.g. '1,234.50'; blank when absent. */
export const formatCredits = (units: number | null | undefined): string =>
  present(units)
    ? formatDecimal(units, { minimumFractionDigits: CREDIT_DECIMALS, maximumFractionDigits: CREDIT_DECIMALS })
    : '';

/**
 * Units of several credit types, each with its own: '1,035.28 Nitrogen, 48.47 Biodiversity' (units of different
 * types are never added up); '0.00' for none.
 */
export const formatCreditVolumes = (volumes: readonly { creditType: CreditType; units: number }[]): string =>
  volumes.length === 0
    ? formatCredits(0)
    : volumes.map((v) => `${formatCredits(v.units)} ${CREDIT_TYPE_LABELS[v.creditType]}`).join(', ');

/** A number in en-GB style, e.g. '12,345.678' (Intl defaults: up to 3 decimals); blank when absent. */
export const formatNumber = (value: number | null | undefined, digits: NumberFormatDigits = {}): string =>
  present(value) ? formatDecimal(value, digits) : '';

/** A percentage given as a number of percent, e.g. 12.5 -> '12.5%' (up to 2 decimals); blank when absent. */
export const formatPercent = (percent: number | null | undefined): string =>
  present(percent) ? `${formatDecimal(percent, { maximumFractionDigits: 2 })}%` : '';

/**
 * A file size in Kb or Mb with 2 decimals, unit step 1024 (SPEC 9). Sizes below 1 Kb are still shown in Kb
 * (512 bytes -> '0.50 Kb') because the spec knows only these two units; a size that would round to 1024.00 Kb
 * is shown as '1.00 Mb'.
 */
export const formatFileSize = (bytes: number | null | undefined): string => {
  if (!present(bytes)) return '';
  if (bytes < 0) throw new RangeError(`A file size cannot be negative: ${bytes}`);
  const twoDecimals = (value: number) =>
    formatDecimal(value, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const kilobytes = bytes / FILE_SIZE_STEP;
  if (Math.round(kilobytes * 100) < FILE_SIZE_STEP * 100) return `${twoDecimals(kilobytes)} Kb`;
  return `${twoDecimals(kilobytes / FILE_SIZE_STEP)} Mb`;
};
