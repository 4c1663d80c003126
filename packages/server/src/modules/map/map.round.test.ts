import type { RoundMap } from '@curlew/domain';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { describeWithApp } from '../../../test/app.ts';
import { buildProject, buildRequirement } from '../../../test/factories.records.ts';
import { buildOrganisation } from '../../../test/factories.ts';
import { asRole, buildAgentAuthority, buildWorld, type World } from '../../../test/world.ts';
import { projects } from '../projects/projects.tables.ts';
import { type AcceptedRound, acceptRound } from '../registry/registry.testing.ts';
import { creditRequirements } from '../requirements/requirements.tables.ts';
import { marketRounds } from '../rounds/rounds.tables.ts';
import { keysOf, realLpa } from './map.testing.ts';

/** The only keys a round map answers (besides the LPA codes keying the neighbours): no price, no organisation. */
const ROUND_MAP_KEYS = [
  'round',
  'areas',
  'id',
  'name',
  'status',
  'projects',
  'requirements',
  'flows',
  'neighbours',
  'self',
  'creditTypes',
  'units',
  'lpa',
  'code',
  'place',
  'point',
  'exact',
  'creditType',
  'multiplier',
  'from',
  'to',
];
const answeredKeys = (body: unknown): string[] =>
  [...keysOf(body)].filter((key) => !/^E\d{8}$/.test(key)).sort();

