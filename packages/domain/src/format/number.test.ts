import { describe, expect, it } from 'vitest';
import {
  formatCredits,
  formatCreditVolumes,
  formatFileSize,
  formatGBP,
  formatNumber,
  formatPenceAsGBP,
  formatPercent,
} from './number.ts';

describe('formatGBP', () => {
  it.each([
    [0, '£0'],
    [5, '£5'],
    [1234, '£1,234'],
    [1234.5, '£1,235'],
    [1234.49, '£1,234'],
    [1_000_000, '£1,000,000'],
    [-250, '-£250'],
    [-0.4, '£0'],
  ])('%s -> %s with no decimals by default', (pounds, shown) => {
    expect(formatGBP(pounds)).toBe(shown);
  });

  it.each([
    [0, '£0.00'],
    [1234.5, '£1,234.50'],
    [0.005, '£0.01'],
    [-12.3, '-£12.30'],
  ])('%s -> %s with pence', (pounds, shown) => {
    expect(formatGBP(pounds, { pence: true })).toBe(shown);
  });

  it('shows absent amounts as blank and refuses non-finite ones', () => {
    expect(formatGBP(null)).toBe('');
    expect(formatGBP(undefined)).toBe('');
    expect(() => formatGBP(Number.NaN)).toThrow(RangeError);
    expect(() => formatGBP(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it.each([
    [123450, {}, '£1,235'],
    [123450, { pence: true }, '£1,234.50'],
    [99, { pence: true }, '£0.99'],
  ])('formats %s pence with %o as %s', (pence, options, shown) => {
    expect(formatPenceAsGBP(pence, options)).toBe(shown);
  });
});

describe('formatCredits', () => {
  it.each([
    [0, '0.00'],
    [1, '1.00'],
    [1234.5, '1,234.50'],
    [0.125, '0.13'],
    [2.994, '2.99'],
    [-3.5, '-3.50'],
  ])('%s -> %s', (units, shown) => {
    expect(formatCredits(units)).toBe(shown);
  });

  it('shows absent amounts as blank', () => {
    expect(formatCredits(null)).toBe('');
  });
});

describe('formatCreditVolumes', () => {
  it('names each credit type with its own units and never adds them up', () => {
    expect(
      formatCreditVolumes([
        { creditType: 'NutrientMitigationNitrogen', units: 1035.284 },
        { creditType: 'Biodiversity', units: 48.47 },
      ]),
    ).toBe('1,035.28 Nitrogen, 48.47 Biodiversity');
    expect(formatCreditVolumes([])).toBe('0.00');
  });
});

describe('formatNumber', () => {
  it.each([
    [0, {}, '0'],
    [12345.6789, {}, '12,345.679'],
    [1234567, {}, '1,234,567'],
    [0.5, { minimumFractionDigits: 2 }, '0.50'],
    [12.3456, { maximumFractionDigits: 1 }, '12.3'],
  ])('%s with %o -> %s', (value, digits, shown) => {
    expect(formatNumber(value, digits)).toBe(shown);
  });

  it.each([
    [15, '15%'],
    [12.5, '12.5%'],
    [33.3333, '33.33%'],
  ])('formatPercent %s -> %s', (percent, shown) => {
    expect(formatPercent(percent)).toBe(shown);
  });
});

describe('formatFileSize', () => {
  it.each([
    [0, '0.00 Kb'],
    [512, '0.50 Kb'],
    [1023, '1.00 Kb'],
    [1024, '1.00 Kb'],
    [1536, '1.50 Kb'],
    [10 * 1024 + 256, '10.25 Kb'],
    [1024 * 1024 - 1, '1.00 Mb'],
    [1024 * 1024, '1.00 Mb'],
    [5.75 * 1024 * 1024, '5.75 Mb'],
    [2048 * 1024 * 1024, '2,048.00 Mb'],
  ])('%s bytes -> %s', (bytes, shown) => {
    expect(formatFileSize(bytes)).toBe(shown);
  });

  it('refuses negative sizes and shows absent ones as blank', () => {
    expect(() => formatFileSize(-1)).toThrow(RangeError);
    expect(formatFileSize(undefined)).toBe('');
  });
});

describe('en-GB numbers, written without Intl', () => {
  // A fixed sequence (a linear congruential generator), so a failure names the same values every run.
  let seed = 20_261_128;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const values = [
    0,
    -0,
    0.5,
    1.5,
    2.5,
    -2.5,
    0.125,
    1.005,
    0.0049,
    -0.0049,
    0.005,
    999.995,
    999_999.9995,
    123_456_789.125,
    ...Array.from({ length: 4000 }, () => (next() - 0.5) * 10 ** Math.floor(next() * 12)),
    ...Array.from({ length: 1000 }, () => Math.round((next() - 0.5) * 1e6) / 1000),
  ];

  it.each([
    [0, 0],
    [0, 2],
    [2, 2],
    [0, 3],
  ])(
    'agrees with Intl.NumberFormat on 5,014 values, %s to %s decimals',
    (minimumFractionDigits, maximumFractionDigits) => {
      const intl = new Intl.NumberFormat('en-GB', {
        signDisplay: 'negative',
        minimumFractionDigits,
        maximumFractionDigits,
      });
      const differences = values
        .map((value) => [
          value,
          formatNumber(value, { minimumFractionDigits, maximumFractionDigits }),
          intl.format(value),
        ])
        .filter(([, ours, theirs]) => ours !== theirs);
      expect(differences).toEqual([]);
    },
  );

  it('agrees with Intl.NumberFormat on pounds, credits and percentages', () => {
    const currency = (digits: number) =>
      new Intl.NumberFormat('en-GB', {
        style: 'currency',
        currency: 'GBP',
        signDisplay: 'negative',
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      });
    const credits = new Intl.NumberFormat('en-GB', {
      signDisplay: 'negative',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    const percent = new Intl.NumberFormat('en-GB', { signDisplay: 'negative', maximumFractionDigits: 2 });
    const differences = values.flatMap((value) =>
      [
        [formatGBP(value), currency(0).format(value)],
        [formatGBP(value, { pence: true }), currency(2).format(value)],
        [formatCredits(value), credits.format(value)],
        [formatPercent(value), `${percent.format(value)}%`],
      ]
        .filter(([ours, theirs]) => ours !== theirs)
        .map(([ours, theirs]) => `${value}: ${ours} against ${theirs}`),
    );
    expect(differences).toEqual([]);
  });

  it('writes numbers whose shortest form has an exponent as Intl does', () => {
    expect(formatNumber(1.5e21)).toBe('1,500,000,000,000,000,000,000');
    expect(formatNumber(-3e-7, { maximumFractionDigits: 7 })).toBe('-0.0000003');
    expect(formatNumber(-3e-7)).toBe('0');
    expect(formatGBP(-2e21)).toBe('-£2,000,000,000,000,000,000,000');
  });
});
