import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from './fields.ts';
import {
  dateTimeValue,
  declarationsValue,
  fileValue,
  isoDateValue,
  richTextValue,
  timeValue,
} from './rules.ts';
import { BLOCKED_FILE_MESSAGE, fileProblem } from './uploads.ts';
import { getPath, isBlank, setPath } from './values.ts';
import { activeValues, dependentFieldIds, isFieldShown, stepFieldIds } from './visibility.ts';

describe('paths', () => {
  it('reads and writes dotted paths without changing the input', () => {
    const values = { a: { b: 1 }, c: 2 };
    const next = setPath(values, 'a.d', 3);
    expect(next).toEqual({ a: { b: 1, d: 3 }, c: 2 });
    expect(values).toEqual({ a: { b: 1 }, c: 2 });
    expect(getPath(next, 'a.d')).toBe(3);
    expect(getPath(next, 'x.y')).toBeUndefined();
    expect(setPath(next, 'c', undefined)).toEqual({ a: { b: 1, d: 3 } });
  });

  it('indexes arrays by numeric steps and leaves missing paths alone when removing', () => {
    const values = { list: [1, 2, 3], nested: { '0': 'a' } };
    expect(getPath(values, 'list.1')).toBe(2);
    expect(getPath(values, 'nested.0')).toBe('a');
    expect(setPath(values, 'list.1', 5)).toEqual({ list: [1, 5, 3], nested: { '0': 'a' } });
    expect(setPath(values, 'list.2', undefined).list).toEqual([1, 2, undefined]);
    expect(setPath(values, 'missing.0.id', undefined)).toBe(values);
    expect(values.list).toEqual([1, 2, 3]);
  });

  it('knows blank values', () => {
    expect([undefined, null, '', [], { json: '{}', text: ' ' }].map(isBlank)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect([0, false, 'x', ['a'], { json: '{}', text: 'x' }].map(isBlank)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('visibility and dependencies', () => {
  const fields: readonly FieldDefinition[] = [
    { id: 'creditTypes', type: 'SelectMulti' },
    { id: 'ncaId', type: 'Select', visibleWhen: { fieldId: 'creditTypes', oneOf: ['Biodiversity'] } },
    { id: 'outcome', type: 'Select' },
    { id: 'reason', type: 'TextArea', visibleWhen: { fieldId: 'outcome', notOneOf: ['Pass'] } },
    { id: 'broadHabitat', type: 'Select', dependsOn: ['creditTypes'] },
    { id: 'habitatType', type: 'Select', dependsOn: ['broadHabitat'] },
    { id: 'issues', type: 'TextArea', readonly: true, ifBlank: { hide: true } },
  ];
  const byId = (id: string): FieldDefinition => {
    const field = fields.find((candidate) => candidate.id === id);
    if (field === undefined) throw new Error(`No field ${id}`);
    return field;
  };

  it('shows a field when its condition holds, for single and list values', () => {
    expect(isFieldShown(byId('ncaId'), { creditTypes: ['Nitrogen', 'Biodiversity'] })).toBe(true);
    expect(isFieldShown(byId('ncaId'), { creditTypes: ['Nitrogen'] })).toBe(false);
    expect(isFieldShown(byId('reason'), { outcome: 'Fail' })).toBe(true);
    expect(isFieldShown(byId('reason'), { outcome: 'Pass' })).toBe(false);
    expect(isFieldShown(byId('reason'), {})).toBe(false);
  });

  it('hides an ifBlank.hide field while it has a value', () => {
    expect(isFieldShown(byId('issues'), {})).toBe(true);
    expect(isFieldShown(byId('issues'), { issues: 'x' })).toBe(false);
  });

  it('drops inactive values but keeps ifBlank-hidden ones', () => {
    expect(activeValues(fields, { outcome: 'Pass', reason: 'r', ncaId: 'n', issues: 'x' })).toEqual({
      outcome: 'Pass',
      issues: 'x',
    });
  });

  it('resets dependants transitively', () => {
    expect(dependentFieldIds(fields, 'creditTypes')).toEqual(['broadHabitat', 'habitatType']);
    expect(dependentFieldIds(fields, 'habitatType')).toEqual([]);
  });

  it('collects the fields of a step from its fields and groups', () => {
    expect(
      stepFieldIds({ id: 's', title: 'S', fieldIds: ['a'], groupIds: ['g'] }, [
        { id: 'g', fieldIds: ['b', 'c'] },
      ]),
    ).toEqual(['a', 'b', 'c']);
  });
});

describe('field value rules', () => {
  const messageOf = (result: { success: boolean; error?: { issues: readonly { message: string }[] } }) =>
    result.error?.issues[0]?.message;

  it('times run from 00:00 to 23:59', () => {
    expect(timeValue().safeParse('00:00').success).toBe(true);
    expect(timeValue().safeParse('23:59').success).toBe(true);
    expect(messageOf(timeValue().safeParse('24:00'))).toBe('Not a valid time');
    expect(messageOf(timeValue().safeParse('9:5'))).toBe('Not a valid time');
    expect(messageOf(timeValue().safeParse(undefined))).toBe('Field required');
  });

  it('dates are real ISO dates and date-times ISO instants', () => {
    expect(isoDateValue().safeParse('2024-02-29').success).toBe(true);
    expect(messageOf(isoDateValue().safeParse('2023-02-29'))).toBe('Not a valid date');
    expect(dateTimeValue().safeParse('2024-05-01T09:30:00.000Z').success).toBe(true);
    expect(messageOf(dateTimeValue().safeParse('2024-05-01'))).toBe('Not a valid date');
  });

  it('rich text needs text', () => {
    expect(richTextValue().safeParse({ json: '{}', text: 'Hello' }).success).toBe(true);
    expect(messageOf(richTextValue().safeParse({ json: '{}', text: '  ' }))).toBe('Field required');
    expect(messageOf(richTextValue().safeParse(undefined))).toBe('Field required');
  });

  it('files refuse executables and disk images and keep the original object', () => {
    const pdf = { name: 'a.pdf', size: 10, type: 'application/pdf', storageKey: 'k1' };
    expect(fileValue(['pdf']).parse(pdf)).toBe(pdf);
    expect(messageOf(fileValue().safeParse({ name: 'setup.exe', size: 1, type: '' }))).toBe(
      BLOCKED_FILE_MESSAGE,
    );
    expect(
      messageOf(fileValue().safeParse({ name: 'disk', size: 1, type: 'application/x-apple-diskimage' })),
    ).toBe(BLOCKED_FILE_MESSAGE);
    expect(messageOf(fileValue(['pdf', 'xlsx', 'zip']).safeParse({ name: 'a.doc', size: 1, type: '' }))).toBe(
      'Only pdf, xlsx or zip files are allowed',
    );
    expect(messageOf(fileValue().safeParse(undefined))).toBe('Field required');
    expect(fileProblem({ name: 'firmware.bin', type: 'application/octet-stream' })).toBe(
      BLOCKED_FILE_MESSAGE,
    );
    expect(fileProblem({ name: 'data.csv', type: 'text/csv' }, ['.csv'])).toBeUndefined();
  });

  it('every declaration must be agreed', () => {
    expect(declarationsValue().safeParse({ a: true, b: true }).success).toBe(true);
    const result = declarationsValue().safeParse({ a: true, b: false });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['b', 'Must be agreed to'],
    ]);
  });
});