describeWithApp('a round on the map', (t) => {
  let world: World;
  let accepted: AcceptedRound;
  /** A third participant's records in the same round, and a record of the agent's client. */
  const others = { projectId: '', requirementId: '', clientProjectId: '' };
  const mapOf = async (role: Parameters<typeof asRole>[2], roundId = accepted.round.id) =>
    asRole(t.app, world, role, 'GET', `/api/round/${roundId}/map`);

  beforeAll(async () => {
    world = await buildWorld(t.app, t.db);
    accepted = await acceptRound(t, world, {
      supplierId: world.members.participant.organisation.id,
      buyerId: world.otherParticipant.organisation.id,
    });
    // The developments lie in Southampton (placed in the LPA), the meadow has its own grid reference.
    const lpaId = await realLpa(t.db, 'E60000229', 'Southampton LPA');
    const { records } = accepted;
    await t.db
      .update(creditRequirements)
      .set({ lpaId })
      .where(
        inArray(creditRequirements.id, [
          ...records.biodiversityRequirementIds,
          records.nitrogenRequirementId,
        ]),
      );
    // The sites lie in Eastleigh: the meadow at its grid reference, the wetland placed in the LPA.
    const eastleigh = await realLpa(t.db, 'E60000244', 'Eastleigh LPA');
    await t.db
      .update(marketRounds)
      .set({ lpaIds: [lpaId, eastleigh] })
      .where(eq(marketRounds.id, accepted.round.id));
    await t.db
      .update(projects)
      .set({ lpaId: eastleigh })
      .where(inArray(projects.id, [records.biodiversityProjectId, records.nitrogenProjectId]));
    await t.db
      .update(projects)
      .set({ gridReference: 'SU 45 12' })
      .where(eq(projects.id, records.biodiversityProjectId));
    const roundId = accepted.round.id;
    const rival = await buildOrganisation(t.db, { type: 'PARTICIPANT', name: 'Rival Estates' });
    others.projectId = (
      await buildProject(t.db, {
        roundId,
        supplierId: rival.id,
        name: 'Rival copse',
        status: 'Registered',
        offer: 7777,
        lpaId,
      })
    ).id;
    others.requirementId = await buildRequirement(t.db, {
      roundId,
      buyerId: rival.id,
      name: 'Rival homes',
      status: 'Registered',
      bid: 8888,
      lpaId,
    });
    others.clientProjectId = (
      await buildProject(t.db, {
        roundId,
        supplierId: world.client.id,
        name: 'Client orchard',
        status: 'Registered',
        lpaId,
      })
    ).id;
    await buildAgentAuthority(t.db, {
      roundId,
      clientId: world.client.id,
      agentId: world.members.agent.organisation.id,
      approved: true,
      permissions: ['RegisterForRound'],
    });
  });

  it('shows the operator every project and requirement of the round, placed, and the accepted flows', async () => {
    const response = await mapOf('admin');
    expect(response.statusCode).toBe(200);
    const map: RoundMap = response.json();
    const { records } = accepted;
    expect(map.round).toEqual({
      id: accepted.round.id,
      name: accepted.round.name,
      status: expect.any(String),
    });
    expect(map.projects.map((project) => project.id)).toEqual(
      expect.arrayContaining([records.biodiversityProjectId, records.nitrogenProjectId]),
    );
    expect(map.requirements.map((requirement) => requirement.id)).toEqual(
      expect.arrayContaining([...records.biodiversityRequirementIds, records.nitrogenRequirementId]),
    );
    const meadow = map.projects.find((project) => project.id === records.biodiversityProjectId);
    expect(meadow?.units).toBeGreaterThan(0);
    expect(meadow?.self).toBe(`/project/${records.biodiversityProjectId}`);
    // SU 45 12 is in Southampton, about 1.40 W 50.91 N.
    expect(meadow?.place?.exact).toBe(true);
    expect(meadow?.place?.point[0]).toBeCloseTo(-1.36, 1);
    expect(meadow?.place?.point[1]).toBeCloseTo(50.91, 1);
    const [development] = map.requirements;
    expect(development?.place?.exact).toBe(false);
    expect(development?.lpa).toEqual({ code: 'E60000229', name: 'Southampton LPA' });
    // Flows go from a won project to a requirement it serves, each end with its id for the operator.
    expect(map.flows.length).toBeGreaterThan(0);
    const [wanted] = records.biodiversityRequirementIds;
    const served = map.flows.find(
      (flow) => flow.from.id === records.biodiversityProjectId && flow.to.id === wanted,
    );
    expect(served?.creditType).toBe('Biodiversity');
    expect(served?.units).toBeGreaterThan(0);
    expect([1, 0.75, 0.5]).toContain(served?.multiplier);
    // Never a price or an organisation.
    expect(response.body).not.toMatch(/pence|price|offer|bid|supplier|buyer|organisation/i);
  });

  it('shows a supplier only its own projects, and flows to developments only as places', async () => {
    const response = await mapOf('participant');
    expect(response.statusCode).toBe(200);
    const map: RoundMap = response.json();
    const { records } = accepted;
    expect(map.projects.map((project) => project.id)).toContain(records.biodiversityProjectId);
    expect(map.requirements).toEqual([]);
    expect(map.flows.length).toBeGreaterThan(0);
    for (const flow of map.flows) {
      expect(flow.to.id).toBeNull();
      expect(flow.from.id).not.toBeNull();
    }
    const buyerNames = (await mapOf('admin'))
      .json()
      .requirements.map((requirement: { name: string }) => requirement.name);
    for (const name of buyerNames) expect(response.body).not.toContain(name);
  });

  it("answers a supplier exactly its own projects: no other party's record, name or price", async () => {
    const response = await mapOf('participant');
    const map: RoundMap = response.json();
    const { records } = accepted;
    expect(map.projects.map((project) => project.id).sort()).toEqual(
      [records.biodiversityProjectId, records.nitrogenProjectId, records.registeredProjectId].sort(),
    );
    expect(map.requirements).toEqual([]);
    expect(map.neighbours).toEqual({});
    // The round's area: its own LPAs, by name.
    expect(map.areas).toEqual([
      { code: 'E60000244', name: 'Eastleigh LPA' },
      { code: 'E60000229', name: 'Southampton LPA' },
    ]);
    for (const text of [
      'Rival copse',
      'Rival homes',
      'Rival Estates',
      'Client orchard',
      '7777',
      '8888',
      '2000',
    ])
      expect(response.body).not.toContain(text);
    expect(answeredKeys(map)).toEqual([...ROUND_MAP_KEYS].sort());
  });

  it('answers a buyer exactly its own requirements, and its allocations from sites shown only as places', async () => {
    const buyer = await t.app.inject({
      method: 'GET',
      url: `/api/round/${accepted.round.id}/map`,
      headers: { cookie: world.otherParticipant.cookie },
    });
    expect(buyer.statusCode).toBe(200);
    const map: RoundMap = buyer.json();
    const { records } = accepted;
    expect(map.projects).toEqual([]);
    expect(map.requirements.map((requirement) => requirement.id).sort()).toEqual(
      [
        ...records.biodiversityRequirementIds,
        records.nitrogenRequirementId,
        records.losingNitrogenRequirementId,
        records.unbidRequirementId,
      ].sort(),
    );
    expect(map.requirements.map((requirement) => requirement.id)).not.toContain(others.requirementId);
    // Its allocations: every flow ends at one of its own requirements and comes from a place, never a site's id.
    expect(map.flows.length).toBeGreaterThan(0);
    const own = new Set(map.requirements.map((requirement) => requirement.id));
    for (const flow of map.flows) {
      expect(flow.from.id).toBeNull();
      expect(own.has(flow.to.id ?? '')).toBe(true);
    }
    for (const text of ['Meadow restoration', 'Wetland nitrogen', 'Rival', '9000', '1500', '8888'])
      expect(buyer.body).not.toContain(text);
    expect(answeredKeys(map)).toEqual([...ROUND_MAP_KEYS].sort());
  });

  it("answers an agent its client's records in the round, and nobody else's", async () => {
    const response = await mapOf('agent');
    expect(response.statusCode).toBe(200);
    const map: RoundMap = response.json();
    expect(map.projects.map((project) => project.id)).toEqual([others.clientProjectId]);
    expect(map.requirements).toEqual([]);
    expect(map.flows).toEqual([]);
    for (const text of ['Meadow restoration', 'Housing at Mill Lane', 'Rival'])
      expect(response.body).not.toContain(text);
  });

  it('answers 404 to a local planning authority, to a stranger and for an unknown round', async () => {
    expect((await mapOf('lpa')).statusCode).toBe(404);
    expect((await mapOf('anonymous')).statusCode).toBe(401);
    expect((await mapOf('admin', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await mapOf('admin', 'not-an-id')).statusCode).toBe(404);
  });
});
