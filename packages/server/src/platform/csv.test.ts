import { describe, expect, it } from 'vitest';
import { CsvFormatError, csvField, csvFieldText, csvLine, csvText, parseCsv, readCsvRecords } from './csv.ts';

describe('CSV writer', () => {
  it('quotes commas, quotes and any line break, and writes numbers, yes/no and nothing as they are', () => {
    expect(csvLine(['a', 'a,b', 'say "hi"', 'x\ny', 'x\ry', -2, 0.1, true, false, null, ''])).toBe(
      'a,"a,b","say ""hi""","x\ny","x\ry",-2,0.1,true,false,,',
    );
  });

  it('puts an apostrophe before text a spreadsheet would run as a formula, and reads it back', () => {
    const risky = ['=1+1', '+x', '-2', '@sum', '\tx', '\rx'];
    expect(risky.map(csvField)).toEqual(["'=1+1", "'+x", "'-2", "'@sum", "'\tx", `"'\rx"`]);
    expect(risky.map((text) => csvFieldText(`'${text}`))).toEqual(risky);
    expect(csvFieldText("'plain")).toBe("'plain");
  });

  it('writes a header and rows with CRLF line ends and a final line break', () => {
    expect(
      csvText(
        ['name', 'units'],
        [
          ['Meadow, north', 3],
          [null, -1],
        ],
      ),
    ).toBe('name,units\r\n"Meadow, north",3\r\n,-1\r\n');
    expect(csvText(['only'], [])).toBe('only\r\n');
  });
});

describe('CSV reader', () => {
  it('reads back what the writer wrote', () => {
    const rows = [['Meadow, north', 'say "hi"', 'two\r\nlines', '=sum', '7']];
    const text = csvText(['a', 'b', 'c', 'd', 'e'], rows);
    expect(parseCsv(text).map((row) => row.map(csvFieldText))).toEqual([['a', 'b', 'c', 'd', 'e'], ...rows]);
  });

  it('keeps a quote inside an unquoted field as text and lets rows differ in length', () => {
    expect(parseCsv('a,b\n5" pipe\nx,y,z\n')).toEqual([['a', 'b'], ['5" pipe'], ['x', 'y', 'z']]);
  });

  it('ends a row at CRLF, LF or CR, mixed in one file', () => {
    expect(parseCsv('a,b\r\n1,2\n3,4\r5,6\r\n')).toEqual([
      ['a', 'b'],
      ['1', '2'],
      ['3', '4'],
      ['5', '6'],
    ]);
  });

  it('refuses an unclosed quote as a format error', () => {
    expect(() => parseCsv('a\n"open')).toThrow(CsvFormatError);
  });

  for (const [ending, inside] of [
    ['CRLF', '\r\n'],
    ['LF', '\n'],
    ['CR', '\r'],
    ['CRLF with LF inside a field', '\n'],
  ] as const) {
    const end = ending.startsWith('CRLF') ? '\r\n' : inside;
    it(`numbers each record by the line it starts on when a quoted field spans lines (${ending})`, () => {
      const text = [
        'name,units',
        `"North${inside}meadow",1`,
        '',
        `Orchard,"2${inside}${inside}"`,
        'Bad,x',
        ' ',
        'Last,3',
      ].join(end);
      const { header, records } = readCsvRecords(text);
      expect(header).toEqual(['name', 'units']);
      expect(records.map(({ line, values }) => [line, values.name])).toEqual([
        [2, `North${inside}meadow`],
        [5, 'Orchard'],
        [8, 'Bad'],
        [10, 'Last'],
      ]);
    });
  }

  it('trims the header names, drops a byte-order mark and fills missing cells with empty text', () => {
    expect(readCsvRecords('\uFEFF name , units\r\nMeadow\r\n')).toEqual({
      header: ['name', 'units'],
      records: [{ line: 2, values: { name: 'Meadow', units: '' } }],
    });
  });
});
