import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import {
  BLOCKED_FILE_MESSAGE,
  FILE_OWNER_REQUIRED_MESSAGE,
  type FileView,
  LOCATION_OWNER_REQUIRED_MESSAGE,
  type LocationView,
} from '@curlew/domain';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeWithApp, requestJson } from '../../../test/app.ts';
import { signIn } from '../../../test/auth.ts';
import { buildOrganisation, buildUser, type OrganisationRow, type UserRow } from '../../../test/factories.ts';
import { receivedFile } from '../../../test/uploads.ts';
import { inUnitOfWork } from '../../platform/actions/unit-of-work.ts';
import { AppError } from '../../platform/errors.ts';
import { registerTestSubject, TEST_SUBJECT_TYPE } from '../activity/subject-access.testing.ts';
import { contentMismatchMessage } from './file-content.ts';
import {
  type IncomingFile,
  NO_DOCUMENT_TO_REPLACE_MESSAGE,
  replaceDocument,
  saveUploadedFile,
} from './files.repo.ts';
import { storedFiles } from './files.tables.ts';
import { saveLocation } from './locations.repo.ts';
import { keysInStorage } from './storage.testing.ts';
import { type FileStorage, localFileStorage, localFileStorageFor } from './storage.ts';

registerTestSubject();

const PDF_BYTES = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer\n%%EOF\n', 'latin1');
const EXE_BYTES = Buffer.concat([
  Buffer.from('MZ', 'latin1'),
  Buffer.from([0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0]),
]);
const CSV_BYTES = Buffer.from('name,units\nMeadow,12\n', 'utf8');

const pdf = (filename = 'agreement.pdf', bytes: Buffer = PDF_BYTES): IncomingFile =>
  receivedFile({ filename, mimetype: 'application/pdf', bytes });

