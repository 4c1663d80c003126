import { describe, expect, it } from 'vitest';
import { MAX_PAGE_SIZE } from '../lists/paging.ts';
import { toFieldErrors } from '../validation/errors.ts';
import { habitatQuerySchema, habitatSchema } from './habitat.schema.ts';
import { REFDATA_MAX_PAGE_SIZE, refDataListQuerySchema } from './refdata.query.ts';
import { LPA_CODE_MESSAGE, WHOLE_NUMBER_MESSAGE } from './refdata.rules.ts';
import {
  DECLARATION_AUDIENCE_MESSAGE,
  declarationInputSchema,
  lpaInputSchema,
  ncaInputSchema,
  projectTypeInputSchema,
  standardVersionInputSchema,
  subcatchmentInputSchema,
} from './refdata.schema.ts';
import { OPTION_SOURCES } from './refdata.sources.ts';
import { isEditableRefDataType, isRefDataType, REFDATA_TYPE_LABELS, REFDATA_TYPES } from './refdata.types.ts';

const errorsOf = (result: { success: boolean; error?: Parameters<typeof toFieldErrors>[0] }) =>
  result.success || !result.error ? [] : toFieldErrors(result.error);

describe('reference data types', () => {
  it('labels every type and only habitats are read-only', () => {
    for (const type of REFDATA_TYPES) expect(REFDATA_TYPE_LABELS[type].plural).not.toBe('');
    expect(REFDATA_TYPES.filter((type) => !isEditableRefDataType(type))).toEqual(['habitats']);
    expect(isRefDataType('ncas')).toBe(true);
    expect(isRefDataType('markets')).toBe(false);
  });
});

describe('declaration', () => {
  const valid = { name: 'Land rights', text: 'I own the land', category: 'MarketRoundProject_Register' };

  it('must be for agents or participants or both', () => {
    const errors = errorsOf(declarationInputSchema.safeParse(valid));
    expect(errors).toEqual([
      { path: 'isForAgents', message: DECLARATION_AUDIENCE_MESSAGE },
      { path: 'isForParticipants', message: DECLARATION_AUDIENCE_MESSAGE },
    ]);
    expect(declarationInputSchema.safeParse({ ...valid, isForAgents: true }).success).toBe(true);
    expect(declarationInputSchema.safeParse({ ...valid, isForParticipants: true }).success).toBe(true);
  });

  it('reports the audience rule together with missing fields and unknown categories', () => {
    const errors = errorsOf(declarationInputSchema.safeParse({ name: ' ', category: 'Other' }));
    expect(errors.map((error) => error.path)).toEqual([
      'name',
      'text',
      'category',
      'isForAgents',
      'isForParticipants',
    ]);
    expect(errors[0]?.message).toBe('Field required');
  });

  it('defaults to active', () => {
    const parsed = declarationInputSchema.parse({ ...valid, isForAgents: true });
    expect(parsed).toMatchObject({ active: true, isForParticipants: false });
  });
});

describe('project type, NCA and LPA', () => {
  it('stores an empty description as absent and defaults the flags', () => {
    expect(projectTypeInputSchema.parse({ name: ' Woodland creation ', description: '  ' })).toEqual({
      name: 'Woodland creation',
      description: undefined,
      incompatibleWithCurrentService: false,
      active: true,
    });
  });

  it('accepts NCA numbers as whole numbers of at least 1, also from text', () => {
    expect(ncaInputSchema.parse({ number: '12', name: 'Mid Northumberland' }).number).toBe(12);
    for (const number of [0, -3, 1.5, 'twelve']) {
      expect(errorsOf(ncaInputSchema.safeParse({ number, name: 'x' }))).toEqual([
        { path: 'number', message: WHOLE_NUMBER_MESSAGE },
      ]);
    }
    expect(errorsOf(ncaInputSchema.safeParse({ name: 'x' }))).toEqual([
      { path: 'number', message: 'Field required' },
    ]);
  });

  it('checks ONS codes of LPAs and upper-cases them', () => {
    const lpa = { code: 'e60000001', name: 'County Durham LPA', authorityType: 'Unitary authority' };
    expect(lpaInputSchema.parse(lpa)).toMatchObject({ code: 'E60000001', current: true, active: true });
    expect(errorsOf(lpaInputSchema.safeParse({ ...lpa, code: 'E06000047' }))).toEqual([
      { path: 'code', message: LPA_CODE_MESSAGE },
    ]);
    expect(errorsOf(lpaInputSchema.safeParse({ ...lpa, authorityType: 'Parish' }))[0]?.path).toBe(
      'authorityType',
    );
  });
});

