import { formatDate, formatIsoDate } from '@curlew/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { describeWithApp } from '../../../test/app.ts';
import { asRole, buildRound, buildWorld, postMultipart, type World } from '../../../test/world.ts';
import { buildClearableRound, type ClearableRound } from '../match/match.testing.ts';
import { creditRequirements, requirementCredits } from '../requirements/requirements.tables.ts';
import { pdf } from '../requirements/requirements.testing.ts';
import { UNDRAWABLE } from './certificate.fonts.ts';
import { pdfText } from './certificate.testing.ts';
import { creditEvents } from './settlement.tables.ts';
import { clearAndAccept, contract } from './settlement.testing.ts';

const DAY = 24 * 60 * 60 * 1000;
const NAME = 'Housing 🌳 at Mill Lane — Phase ½';

describeWithApp('the credit allocation certificate', (t) => {
  let world: World;
  let records: ClearableRound;
  let housing: string;
  let barn: string;
  let allocatedOn: Date;

  const get = (url: string) => asRole(t.app, world, 'admin', 'GET', url);

  beforeAll(async () => {
    world = await buildWorld(t.app, t.db);
    const round = await buildRound(t.db, 'ClosedForBidsAndOffers', 'Round 1 2027');
    records = await buildClearableRound(t.db, round.id, {
      supplierId: world.members.participant.organisation.id,
      buyerId: world.otherParticipant.organisation.id,
    });
    [housing, barn] = records.biodiversityRequirementIds as [string, string];
    await t.db.update(creditRequirements).set({ name: NAME }).where(eq(creditRequirements.id, housing));
    await clearAndAccept(t.app, t.db, world, t.clock.now, round.id);
    await contract(t.app, world, records.biodiversityProjectId);
  });

  it('allocates rights without an upload: the generated certificate is the record’s certificate', async () => {
    allocatedOn = t.clock.now();
    const allocated = await asRole(
      t.app,
      world,
      'admin',
      'POST',
      `/api/requirement/${housing}/action/AllocateRights`,
      {},
    );
    expect(allocated.statusCode).toBe(200);
    expect(allocated.json().message).toBe('Rights allocated: 10.00 units');
    const certificate = await get(`/api/requirement/${housing}/certificate`);
    expect(certificate.statusCode).toBe(200);
    expect(certificate.json()).toEqual({
      number: expect.stringMatching(/^CAC-[0-9A-F]{4}-[0-9A-F]{4}$/),
      issuedOn: formatIsoDate(allocatedOn),
      signedCopy: null,
    });
  });

  it('keeps its number and its day of issue (the allocation’s) on a later download, and embeds its fonts', async () => {
    const first = (await get(`/api/requirement/${housing}/certificate`)).json();
    // The allocation was weeks ago: the certificate is dated then, whenever it is downloaded.
    allocatedOn = new Date(allocatedOn.getTime() - 40 * DAY);
    await t.db
      .update(creditEvents)
      .set({ at: allocatedOn })
      .where(
        and(
          eq(creditEvents.kind, 'Allocated'),
          inArray(
            creditEvents.requirementCreditId,
            t.db
              .select({ id: requirementCredits.id })
              .from(requirementCredits)
              .where(eq(requirementCredits.requirementId, housing)),
          ),
        ),
      );
    const later = (await get(`/api/requirement/${housing}/certificate`)).json();
    expect(later).toEqual({ ...first, issuedOn: formatIsoDate(allocatedOn) });
    const download = await get(`/api/requirement/${housing}/certificate.pdf`);
    expect(download.statusCode).toBe(200);
    const { text, fonts } = pdfText(download.rawPayload);
    expect(fonts.map((font) => font.replace(/^[A-Z]{6}\+/, '')).sort()).toEqual([
      'DejaVuSans',
      'DejaVuSans-Bold',
      'NotoEmoji-Regular',
    ]);
    const lines = text.split('\n').join('');
    expect(lines).toContain(`Certificate number: ${first.number}`);
    expect(lines).toContain(`Issued by Curlew on: ${formatDate(allocatedOn)}`);
    expect(lines).not.toContain(formatDate(t.clock.now()));
    expect(lines).toContain(`Credit requirement: ${NAME}`);
    expect(lines).not.toContain(UNDRAWABLE);
  });

  it('gives each requirement its own number, and the signed copy uploaded with the allocation stands instead', async () => {
    const allocated = await postMultipart(
      t.app,
      `/api/requirement/${barn}/action/AllocateRights`,
      {},
      { certificate: pdf('signed certificate.pdf') },
      world.members.admin.cookie,
    );
    expect(allocated.statusCode).toBe(200);
    const housingNumber = (await get(`/api/requirement/${housing}/certificate`)).json().number;
    const barnCertificate = (await get(`/api/requirement/${barn}/certificate`)).json();
    expect(barnCertificate.number).not.toBe(housingNumber);
    expect(barnCertificate.signedCopy).toMatchObject({ name: 'signed certificate.pdf' });
  });

  it('prints a character no embedded font has as the replacement character, not as stray glyphs', async () => {
    await t.db
      .update(creditRequirements)
      .set({ name: 'Site \u{1D11E} north' })
      .where(eq(creditRequirements.id, housing));
    const { text } = pdfText((await get(`/api/requirement/${housing}/certificate.pdf`)).rawPayload);
    expect(text.split('\n').join('')).toContain(`Credit requirement: Site ${UNDRAWABLE} north`);
  });

  it('refuses the certificate before the rights are allocated (409) and to those who cannot read it (404)', async () => {
    const early = await get(`/api/requirement/${records.nitrogenRequirementId}/certificate`);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(
      'The credit allocation certificate is available once the rights are allocated',
    );
    const hidden = await asRole(t.app, world, 'agent', 'GET', `/api/requirement/${housing}/certificate`);
    expect(hidden.statusCode).toBe(404);
  });
});