describeWithApp('files and locations', (t) => {
  let wetland: OrganisationRow;
  let other: OrganisationRow;
  let member: UserRow;
  let memberCookie: string;
  let outsiderCookie: string;
  let stored: FileView;

  const owner = () => ({ ownerType: TEST_SUBJECT_TYPE, ownerId: wetland.id });
  const ownerQuery = () => `ownerType=${TEST_SUBJECT_TYPE}&ownerId=${wetland.id}`;
  const get = (url: string, cookie: string | undefined) =>
    requestJson(t.app, 'GET', url, undefined, cookie === undefined ? {} : { cookie });
  const save = (file: IncomingFile, tag = 'Section106Agreement') =>
    inUnitOfWork(t.db, t.app.log, (tx) =>
      saveUploadedFile(tx, localFileStorageFor(t.config), {
        ...owner(),
        tag,
        file,
        userId: member.id,
        uploadedAt: t.clock.now(),
      }),
    );

  beforeAll(async () => {
    wetland = await buildOrganisation(t.db, { name: 'Wetland Trust' });
    other = await buildOrganisation(t.db, { name: 'Other Estates' });
    member = (await buildUser(t.db, { organisationId: wetland.id, displayName: 'Mo Member' })).user;
    const outsider = (await buildUser(t.db, { organisationId: other.id })).user;
    memberCookie = await signIn(t.app, member.username, 'wading-bird-estuary-41');
    outsiderCookie = await signIn(t.app, outsider.username, 'wading-bird-estuary-41');
    const row = await save(pdf('../../etc/Section 106 – signed.pdf'));
    const listed = await get(`/api/files?${ownerQuery()}`, memberCookie);
    stored = listed.json<{ items: FileView[] }>().items.find((item) => item.id === row.id) as FileView;
  });

  it('stores the bytes under a generated key in DATA_DIR/files, never under the user’s filename', async () => {
    const folder = path.join(t.config.dataDir, 'files');
    const names = readdirSync(folder, { recursive: true }).map(String);
    expect(names.some((name) => name.includes('Section'))).toBe(false);
    const [row] = await t.db.select().from(storedFiles).where(eq(storedFiles.id, stored.id));
    const key = row?.storageKey ?? '';
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(readFileSync(path.join(folder, key.slice(0, 2), key))).toEqual(PDF_BYTES);
  });

  it('lists the owner’s files with their metadata', () => {
    expect(stored).toMatchObject({
      ...owner(),
      tag: 'Section106Agreement',
      filename: 'Section 106 – signed.pdf',
      mimeType: 'application/pdf',
      fileType: 'PDF',
      size: PDF_BYTES.length,
      uploadedBy: { id: member.id, displayName: 'Mo Member' },
      current: true,
      replacesId: null,
    });
    expect(stored.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('answers the metadata of one file and downloads it as an attachment', async () => {
    const meta = await get(`/api/file/${stored.id}?${ownerQuery()}`, memberCookie);
    expect(meta.statusCode).toBe(200);
    expect(meta.json()).toEqual(stored);
    const download = await get(`/api/file/${stored.id}/download?${ownerQuery()}`, memberCookie);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload).toEqual(PDF_BYTES);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="Section 106 _ signed.pdf"; filename*=UTF-8''Section%20106%20%E2%80%93%20signed.pdf`,
    );
  });

  it("refuses another organisation's user with 404 everywhere, and anyone signed out with 401", async () => {
    for (const url of [
      `/api/files?${ownerQuery()}`,
      `/api/file/${stored.id}?${ownerQuery()}`,
      `/api/file/${stored.id}/download?${ownerQuery()}`,
    ]) {
      expect((await get(url, outsiderCookie)).statusCode, url).toBe(404);
      expect((await get(url, undefined)).statusCode, url).toBe(401);
    }
  });

  it('answers 404 when the file is asked for under another owner, even one the user may read', async () => {
    const own = `ownerType=${TEST_SUBJECT_TYPE}&ownerId=${other.id}`;
    const response = await get(`/api/file/${stored.id}/download?${own}`, outsiderCookie);
    expect(response.statusCode).toBe(404);
    expect(response.rawPayload.includes(PDF_BYTES)).toBe(false);
  });

  it("answers 400 'file path must have an owner defined' without ownerType or ownerId", async () => {
    for (const url of [
      '/api/files',
      `/api/files?ownerType=${TEST_SUBJECT_TYPE}`,
      `/api/file/${stored.id}?ownerId=${wetland.id}`,
      `/api/file/${stored.id}/download?ownerType=&ownerId=`,
    ]) {
      const response = await get(url, memberCookie);
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toMatchObject({
        error: 'bad_request',
        message: FILE_OWNER_REQUIRED_MESSAGE,
      });
    }
  });

  it('refuses an executable renamed to .pdf and a PDF named .csv by their bytes', async () => {
    await expect(save(pdf('invoice.pdf', EXE_BYTES))).rejects.toMatchObject({
      code: 'validation',
      details: { errors: [{ path: 'file', message: BLOCKED_FILE_MESSAGE }] },
    });
    await expect(
      save(receivedFile({ filename: 'data.csv', mimetype: 'text/csv', bytes: PDF_BYTES })),
    ).rejects.toMatchObject({
      code: 'validation',
      details: { errors: [{ path: 'file', message: contentMismatchMessage('csv') }] },
    });
    const csv = await save(
      receivedFile({ filename: 'data.csv', mimetype: 'text/csv', bytes: CSV_BYTES }),
      'Data',
    );
    expect(csv).toMatchObject({ fileType: 'Excel', size: CSV_BYTES.length });
    const download = await requestJson(
      t.app,
      'GET',
      `/api/file/${csv.id}/download?${ownerQuery()}`,
      undefined,
      {
        cookie: memberCookie,
        headers: { 'accept-encoding': 'gzip' },
      },
    );
    expect(download.headers['content-type']).toBe('text/csv; charset=utf-8');
    const body =
      download.headers['content-encoding'] === 'gzip' ? gunzipSync(download.rawPayload) : download.rawPayload;
    expect(body).toEqual(CSV_BYTES);
  });

  it('refuses a file over the storage limit with 413 payload_too_large', async () => {
    const small = localFileStorage(mkdtempSync(path.join(tmpdir(), 'curlew-files-')), { maxFileBytes: 32 });
    const failure = await inUnitOfWork(t.db, t.app.log, (tx) =>
      saveUploadedFile(tx, small, { ...owner(), tag: 'Big', file: pdf(), userId: member.id }),
    ).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({
      code: 'payload_too_large',
      status: 413,
      message: 'The file is larger than 0.03 Kb, the largest that can be uploaded',
    });
  });

  it('removes the bytes of a file whose unit of work rolls back, and answers the error that rolled it back', async () => {
    const before = keysInStorage(t.config);
    const refusal = new AppError('conflict', 'Refused after storing');
    await expect(
      inUnitOfWork(t.db, t.app.log, async (tx) => {
        await saveUploadedFile(tx, localFileStorageFor(t.config), {
          ...owner(),
          tag: 'RolledBack',
          file: pdf(),
          userId: member.id,
        });
        expect(keysInStorage(t.config)).toHaveLength(before.length + 1);
        throw refusal;
      }),
    ).rejects.toBe(refusal);
    expect(keysInStorage(t.config)).toEqual(before);
    expect(await t.db.select().from(storedFiles).where(eq(storedFiles.tag, 'RolledBack'))).toEqual([]);
  });

  it('logs, and never throws, a failure to remove the bytes of a rolled-back upload', async () => {
    const lines: string[] = [];
    const log = pino({ level: 'error' }, { write: (line: string) => lines.push(line) });
    const unreachable: FileStorage = {
      ...localFileStorage(mkdtempSync(path.join(tmpdir(), 'curlew-files-'))),
      delete: async () => {
        throw new Error('storage unreachable');
      },
    };
    const refusal = new AppError('conflict', 'Refused after storing');
    await expect(
      inUnitOfWork(t.db, log, async (tx) => {
        await saveUploadedFile(tx, unreachable, {
          ...owner(),
          tag: 'RolledBack',
          file: pdf(),
          userId: member.id,
        });
        throw refusal;
      }),
    ).rejects.toBe(refusal);
    expect(lines.join('')).toContain('storage unreachable');
  });

  it('refuses to store a file outside a unit of work, before writing its bytes', async () => {
    const before = keysInStorage(t.config);
    await expect(
      t.db.transaction((tx) =>
        saveUploadedFile(tx, localFileStorageFor(t.config), {
          ...owner(),
          tag: 'Loose',
          file: pdf(),
          userId: member.id,
        }),
      ),
    ).rejects.toThrow('must run in a unit of work');
    expect(keysInStorage(t.config)).toEqual(before);
  });

  it('replaces a document and keeps the old version in the history', async () => {
    const second = Buffer.concat([PDF_BYTES, Buffer.from('% second version\n')]);
    const { replaced, replacement } = await inUnitOfWork(t.db, t.app.log, (tx) =>
      replaceDocument(tx, localFileStorageFor(t.config), {
        ...owner(),
        tag: 'Section106Agreement',
        file: pdf('agreement-v2.pdf', second),
        reason: 'Countersigned copy',
        userId: member.id,
      }),
    );
    expect(replaced).toMatchObject({ id: stored.id, current: false, replacedById: replacement.id });
    expect(replacement).toMatchObject({
      current: true,
      replacesId: stored.id,
      replacedReason: 'Countersigned copy',
    });

    const current = (await get(`/api/files?${ownerQuery()}&tag=Section106Agreement`, memberCookie)).json<{
      items: FileView[];
    }>();
    expect(current.items.map((item) => item.filename)).toEqual(['agreement-v2.pdf']);
    const history = (
      await get(`/api/files?${ownerQuery()}&tag=Section106Agreement&history=true`, memberCookie)
    ).json<{
      items: FileView[];
    }>();
    expect(history.items.map((item) => [item.filename, item.current])).toEqual(
      expect.arrayContaining([
        ['agreement-v2.pdf', true],
        ['Section 106 – signed.pdf', false],
      ]),
    );
    const old = await get(`/api/file/${stored.id}/download?${ownerQuery()}`, memberCookie);
    expect(old.rawPayload).toEqual(PDF_BYTES);
  });

  it('refuses to replace a document kind the owner does not hold', async () => {
    await expect(
      inUnitOfWork(t.db, t.app.log, (tx) =>
        replaceDocument(tx, localFileStorageFor(t.config), {
          ...owner(),
          tag: 'RedeemNotice',
          file: pdf(),
          reason: 'x',
          userId: member.id,
        }),
      ),
    ).rejects.toMatchObject({
      details: { errors: [{ path: 'tag', message: NO_DOCUMENT_TO_REPLACE_MESSAGE }] },
    });
  });

  describe('locations', () => {
    let locationId: string;

    beforeAll(async () => {
      const row = await saveLocation(
        t.db,
        owner(),
        {
          gridReference: 'SU 123 456',
          threeWords: 'index.home.raft',
          nearAddress: 'Near Testford',
          creditTypes: ['Biodiversity'],
        },
        t.clock.now(),
      );
      locationId = row.id;
    });

    it('answers the owner’s location, keeping one per owner', async () => {
      const updated = await saveLocation(
        t.db,
        owner(),
        { nearAddress: 'Mill Lane, Testford', lpaId: 'E07000001' },
        t.clock.now(),
      );
      expect(updated.id).toBe(locationId);
      const response = await get(`/api/location/${locationId}?${ownerQuery()}`, memberCookie);
      expect(response.statusCode).toBe(200);
      expect(response.json<LocationView>()).toMatchObject({
        id: locationId,
        nearAddress: 'Mill Lane, Testford',
        lpaId: 'E07000001',
        gridReference: null,
        creditTypes: [],
      });
    });

    it("answers 400 'location path must have an owner defined' and 404 outside the user's scope", async () => {
      const missing = await get(`/api/location/${locationId}`, memberCookie);
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({ message: LOCATION_OWNER_REQUIRED_MESSAGE });
      expect((await get(`/api/location/${locationId}?${ownerQuery()}`, outsiderCookie)).statusCode).toBe(404);
      expect((await get(`/api/location/not-an-id?${ownerQuery()}`, memberCookie)).statusCode).toBe(404);
    });
  });
});