describe('subcatchment and standard version', () => {
  it('removes repeated LPA codes and rejects bad ones', () => {
    const parsed = subcatchmentInputSchema.parse({
      name: 'Solent',
      nutrient: 'N',
      lpaCodes: ['E60000246', 'e60000246', 'E60000226'],
    });
    expect(parsed.lpaCodes).toEqual(['E60000246', 'E60000226']);
    expect(
      errorsOf(subcatchmentInputSchema.safeParse({ name: 'x', nutrient: 'K', lpaCodes: ['nope'] })),
    ).toEqual([
      { path: 'nutrient', message: expect.any(String) },
      { path: 'lpaCodes.0', message: LPA_CODE_MESSAGE },
    ]);
  });

  it('needs a real effective date', () => {
    expect(standardVersionInputSchema.safeParse({ version: 'v2', effectiveDate: '2024-02-29' }).success).toBe(
      true,
    );
    expect(
      errorsOf(standardVersionInputSchema.safeParse({ version: 'v2', effectiveDate: '2023-02-29' })),
    ).toEqual([{ path: 'effectiveDate', message: 'Not a valid date' }]);
    expect(errorsOf(standardVersionInputSchema.safeParse({ version: '', effectiveDate: '' }))).toEqual([
      { path: 'version', message: 'Field required' },
      { path: 'effectiveDate', message: 'Field required' },
    ]);
  });
});

describe('habitats and list queries', () => {
  it('reads a metric habitat row', () => {
    const row = {
      module: 'Linear',
      broadHabitat: null,
      habitatType: 'Native hedgerow',
      distinctiveness: 'Low',
      distinctivenessScore: 2,
      tradingRule: 'Like for like or better',
    };
    expect(habitatSchema.parse(row)).toEqual(row);
    expect(habitatSchema.safeParse({ ...row, distinctiveness: 'V.High' }).success).toBe(false);
    expect(habitatQuerySchema.safeParse({ module: 'Sea' }).success).toBe(false);
  });

  it('parses the active-only flag and paging with defaults', () => {
    expect(refDataListQuerySchema.parse({})).toEqual({
      active: false,
      q: undefined,
      sort: undefined,
      order: 'asc',
      page: 1,
      pageSize: 25,
    });
    expect(refDataListQuerySchema.parse({ active: 'true', page: '3', pageSize: '10', q: ' ' })).toMatchObject(
      {
        active: true,
        page: 3,
        pageSize: 10,
        q: undefined,
      },
    );
    expect(refDataListQuerySchema.safeParse({ pageSize: '501' }).success).toBe(false);
    expect(refDataListQuerySchema.safeParse({ page: '0' }).success).toBe(false);
    expect(refDataListQuerySchema.safeParse({ active: 'yes' }).success).toBe(false);
  });
});

describe('option sources', () => {
  it('ask a list for no more rows than it answers (settings lists 500, other lists 100)', () => {
    for (const source of Object.values(OPTION_SOURCES)) {
      const pageSize = new URL(source.url, 'http://curlew.test').searchParams.get('pageSize');
      if (pageSize === null) continue;
      const limit = source.url.startsWith('/settings/') ? REFDATA_MAX_PAGE_SIZE : MAX_PAGE_SIZE;
      expect(Number(pageSize), source.url).toBeLessThanOrEqual(limit);
    }
  });
});
