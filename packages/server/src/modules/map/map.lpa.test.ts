import type { LpaMap } from '@curlew/domain';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { describeWithApp } from '../../../test/app.ts';
import { buildProject, buildRequirement } from '../../../test/factories.records.ts';
import { buildOrganisation } from '../../../test/factories.ts';
import { asRole, buildMember, buildWorld, type World } from '../../../test/world.ts';
import { organisations } from '../organisations/organisations.tables.ts';
import { projects } from '../projects/projects.tables.ts';
import { type AcceptedRound, acceptRound } from '../registry/registry.testing.ts';
import { creditRequirements } from '../requirements/requirements.tables.ts';
import { LPA_MAP_ONLY } from './map.routes.ts';
import { keysOf, realLpa } from './map.testing.ts';

/** The only keys an LPA map answers: no price, bid, offer, cost or organisation. */
const LPA_MAP_KEYS = [
  'lpa',
  'code',
  'name',
  'developments',
  'sites',
  'flows',
  'id',
  'self',
  'planningRef',
  'status',
  'creditTypes',
  'units',
  'place',
  'point',
  'exact',
  'inArea',
  'creditType',
  'multiplier',
  'from',
  'to',
].sort();

describeWithApp("an LPA's area map", (t) => {
  let world: World;
  let accepted: AcceptedRound;
  const others = { draftId: '', elsewhereRequirementId: '', elsewhereProjectId: '' };
  const mapAs = (role: Parameters<typeof asRole>[2]) => asRole(t.app, world, role, 'GET', '/api/lpa/map');

  beforeAll(async () => {
    world = await buildWorld(t.app, t.db);
    accepted = await acceptRound(t, world, {
      supplierId: world.members.participant.organisation.id,
      buyerId: world.otherParticipant.organisation.id,
    });
    const { records } = accepted;
    const portsmouth = await realLpa(t.db, 'E60000226', 'Portsmouth LPA');
    const southampton = await realLpa(t.db, 'E60000229', 'Southampton LPA');
    await t.db
      .update(organisations)
      .set({ lpaId: portsmouth })
      .where(eq(organisations.id, world.members.lpa.organisation.id));
    // The filled developments are in Portsmouth; the wetland and the hedgerow lie there too, the meadow (which
    // serves a Portsmouth development) lies in Southampton at its grid reference.
    await t.db
      .update(creditRequirements)
      .set({ lpaId: portsmouth })
      .where(
        inArray(creditRequirements.id, [
          ...records.biodiversityRequirementIds,
          records.nitrogenRequirementId,
        ]),
      );
    await t.db
      .update(projects)
      .set({ lpaId: portsmouth })
      .where(inArray(projects.id, [records.nitrogenProjectId, records.registeredProjectId]));
    await t.db
      .update(projects)
      .set({ lpaId: southampton, gridReference: 'SU 41 13' })
      .where(eq(projects.id, records.biodiversityProjectId));
    // Records the map must leave out: a draft in the area, a development and a site elsewhere serving nothing.
    const rival = await buildOrganisation(t.db, { type: 'PARTICIPANT', name: 'Rival Estates' });
    others.draftId = await buildRequirement(t.db, {
      roundId: accepted.round.id,
      buyerId: rival.id,
      name: 'Draft homes',
      status: 'Draft',
      lpaId: portsmouth,
    });
    others.elsewhereRequirementId = await buildRequirement(t.db, {
      roundId: accepted.round.id,
      buyerId: rival.id,
      name: 'Southampton homes',
      status: 'Registered',
      lpaId: southampton,
    });
    others.elsewhereProjectId = (
      await buildProject(t.db, {
        roundId: accepted.round.id,
        supplierId: rival.id,
        name: 'Southampton copse',
        status: 'Registered',
        lpaId: southampton,
      })
    ).id;
  });

  it('shows the officer its area, its developments, the sites there and the site elsewhere serving them', async () => {
    const response = await mapAs('lpa');
    expect(response.statusCode).toBe(200);
    const map: LpaMap = response.json();
    const { records } = accepted;
    expect(map.lpa).toEqual({ code: 'E60000226', name: 'Portsmouth LPA' });
    expect(map.developments.map((development) => development.id).sort()).toEqual(
      [...records.biodiversityRequirementIds, records.nitrogenRequirementId].sort(),
    );
    for (const development of map.developments) {
      expect(development.lpa).toEqual({ code: 'E60000226', name: 'Portsmouth LPA' });
      expect(development.place?.exact).toBe(false);
      expect(development.self).toBe(`/requirement/${development.id}`);
    }
    const inArea = map.sites.filter((site) => site.inArea).map((site) => site.id);
    expect(inArea.sort()).toEqual([records.nitrogenProjectId, records.registeredProjectId].sort());
    const meadow = map.sites.find((site) => site.id === records.biodiversityProjectId);
    expect(meadow).toMatchObject({
      self: null,
      status: null,
      inArea: false,
      name: 'Meadow restoration',
      lpa: { code: 'E60000229', name: 'Southampton LPA' },
      place: { exact: true },
    });
    expect(meadow?.units).toBeGreaterThan(0);
    expect(map.sites.map((site) => site.id)).not.toContain(others.elsewhereProjectId);
    expect(map.sites).toHaveLength(3);
    // The flows: from a site of the map to a development of the area, the meadow's among them.
    const siteIds = new Set(map.sites.map((site) => site.id));
    const developmentIds = new Set(map.developments.map((development) => development.id));
    expect(map.flows.length).toBeGreaterThan(0);
    for (const flow of map.flows) {
      expect(siteIds.has(flow.from.id ?? '')).toBe(true);
      expect(developmentIds.has(flow.to.id ?? '')).toBe(true);
      expect([1, 0.75, 0.5]).toContain(flow.multiplier);
    }
    const fromMeadow = map.flows.filter((flow) => flow.from.id === records.biodiversityProjectId);
    expect(fromMeadow.map((flow) => flow.creditType)).toContain('Biodiversity');
    expect(meadow?.units).toBe(fromMeadow.reduce((sum, flow) => sum + flow.units, 0));
  });

  it('answers no price, bid or organisation, and nothing of other areas or drafts', async () => {
    const response = await mapAs('lpa');
    expect([...keysOf(response.json())].sort()).toEqual(LPA_MAP_KEYS);
    for (const text of [
      'Draft homes',
      'Southampton homes',
      'Southampton copse',
      'Rival Estates',
      world.members.participant.organisation.name,
      world.otherParticipant.organisation.name,
      '9000',
      '2000',
    ])
      expect(response.body).not.toContain(text);
  });

  it('answers an LPA not yet linked to an area an empty map', async () => {
    const unlinked = await buildMember(t.app, t.db, 'LPA', ['lpa']);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/lpa/map',
      headers: { cookie: unlinked.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ lpa: null, developments: [], sites: [], flows: [] });
  });

  it('refuses every other reader: 403 when signed in, 401 without a session', async () => {
    for (const role of ['admin', 'sysadmin', 'participant', 'agent'] as const) {
      const response = await mapAs(role);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(LPA_MAP_ONLY);
    }
    expect((await mapAs('anonymous')).statusCode).toBe(401);
  });
});
