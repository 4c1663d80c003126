import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ACTIVE_PDF_MESSAGE, pdfHasActiveContent, uploadContentProblem } from './file-content.ts';

const pdf = (body: string | Buffer): Uint8Array =>
  Buffer.concat([
    Buffer.from('%PDF-1.7\n', 'latin1'),
    Buffer.isBuffer(body) ? body : Buffer.from(body, 'latin1'),
    Buffer.from('\n%%EOF\n'),
  ]);

const upload = (bytes: Uint8Array) => ({ filename: 'authority.pdf', mimetype: 'application/pdf', bytes });

describe('PDFs with embedded JavaScript or automatic actions', () => {
  it.each([
    [
      'a JavaScript open action',
      '1 0 obj << /Type /Catalog /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >> endobj',
    ],
    ['a /JS entry', '2 0 obj << /S /JavaScript /JS 5 0 R >> endobj'],
    ['additional actions on a page', '3 0 obj << /Type /Page /AA << /O 4 0 R >> >> endobj'],
    ['a launch action', '4 0 obj << /S /Launch /F (calc.exe) >> endobj'],
    ['a name written with #xx escapes', '5 0 obj << /S /J#61vaScript /J#53 (x) >> endobj'],
  ])('refuses %s', (_, body) => {
    expect(pdfHasActiveContent(pdf(body))).toBe(true);
    expect(uploadContentProblem(upload(pdf(body)))).toBe(ACTIVE_PDF_MESSAGE);
  });

  it('finds JavaScript hidden in a compressed object stream', () => {
    const hidden = deflateSync(Buffer.from('6 0 << /S /JavaScript /JS (app.alert(1)) >>', 'latin1'));
    const body = Buffer.concat([
      Buffer.from(
        `7 0 obj << /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${hidden.length} >> stream\n`,
        'latin1',
      ),
      hidden,
      Buffer.from('\nendstream endobj', 'latin1'),
    ]);
    expect(pdfHasActiveContent(pdf(body))).toBe(true);
  });

  it('accepts a plain PDF, including an open action that only shows a page and names that merely start alike', () => {
    const body =
      '1 0 obj << /Type /Catalog /Pages 2 0 R /OpenAction [3 0 R /Fit] >> endobj\n' +
      '3 0 obj << /Type /Page /JSON (not a script) /AAA 1 /Font << /F1 4 0 R >> >> endobj\n' +
      '8 0 obj << /Type /ObjStm /Filter /FlateDecode /Length 5 >> stream\nnot z\nendstream endobj';
    expect(pdfHasActiveContent(pdf(body))).toBe(false);
    expect(uploadContentProblem(upload(pdf(body)))).toBeUndefined();
  });
});
