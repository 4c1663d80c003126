import { formatIsoDate, type HomeRecord } from '@curlew/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeWithApp } from '../../../test/app.ts';
import { buildProject, buildProjectGroup, buildRequirement } from '../../../test/factories.records.ts';
import { buildParticipation } from '../../../test/factories.rounds.ts';
import {
  asRole,
  buildAgentAuthority,
  buildRound,
  buildWorld,
  PDF_BYTES,
  postMultipart,
  type World,
} from '../../../test/world.ts';
import { mailOutbox } from '../../platform/mail.tables.ts';
import { creditRequirements } from '../requirements/requirements.tables.ts';
import { marketRounds } from '../rounds/rounds.tables.ts';
import { NOT_YOUR_HOME } from './home.routes.ts';

const DAY = 86_400_000;

describeWithApp('home work lists', (t) => {
  let world: World;
  let bidding: { id: string; name: string };
  let matched: { id: string; name: string };
  const get = (role: Parameters<typeof asRole>[2], url: string) => asRole(t.app, world, role, 'GET', url);
  const isoIn = (days: number) => formatIsoDate(new Date(t.clock.now().getTime() + days * DAY));
  const stepOf = (records: HomeRecord[], id: string) => records.find((record) => record.id === id)?.nextStep;

  beforeAll(async () => {
    world = await buildWorld(t.app, t.db);
    bidding = await buildRound(t.db, 'OpenForBidsAndOffers', 'Bidding round');
    matched = await buildRound(t.db, 'Matched', 'Matched round');
  });

  describe('each reader gets only its own home', () => {
    it.each([
      ['/api/home/operator', 'participant', NOT_YOUR_HOME.operator],
      ['/api/home/participant', 'agent', NOT_YOUR_HOME.participant],
      ['/api/home/agent', 'lpa', NOT_YOUR_HOME.agent],
      ['/api/home/lpa', 'admin', NOT_YOUR_HOME.lpa],
    ] as const)('%s refuses the %s with 403', async (url, role, message) => {
      const answer = await get(role, url);
      expect(answer.statusCode).toBe(403);
      expect(answer.json().message).toBe(message);
    });

    it('asks for a session first', async () => {
      expect((await get('anonymous', '/api/home/participant')).statusCode).toBe(401);
    });
  });

  describe('participant', () => {
    it("names the true next step while bids are open: the offer, never the participation's Withdraw", async () => {
      const own = world.members.participant.organisation.id;
      const project = await buildProject(t.db, { supplierId: own, roundId: bidding.id, status: 'Certified' });
      const participation = await buildParticipation(t.db, {
        roundId: bidding.id,
        organisationId: own,
        status: 'Registered',
      });
      const requirement = await buildRequirement(t.db, {
        buyerId: own,
        roundId: bidding.id,
        status: 'Registered',
      });
      const foreign = await buildProject(t.db, {
        supplierId: world.otherParticipant.organisation.id,
        roundId: bidding.id,
        status: 'Certified',
      });
      const answer = await get('participant', '/api/home/participant');
      expect(answer.statusCode).toBe(200);
      const { records } = answer.json() as { records: HomeRecord[] };
      expect(stepOf(records, project.id)).toEqual({ actionId: 'SetOffer', label: 'Make your offer' });
      expect(stepOf(records, requirement)).toEqual({ actionId: 'SetBid', label: 'Make your bid' });
      expect(records.find((record) => record.id === participation)).toMatchObject({
        kind: 'participation',
        nextStep: null,
        round: { id: bidding.id, name: 'Bidding round' },
      });
      expect(records.map((record) => record.id)).not.toContain(foreign.id);
    });

    it('after the match asks for each agreement in turn until both are uploaded', async () => {
      const own = world.members.participant.organisation.id;
      const project = await buildProject(t.db, { supplierId: own, roundId: matched.id, status: 'Matched' });
      const read = async () =>
        stepOf((await get('participant', '/api/home/participant')).json().records, project.id);
      expect(await read()).toEqual({
        actionId: 'UploadNatureBasedAgreement',
        label: 'Upload the nature-based agreement',
      });
      const upload = (actionId: string, fieldId: string) =>
        postMultipart(
          t.app,
          `/api/project/${project.id}/action/${actionId}`,
          {},
          { [fieldId]: { name: 'agreement.pdf', type: 'application/pdf', content: PDF_BYTES } },
          world.members.participant.cookie,
        );
      expect((await upload('UploadNatureBasedAgreement', 'NatureBasedAgreement')).statusCode).toBe(200);
      expect(await read()).toEqual({
        actionId: 'UploadSection106Agreement',
        label: 'Upload the Section 106 agreement',
      });
      expect((await upload('UploadSection106Agreement', 'Section106Agreement')).statusCode).toBe(200);
      expect(await read()).toBeNull();
    });

    it("gives the registration window's closing date as the deadline", async () => {
      const open = await buildRound(t.db, 'Open', 'Registration round');
      const end = isoIn(5);
      await t.db
        .update(marketRounds)
        .set({ registrationDates: { suppliers: { start: isoIn(-5), end } } })
        .where(eq(marketRounds.id, open.id));
      const participation = await buildParticipation(t.db, {
        roundId: open.id,
        organisationId: world.members.participant.organisation.id,
        status: 'Interested',
      });
      const { records } = (await get('participant', '/api/home/participant')).json() as {
        records: HomeRecord[];
      };
      expect(records.find((record) => record.id === participation)).toMatchObject({
        nextStep: { actionId: 'Register', label: 'Register as a participant' },
        deadline: end,
      });
      expect(records[0]?.nextStep).not.toBeNull();
    });
    it('asks to register a draft by its window, names what an unfinished draft lacks, and gives no deadline once a window has closed', async () => {
      const own = world.members.participant.organisation.id;
      const open = await buildRound(t.db, 'Open', 'Projects round');
      const end = isoIn(10);
      await t.db
        .update(marketRounds)
        .set({ registrationDates: { projects: { start: isoIn(-5), end } } })
        .where(eq(marketRounds.id, open.id));
      const draft = await buildProject(t.db, { supplierId: own, roundId: open.id, status: 'Draft' });
      await t.db
        .update(marketRounds)
        .set({ registrationDates: { projects: { start: isoIn(-60), end: isoIn(-30) } } })
        .where(eq(marketRounds.id, bidding.id));
      const group = await buildProjectGroup(t.db, { supplierId: own, roundId: bidding.id });
      const requirementsEnd = isoIn(12);
      const requirementsRound = await buildRound(t.db, 'Open', 'Requirements round');
      await t.db
        .update(marketRounds)
        .set({ registrationDates: { requirements: { start: isoIn(-5), end: requirementsEnd } } })
        .where(eq(marketRounds.id, requirementsRound.id));
      const unfinished = await buildRequirement(t.db, {
        buyerId: own,
        roundId: requirementsRound.id,
        status: 'Draft',
      });
      await t.db
        .update(creditRequirements)
        .set({ planningRef: null })
        .where(eq(creditRequirements.id, unfinished));
      const { records } = (await get('participant', '/api/home/participant')).json() as {
        records: HomeRecord[];
      };
      expect(records.find((record) => record.id === draft.id)).toMatchObject({
        nextStep: { actionId: 'Register', label: 'Register for the market round' },
        deadline: end,
      });
      expect(records.find((record) => record.id === unfinished)).toMatchObject({
        nextStep: { actionId: 'Register', label: 'Set the development' },
        deadline: requirementsEnd,
      });
      expect(records.find((record) => record.id === group.id)).toMatchObject({
        kind: 'projectGroup',
        nextStep: { actionId: 'AddProjects', label: 'Add projects to the group' },
        deadline: null,
      });
    });
  });

  describe('agent', () => {
    it("lists each client's records with the authority that allows them, and no one else's", async () => {
      const agent = world.members.agent.organisation.id;
      await buildAgentAuthority(t.db, {
        roundId: bidding.id,
        clientId: world.client.id,
        agentId: agent,
        status: 'Approved',
        permissions: ['MakeOffersOrBids'],
      });
      const project = await buildProject(t.db, {
        supplierId: world.client.id,
        roundId: bidding.id,
        status: 'Certified',
      });
      const stranger = await buildProject(t.db, {
        supplierId: world.otherParticipant.organisation.id,
        roundId: bidding.id,
        status: 'Certified',
      });
      const answer = await get('agent', '/api/home/agent');
      expect(answer.statusCode).toBe(200);
      const { clients } = answer.json() as {
        clients: { id: string; authorities: unknown[]; records: HomeRecord[] }[];
      };
      const client = clients.find((item) => item.id === world.client.id);
      expect(client?.authorities).toEqual([
        {
          round: { id: bidding.id, name: 'Bidding round', marketId: expect.any(String) },
          permissions: ['MakeOffersOrBids'],
        },
      ]);
      expect(stepOf(client?.records ?? [], project.id)).toEqual({
        actionId: 'SetOffer',
        label: 'Make your offer',
      });
      const all = clients.flatMap((item) => item.records.map((record) => record.id));
      expect(all).not.toContain(stranger.id);
      expect(clients.map((item) => item.id)).not.toContain(world.otherParticipant.organisation.id);
    });
  });

  describe('operator', () => {
    it('lists registrations, reviews, closing windows and failed e-mails with the page to act on', async () => {
      const open = await buildRound(t.db, 'Open', 'Closing round');
      const closes = isoIn(3);
      await t.db
        .update(marketRounds)
        .set({
          registrationDates: {
            projects: { start: isoIn(-10), end: closes },
            buyers: { start: isoIn(-10), end: isoIn(30) },
          },
        })
        .where(eq(marketRounds.id, open.id));
      const participation = await buildParticipation(t.db, {
        roundId: open.id,
        organisationId: world.otherParticipant.organisation.id,
        status: 'Provisional',
      });
      const screen = await buildProject(t.db, {
        roundId: open.id,
        status: 'Registered',
        name: 'Needs screening',
      });
      const certify = await buildProject(t.db, {
        roundId: open.id,
        status: 'ApprovedRound',
        name: 'Needs a decision',
      });
      const done = await buildProject(t.db, {
        roundId: open.id,
        status: 'Certified',
        name: 'Already certified',
      });
      await t.db.insert(mailOutbox).values({
        to: 'buyer@example.org',
        subject: 'Your match outcome',
        text: 'x',
        status: 'Failed',
        lastError: '550 mailbox unavailable',
        createdAt: t.clock.now(),
      });
      const answer = await get('admin', '/api/home/operator');
      expect(answer.statusCode).toBe(200);
      const home = answer.json();
      const items = home.attention as { kind: string; subject: string; link: string; due: string | null }[];
      const [market] = await t.db
        .select({ marketId: marketRounds.marketId })
        .from(marketRounds)
        .where(eq(marketRounds.id, open.id));
      expect(items).toContainEqual(
        expect.objectContaining({
          kind: 'CompleteParticipation',
          link: `/markets/${market?.marketId}/round/${open.id}/participation/${participation}`,
        }),
      );
      expect(items).toContainEqual(
        expect.objectContaining({
          kind: 'ScreenProject',
          subject: 'Needs screening',
          link: `/projects/${screen.id}`,
        }),
      );
      expect(items).toContainEqual(
        expect.objectContaining({
          kind: 'CertifyProject',
          subject: 'Needs a decision',
          link: `/projects/${certify.id}`,
        }),
      );
      expect(items.map((item) => item.link)).not.toContain(`/projects/${done.id}`);
      expect(
        items.filter((item) => item.kind === 'WindowClosing' && item.subject === 'Closing round'),
      ).toEqual([expect.objectContaining({ label: 'Registration of projects closes', due: closes })]);
      expect(items.map((item) => item.kind)).not.toContain('FailedMail');
      const sysadmin = (await get('sysadmin', '/api/home/operator')).json();
      expect(sysadmin.attention).toContainEqual(
        expect.objectContaining({ kind: 'FailedMail', subject: 'Your match outcome', link: '/system' }),
      );
      expect(home.rounds).toContainEqual(
        expect.objectContaining({ round: expect.objectContaining({ id: open.id }), participants: 1 }),
      );
    });

    it('counts the projects offered and requirements bid per round', async () => {
      const round = await buildRound(t.db, 'OpenForBidsAndOffers', 'Counted round');
      await buildProject(t.db, { roundId: round.id, status: 'Offered', offer: 1000 });
      await buildProject(t.db, { roundId: round.id, status: 'Certified' });
      await buildRequirement(t.db, { roundId: round.id, status: 'Bid', bid: 500 });
      const { rounds } = (await get('admin', '/api/home/operator')).json();
      expect(rounds.find((item: { round: { id: string } }) => item.round.id === round.id)).toMatchObject({
        participants: 0,
        projectsOffered: 1,
        requirementsBid: 1,
      });
    });
  });
});
