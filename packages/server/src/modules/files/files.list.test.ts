import type { FileView, Page } from '@curlew/domain';
import { beforeAll, expect, it } from 'vitest';
import { describeWithApp, requestJson } from '../../../test/app.ts';
import { signIn } from '../../../test/auth.ts';
import { buildOrganisation, buildUser } from '../../../test/factories.ts';
import { receivedFile } from '../../../test/uploads.ts';
import { inUnitOfWork } from '../../platform/actions/unit-of-work.ts';
import { parseCsv } from '../../platform/csv.ts';
import { registerTestSubject, TEST_SUBJECT_TYPE } from '../activity/subject-access.testing.ts';
import { replaceDocument, saveUploadedFile } from './files.repo.ts';
import { localFileStorageFor } from './storage.ts';

registerTestSubject();

const PDF = (extra: string) =>
  Buffer.from(`%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n% ${extra}\ntrailer\n%%EOF\n`, 'latin1');

/** The CSV's rows after the header. */
const csvRows = (body: string): string[][] => parseCsv(body).slice(1);

/**
 * `GET /api/files` as a declared list: the standard page (paging, sort, search, the tag and history filters) and its
 * CSV and XLSX export, both scoped to readers of the owner exactly as the list was before.
 */
describeWithApp('the files list', (t) => {
  let ownerQuery: string;
  let otherOwnerQuery: string;
  let memberCookie: string;
  let outsiderCookie: string;
  let operatorCookie: string;

  beforeAll(async () => {
    const wetland = await buildOrganisation(t.db, { name: 'Wetland Trust' });
    const other = await buildOrganisation(t.db, { name: 'Other Estates' });
    const member = (await buildUser(t.db, { organisationId: wetland.id, displayName: 'Mo Member' })).user;
    const outsider = (await buildUser(t.db, { organisationId: other.id })).user;
    const operator = (await buildUser(t.db, { groups: ['admin'] })).user;
    memberCookie = await signIn(t.app, member.username, 'wading-bird-estuary-41');
    outsiderCookie = await signIn(t.app, outsider.username, 'wading-bird-estuary-41');
    operatorCookie = await signIn(t.app, operator.username, 'wading-bird-estuary-41');
    ownerQuery = `ownerType=${TEST_SUBJECT_TYPE}&ownerId=${wetland.id}`;
    otherOwnerQuery = `ownerType=${TEST_SUBJECT_TYPE}&ownerId=${other.id}`;

    const storage = localFileStorageFor(t.config);
    const upload = (ownerId: string, tag: string, name: string, minutes: number, padding = '') =>
      inUnitOfWork(t.db, t.app.log, (tx) =>
        saveUploadedFile(tx, storage, {
          ownerType: TEST_SUBJECT_TYPE,
          ownerId,
          tag,
          file: receivedFile({ filename: name, mimetype: 'application/pdf', bytes: PDF(name + padding) }),
          userId: member.id,
          uploadedAt: new Date(Date.UTC(2026, 2, 1, 9, minutes)),
        }),
      );
    await upload(wetland.id, 'SiteMap', 'b-site-map.pdf', 1);
    await upload(wetland.id, 'Section106Agreement', 'a-agreement.pdf', 2, 'longer content');
    await upload(wetland.id, 'LandholderInfo', 'c-landholder.pdf', 3);
    await inUnitOfWork(t.db, t.app.log, (tx) =>
      replaceDocument(tx, storage, {
        ownerType: TEST_SUBJECT_TYPE,
        ownerId: wetland.id,
        tag: 'SiteMap',
        reason: 'Corrected boundary',
        file: receivedFile({ filename: 'd-site-map-v2.pdf', mimetype: 'application/pdf', bytes: PDF('v2') }),
        userId: member.id,
        uploadedAt: new Date(Date.UTC(2026, 2, 1, 9, 4)),
      }),
    );
    await upload(other.id, 'SiteMap', 'secret-other.pdf', 5);
  });

  const get = (url: string, cookie?: string) =>
    requestJson(t.app, 'GET', url, undefined, cookie === undefined ? {} : { cookie });
  const names = async (query: string, cookie = memberCookie) => {
    const answer = await get(`/api/files?${ownerQuery}&${query}`, cookie);
    expect(answer.statusCode, answer.body).toBe(200);
    const page = answer.json<Page<FileView>>();
    return { names: page.items.map((item) => item.filename), total: page.total, pageSize: page.pageSize };
  };

  it('answers the list answer: current files newest first, paged, with the total', async () => {
    expect(await names('')).toEqual({
      names: ['d-site-map-v2.pdf', 'c-landholder.pdf', 'a-agreement.pdf'],
      total: 3,
      pageSize: 25,
    });
    expect(await names('pageSize=2&page=2')).toEqual({ names: ['a-agreement.pdf'], total: 3, pageSize: 2 });
  });

  it('sorts, searches and filters by kind and history', async () => {
    expect((await names('sort=filename&order=asc')).names).toEqual([
      'a-agreement.pdf',
      'c-landholder.pdf',
      'd-site-map-v2.pdf',
    ]);
    expect((await names('sort=size&order=desc')).names[0]).toBe('a-agreement.pdf');
    expect((await names('q=LANDHOLDER')).names).toEqual(['c-landholder.pdf']);
    expect((await names('tag=SiteMap')).names).toEqual(['d-site-map-v2.pdf']);
    expect(await names('tag=SiteMap&history=true')).toEqual({
      names: ['d-site-map-v2.pdf', 'b-site-map.pdf'],
      total: 2,
      pageSize: 25,
    });
    expect((await names('history=true&sort=filename&order=asc')).names).toEqual([
      'a-agreement.pdf',
      'b-site-map.pdf',
      'c-landholder.pdf',
      'd-site-map-v2.pdf',
    ]);
  });

  it('exports the same filtered list as CSV, and only the owner’s files', async () => {
    const answer = await get(
      `/api/files?${ownerQuery}&format=csv&history=true&sort=filename&order=asc`,
      memberCookie,
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe('attachment; filename=files.csv');
    expect(answer.body.split('\r\n')[0]).toBe(
      'Document,File name,Type,Size,Uploaded,Uploaded by,Current,Why it was replaced',
    );
    const rows = csvRows(answer.body);
    expect(rows.map((row) => [row[0], row[1], row[4], row[5], row[6], row[7]])).toEqual([
      ['Section 106 agreement', 'a-agreement.pdf', '1 Mar 2026', 'Mo Member', 'Yes', ''],
      ['Site map', 'b-site-map.pdf', '1 Mar 2026', 'Mo Member', 'No', ''],
      ['Landholder information', 'c-landholder.pdf', '1 Mar 2026', 'Mo Member', 'Yes', ''],
      ['Site map', 'd-site-map-v2.pdf', '1 Mar 2026', 'Mo Member', 'Yes', 'Corrected boundary'],
    ]);
    expect(answer.body).not.toContain('secret-other.pdf');
    const current = await get(`/api/files?${ownerQuery}&format=csv&tag=SiteMap`, memberCookie);
    expect(csvRows(current.body).map((row) => row[1])).toEqual(['d-site-map-v2.pdf']);
  });

  it('exports XLSX for a reader of the owner', async () => {
    const answer = await get(`/api/files?${ownerQuery}&format=xlsx`, operatorCookie);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-disposition']).toBe('attachment; filename=files.xlsx');
  });

  it('gives a user who may not read the owner its files neither in the list nor in the export', async () => {
    for (const format of ['json', 'csv', 'xlsx']) {
      const refused = await get(`/api/files?${ownerQuery}&format=${format}&history=true`, outsiderCookie);
      expect(refused.statusCode, format).toBe(404);
      expect(refused.body, format).not.toContain('a-agreement.pdf');
      expect((await get(`/api/files?${ownerQuery}&format=${format}`)).statusCode, format).toBe(401);
    }
    // The member reads their own organisation's files, not the outsider's; the operator reads both.
    expect((await get(`/api/files?${otherOwnerQuery}&format=csv`, memberCookie)).statusCode).toBe(404);
    const own = await get(`/api/files?${otherOwnerQuery}&format=csv`, outsiderCookie);
    expect(csvRows(own.body).map((row) => row[1])).toEqual(['secret-other.pdf']);
    expect((await names('sort=filename&order=asc', operatorCookie)).names).toEqual([
      'a-agreement.pdf',
      'c-landholder.pdf',
      'd-site-map-v2.pdf',
    ]);
  });

  it('answers 400 without the owner and 404 for a malformed one, before reading any file', async () => {
    const missing = await get('/api/files?format=csv', memberCookie);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: 'bad_request' });
    expect((await get(`/api/files?ownerType=Not%20a%20kind&ownerId=x`, memberCookie)).statusCode).toBe(404);
    expect((await get(`/api/files?${ownerQuery}&sort=owner`, memberCookie)).statusCode).toBe(422);
  });
});
