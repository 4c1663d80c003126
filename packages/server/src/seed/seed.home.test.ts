import type { AgentHome, LpaHome, LpaMap, OperatorHome, ParticipantHome } from '@curlew/domain';
import { beforeAll, expect, it } from 'vitest';
import { describeWithApp, requestJson } from '../../test/app.ts';
import { signIn } from '../../test/auth.ts';
import { seedReferenceData } from '../modules/refdata/index.ts';
import { systemClock } from '../platform/clock.ts';
import { DEMO_ROUNDS } from './seed.rounds.ts';
import { seedDemoData } from './seed.ts';

const PASSWORD = 'demo-password-for-tests';

describeWithApp('demo data: every home shows work right after the first start', (t) => {
  const home = async <T>(username: string, reader: string): Promise<T> => {
    const cookie = await signIn(t.app, username, PASSWORD);
    const answer = await requestJson(t.app, 'GET', `/api/home/${reader}`, undefined, { cookie });
    expect(answer.statusCode).toBe(200);
    return answer.json() as T;
  };

  beforeAll(async () => {
    await seedReferenceData(t.db);
    expect(await seedDemoData(t.db, { password: PASSWORD, clock: systemClock })).toBe(true);
  });

  it('gives the operator registrations to complete, projects to review and a registration window closing', async () => {
    const { attention, rounds } = await home<OperatorHome>('admin', 'operator');
    expect(attention).toContainEqual(
      expect.objectContaining({
        kind: 'WindowClosing',
        subject: DEMO_ROUNDS.open,
        label: 'Registration of buyers and investors closes',
      }),
    );
    expect(attention.some((item) => item.kind === 'CompleteParticipation')).toBe(true);
    expect(
      attention.some((item) => ['ScreenProject', 'ReviewProject', 'CertifyProject'].includes(item.kind)),
    ).toBe(true);
    const bidding = rounds.find((row) => row.round.name === DEMO_ROUNDS.bidding);
    expect(bidding?.projectsOffered).toBeGreaterThan(0);
    expect(bidding?.requirementsBid).toBeGreaterThan(0);
    const sysadmin = await home<OperatorHome>('sysadmin', 'operator');
    expect(sysadmin.attention.some((item) => item.kind === 'FailedMail')).toBe(true);
  });

  it('gives the supplier and the buyer a next step on their records', async () => {
    const supplier = await home<ParticipantHome>('supplier', 'participant');
    const steps = supplier.records.flatMap((record) => (record.nextStep ? [record.nextStep.label] : []));
    expect(steps.length).toBeGreaterThan(0);
    expect(steps).not.toContain('Withdraw');
    const buyer = await home<ParticipantHome>('buyer', 'participant');
    expect(buyer.records.length).toBeGreaterThan(0);
  });

  it('gives the agent its clients with their authority and records', async () => {
    const { clients } = await home<AgentHome>('agent', 'agent');
    expect(clients.some((client) => client.authorities.length > 0 && client.records.length > 0)).toBe(true);
  });

  it('gives the Eastleigh officer its developments, the late redemption first, with allocated credits', async () => {
    const eastleigh = await home<LpaHome>('eastleigh', 'lpa');
    expect(eastleigh.lpaName).toBe('Eastleigh LPA');
    expect(eastleigh.developments[0]).toMatchObject({
      name: 'Botley Road homes',
      planningRef: 'F/24/97611',
      lateRedemption: true,
      certificate: expect.stringMatching(/^\/requirement\/.+\/certificate\.pdf$/),
    });
    expect(eastleigh.developments[0]?.unitsAllocated).toBeGreaterThan(0);
    expect(eastleigh.developments[0]?.sites.length).toBeGreaterThan(0);
    expect(eastleigh.sites.map((site) => site.name)).toContain('Wickham Common Grassland');
    expect(eastleigh.totals.find((total) => total.creditType === 'Biodiversity')?.allocated).toBeGreaterThan(
      0,
    );
    const cornwall = await home<LpaHome>('lpa', 'lpa');
    expect(cornwall.developments.map((development) => development.name)).not.toContain('Botley Road homes');
  });

  it("gives both LPA officers a map of their area: Eastleigh's developments served from sites, Cornwall's sites", async () => {
    const mapOf = async (username: string): Promise<LpaMap> => {
      const cookie = await signIn(t.app, username, PASSWORD);
      const answer = await requestJson(t.app, 'GET', '/api/lpa/map', undefined, { cookie });
      expect(answer.statusCode).toBe(200);
      return answer.json() as LpaMap;
    };
    const eastleigh = await mapOf('eastleigh');
    expect(eastleigh.lpa).toEqual({ code: 'E60000244', name: 'Eastleigh LPA' });
    expect(eastleigh.developments.map((development) => development.name)).toContain('Botley Road homes');
    expect(eastleigh.flows.length).toBeGreaterThan(0);
    // Which sites serve Botley Road is a tie the solver may break either way; what must hold is that each site is
    // drawn once, in the area or as a site elsewhere serving it, and that every flow starts at a drawn site.
    const sources = new Set(eastleigh.flows.map((flow) => flow.from.id));
    for (const site of eastleigh.sites) {
      expect(site.lpa?.code === 'E60000244').toBe(site.inArea);
      if (!site.inArea) expect(sources.has(site.id)).toBe(true);
    }
    expect([...sources].filter((id) => !eastleigh.sites.some((site) => site.id === id))).toEqual([]);
    expect([...eastleigh.developments, ...eastleigh.sites].every((record) => record.place !== null)).toBe(
      true,
    );
    const cornwall = await mapOf('lpa');
    expect(cornwall.lpa).toEqual({ code: 'E60000291', name: 'Cornwall LPA' });
    expect(cornwall.developments.map((development) => development.name)).toEqual([
      'Truro Eastern District Centre - biodiversity',
    ]);
    expect(cornwall.sites.map((site) => site.name)).toEqual([
      'Gunnislake Orchard Grassland',
      'Kit Hill Heath',
    ]);
    expect([...cornwall.developments, ...cornwall.sites].every((record) => record.place?.exact)).toBe(true);
  });
});
