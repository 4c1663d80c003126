import { describe, expect, it } from 'vitest';
import { validateAction } from '../forms/action.ts';
import { BLOCKED_FILE_MESSAGE } from '../forms/uploads.ts';
import { MESSAGES } from '../validation/messages.ts';
import { replaceDocumentAction } from './file.actions.ts';
import { ownerQuerySchema } from './file.schema.ts';
import { documentKindLabel, fileDownloadPath } from './file.vocab.ts';

const pdf = { name: 'agreement.pdf', size: 1200, type: 'application/pdf' };

describe('replaceDocumentAction', () => {
  it("requires the tag, the replacement file and the reason: 'Field required'", () => {
    expect(validateAction(replaceDocumentAction, {}).errors).toEqual([
      { path: 'tag', message: MESSAGES.required },
      { path: 'file', message: MESSAGES.required },
      { path: 'reason', message: MESSAGES.required },
    ]);
    expect(validateAction(replaceDocumentAction, { tag: '', file: pdf, reason: '  ' }).errors).toEqual([
      { path: 'tag', message: MESSAGES.required },
      { path: 'reason', message: MESSAGES.required },
    ]);
  });

  it('accepts a pdf and refuses executables and other types', () => {
    const values = { tag: 'Section106Agreement', reason: 'Signed copy' };
    expect(validateAction(replaceDocumentAction, { ...values, file: pdf }).success).toBe(true);
    const exe = { name: 'setup.exe', size: 10, type: 'application/x-msdownload' };
    expect(validateAction(replaceDocumentAction, { ...values, file: exe }).errors).toEqual([
      { path: 'file', message: BLOCKED_FILE_MESSAGE },
    ]);
    const png = { name: 'map.png', size: 10, type: 'image/png' };
    expect(validateAction(replaceDocumentAction, { ...values, file: png }).errors).toEqual([
      { path: 'file', message: 'Only csv, pdf, xlsx or zip files are allowed' },
    ]);
  });
});

describe('documentKindLabel', () => {
  it.each([
    ['Section106Agreement', 'Section 106 agreement'],
    ['BiodiversityMetric', 'Biodiversity metric'],
    ['AuthorityToAct', 'Authority to act'],
    ['SiteMap', 'Site map'],
    ['land_registry-title', 'Land registry title'],
  ])('%s -> %s', (tag, label) => {
    expect(documentKindLabel(tag)).toBe(label);
  });
});

describe('owner references', () => {
  it('requires both ownerType and ownerId', () => {
    expect(ownerQuerySchema.safeParse({ ownerType: 'project' }).success).toBe(false);
    expect(ownerQuerySchema.safeParse({ ownerId: '1' }).success).toBe(false);
    expect(ownerQuerySchema.safeParse({ ownerType: 'Project!', ownerId: '1' }).success).toBe(false);
    expect(ownerQuerySchema.parse({ ownerType: 'agent-authority', ownerId: 'a1' })).toEqual({
      ownerType: 'agent-authority',
      ownerId: 'a1',
    });
  });

  it('builds the download path with the owner query, escaped', () => {
    expect(fileDownloadPath({ id: 'f 1', ownerType: 'project', ownerId: 'p&1' })).toBe(
      '/file/f%201/download?ownerType=project&ownerId=p%261',
    );
  });
});
