import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeWithApp } from '../../../test/app.ts';
import { buildPlaces, buildProject, buildRequirement } from '../../../test/factories.records.ts';
import { asRole, buildWorld, type World } from '../../../test/world.ts';
import { organisations } from '../organisations/organisations.tables.ts';
import { type AcceptedRound, acceptRound, failCompliance } from '../registry/registry.testing.ts';
import { creditRequirements } from '../requirements/requirements.tables.ts';
import { creditEvents } from '../settlement/settlement.tables.ts';

describeWithApp('home work list of a local planning authority', (t) => {
  let world: World;
  const get = (role: Parameters<typeof asRole>[2], url: string) => asRole(t.app, world, role, 'GET', url);

  beforeAll(async () => {
    world = await buildWorld(t.app, t.db);
  });

  describe('local planning authority', () => {
    let accepted: AcceptedRound;
    beforeAll(async () => {
      accepted = await acceptRound(t, world, {
        supplierId: world.members.participant.organisation.id,
        buyerId: world.otherParticipant.organisation.id,
      });
      const [wanted, cheap] = accepted.records.biodiversityRequirementIds;
      const [place] = await t.db
        .select({ lpaId: creditRequirements.lpaId })
        .from(creditRequirements)
        .where(eq(creditRequirements.id, wanted));
      await t.db
        .update(organisations)
        .set({ lpaId: place?.lpaId ?? null })
        .where(eq(organisations.id, world.members.lpa.organisation.id));
      await t.db
        .update(creditRequirements)
        .set({ status: 'CreditsIssued', redemptionDate: '2026-01-31', planningRef: 'PA/26/0001' })
        .where(eq(creditRequirements.id, cheap));
      await t.db
        .update(creditRequirements)
        .set({ status: 'RightsAllocated', planningRef: 'PA/26/0002' })
        .where(eq(creditRequirements.id, wanted));
      await failCompliance(t, accepted.records.biodiversityProjectId);
    });

    it('lists its developments, late redemptions first, with sites, habitats, units and certificate', async () => {
      const elsewhere = await buildRequirement(t.db, {
        lpaId: (await buildPlaces(t.db)).lpaId,
        status: 'RightsAllocated',
      });
      const answer = await get('lpa', '/api/home/lpa');
      expect(answer.statusCode).toBe(200);
      const home = answer.json();
      const [wanted, cheap] = accepted.records.biodiversityRequirementIds;
      const ids = home.developments.map((item: { id: string }) => item.id);
      expect(ids[0]).toBe(cheap);
      expect(ids).toContain(wanted);
      expect(ids).not.toContain(elsewhere);
      expect(home.developments[0]).toMatchObject({
        planningRef: 'PA/26/0001',
        lateRedemption: true,
        redemptionDate: '2026-01-31',
        certificate: `/requirement/${cheap}/certificate.pdf`,
      });
      const allocated = home.developments.find((item: { id: string }) => item.id === wanted);
      expect(allocated.unitsAllocated).toBeGreaterThan(0);
      expect(allocated.sites).toEqual([
        expect.objectContaining({
          id: accepted.records.biodiversityProjectId,
          habitats: ['Other neutral grassland'],
        }),
      ]);
      const losing = home.developments.find(
        (item: { id: string }) => item.id === accepted.records.losingNitrogenRequirementId,
      );
      expect(losing?.certificate ?? null).toBeNull();
    });

    it('lists the sites of its area with their compliance, and none of another area', async () => {
      const outside = await buildProject(t.db, {
        lpaId: (await buildPlaces(t.db)).lpaId,
        status: 'Monitoring',
      });
      const home = (await get('lpa', '/api/home/lpa')).json();
      const meadow = home.sites.find(
        (site: { id: string }) => site.id === accepted.records.biodiversityProjectId,
      );
      expect(meadow).toMatchObject({ compliance: 'NotCompliant', habitats: ['Other neutral grassland'] });
      expect(meadow.unitsAllocated).toBeGreaterThan(0);
      expect(home.sites.map((site: { id: string }) => site.id)).not.toContain(outside.id);
      expect(home.lpaName).toMatch(/^Test LPA/);
    });

    it('totals the credits allocated and redeemed for its developments', async () => {
      const home = (await get('lpa', '/api/home/lpa')).json();
      expect(home.totals).toEqual([]);
      const [credit] = Object.values(accepted.creditOf);
      await t.db.insert(creditEvents).values([
        {
          marketRoundId: accepted.round.id,
          kind: 'Allocated',
          creditType: 'Biodiversity',
          units: 4,
          requirementCreditId: credit ?? null,
          at: t.clock.now(),
        },
        {
          marketRoundId: accepted.round.id,
          kind: 'Redeemed',
          creditType: 'Biodiversity',
          units: 1.5,
          requirementCreditId: credit ?? null,
          at: t.clock.now(),
        },
      ]);
      const after = (await get('lpa', '/api/home/lpa')).json();
      expect(after.totals).toEqual([{ creditType: 'Biodiversity', allocated: 4, redeemed: 1.5 }]);
    });
  });
});
