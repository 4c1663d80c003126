import { formatDate, PROJECT_ACTIONS, PROJECT_STATUSES, type ProjectStatus } from '@curlew/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeWithApp } from '../../../test/app.ts';
import { buildProject } from '../../../test/factories.records.ts';
import { asRole, buildWorld, PDF_BYTES, postMultipart, type World } from '../../../test/world.ts';
import { statusWords } from '../../platform/actions/status.ts';
import { setRoundStatus, setWindows } from '../rounds/rounds.testing.ts';
import { prepareSuppliers } from './projects.testing.ts';

const DAY = 24 * 60 * 60 * 1000;
const isoDay = (date: Date, days: number): string =>
  new Date(date.getTime() + days * DAY).toISOString().slice(0, 10);

const fromOf = (definition: (typeof PROJECT_ACTIONS)[number]): readonly ProjectStatus[] | undefined =>
  definition.lifecycle === undefined ? undefined : (definition.lifecycle.from as readonly ProjectStatus[]);

describeWithApp(
  'project lifecycle edges, windows and agreements',
  (t) => {
    let world: World;
    let asked: Record<string, string>;
    const byStatus: Partial<Record<ProjectStatus, string>> = {};

    beforeAll(async () => {
      world = await buildWorld(t.app, t.db);
      asked = await prepareSuppliers(t.db, world, world.openRound.id);
      for (const status of PROJECT_STATUSES)
        byStatus[status] = (
          await buildProject(t.db, {
            status,
            roundId: world.openRound.id,
            supplierId: world.members.participant.organisation.id,
            name: `Project ${status}`,
          })
        ).id;
    });

    describe('every action with an edge runs only from its statuses (409 from the others)', () => {
      for (const definition of PROJECT_ACTIONS) {
        const from = fromOf(definition);
        if (from === undefined) continue;
        it(`${definition.id} from ${from.join(', ')}`, async () => {
          const role = definition.id === 'SetOffer' ? 'participant' : 'admin';
          const outcomes: string[] = [];
          for (const status of PROJECT_STATUSES) {
            const response = await asRole(
              t.app,
              world,
              role,
              'GET',
              `/api/project/${byStatus[status]}/action/${definition.id}`,
            );
            const refusedByStatus =
              response.statusCode === 409 &&
              response.json().message ===
                `${definition.title} is not possible while this project is ${statusWords(status)}`;
            if (from.includes(status)) {
              if (refusedByStatus) outcomes.push(`${status}: refused although allowed`);
              if (![200, 409].includes(response.statusCode))
                outcomes.push(`${status}: ${response.statusCode}`);
            } else if (!refusedByStatus) outcomes.push(`${status}: ${response.statusCode} not refused`);
          }
          expect(outcomes).toEqual([]);
        });
      }
    });

    it('moves a project along the edges a submission chooses (screening Pending, then Fail; reregister)', async () => {
      const id = (await buildProject(t.db, { status: 'Registered', roundId: world.openRound.id })).id;
      const post = (action: string, body: unknown) =>
        asRole(t.app, world, 'admin', 'POST', `/api/project/${id}/action/${action}`, body);
      const read = async () => (await asRole(t.app, world, 'admin', 'GET', `/api/project/${id}`)).json();
      expect(
        (await post('AddScreeningOutcome', { outcome: 'Pending', comment: 'Survey due' })).statusCode,
      ).toBe(200);
      expect((await read()).status).toBe('PendingScreening');
      expect((await post('AddScreeningOutcome', { outcome: 'Fail', comment: 'Flood zone' })).statusCode).toBe(
        200,
      );
      expect((await read()).status).toBe('FailedScreening');
      expect((await read()).outcomes.map((o: { outcome: string }) => o.outcome)).toEqual(['Pending', 'Fail']);
      const again = await post('AddScreeningOutcome', { outcome: 'Pass' });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(
        'Add project screening outcome is not possible while this project is failed screening',
      );
    });

    it('refuses registration outside the projects window (test clock), naming the dates', async () => {
      const now = t.clock.now();
      const id = byStatus.Provisional ?? '';
      await setWindows(t.db, world.openRound.id, {
        projects: { start: isoDay(now, 3), end: isoDay(now, 10) },
      });
      const early = await asRole(
        t.app,
        world,
        'participant',
        'POST',
        `/api/project/${id}/action/CompleteRegistration`,
        {
          confirmed: true,
        },
      );
      expect(early.statusCode).toBe(409);
      expect(early.json().message).toBe(
        `Registration of projects for ${world.openRound.name} opens on ${formatDate(isoDay(now, 3))}`,
      );
      const draft = byStatus.Draft ?? '';
      const register = await asRole(
        t.app,
        world,
        'participant',
        'POST',
        `/api/project/${draft}/action/Register`,
        {
          marketRoundId: world.openRound.id,
          declarations: { [asked.MarketRoundProject_Register ?? '']: true },
        },
      );
      expect(register.statusCode).toBe(409);
      expect(register.json().message).toBe(
        `Registration of projects for ${world.openRound.name} opens on ${formatDate(isoDay(now, 3))}`,
      );
      t.clock.advance(11 * DAY);
      const late = await asRole(
        t.app,
        world,
        'participant',
        'POST',
        `/api/project/${id}/action/CompleteRegistration`,
        {
          confirmed: true,
        },
      );
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toBe(
        `Registration of projects for ${world.openRound.name} closed on ${formatDate(isoDay(now, 10))}`,
      );
      t.clock.advance(-11 * DAY);
      await setWindows(t.db, world.openRound.id, {
        projects: { start: isoDay(now, -1), end: isoDay(now, 1) },
      });
      const inside = await asRole(
        t.app,
        world,
        'participant',
        'GET',
        `/api/project/${id}/action/CompleteRegistration`,
      );
      expect(inside.statusCode).toBe(200);
      expect(inside.json().initialValues.issues).toContain('Add at least one service');
      const withIssues = await asRole(
        t.app,
        world,
        'participant',
        'POST',
        `/api/project/${id}/action/CompleteRegistration`,
        {
          confirmed: true,
        },
      );
      expect(withIssues.statusCode).toBe(422);
      expect(withIssues.json().errors).toEqual([
        { path: 'issues', message: 'Fix the above issues before trying again' },
      ]);
      await setWindows(t.db, world.openRound.id, {});
    });

    it('refuses registration in a round that is not open and for a supplier not registered in it', async () => {
      const draft = byStatus.Draft ?? '';
      await setRoundStatus(t.db, world.openRound.id, 'Closed');
      const closed = await asRole(
        t.app,
        world,
        'participant',
        'POST',
        `/api/project/${draft}/action/Register`,
        {
          marketRoundId: world.openRound.id,
          declarations: { [asked.MarketRoundProject_Register ?? '']: true },
        },
      );
      expect(closed.statusCode).toBe(409);
      expect(closed.json().message).toBe(`${world.openRound.name} is not open for registration`);
      await setRoundStatus(t.db, world.openRound.id, 'Open');
      const other = await buildProject(t.db, {
        status: 'Draft',
        roundId: world.openRound.id,
        supplierId: world.otherParticipant.organisation.id,
      });
      const unregistered = await asRole(
        t.app,
        world,
        'admin',
        'POST',
        `/api/project/${other.id}/action/Register`,
        {
          marketRoundId: world.openRound.id,
          declarations: { [asked.MarketRoundProject_Register ?? '']: true },
        },
      );
      expect(unregistered.statusCode).toBe(409);
      expect(unregistered.json().message).toBe(
        `${world.otherParticipant.organisation.name} is not a registered supplier in ${world.openRound.name}`,
      );
    });

    it('contracts a matched project only once both agreements are uploaded, naming the missing one', async () => {
      const id = (await buildProject(t.db, { status: 'Matched', roundId: world.openRound.id })).id;
      const contract = () => asRole(t.app, world, 'admin', 'POST', `/api/project/${id}/action/Contract`, {});
      const none = await contract();
      expect(none.statusCode).toBe(409);
      expect(none.json().message).toBe(
        'Upload the nature-based agreement and the Section 106 agreement before contracting the project',
      );
      const pdf = { name: 'agreement.pdf', type: 'application/pdf', content: PDF_BYTES };
      const upload = await postMultipart(
        t.app,
        `/api/project/${id}/action/UploadNatureBasedAgreement`,
        {},
        { NatureBasedAgreement: pdf },
        world.members.admin.cookie,
      );
      expect(upload.statusCode).toBe(200);
      const one = await contract();
      expect(one.statusCode).toBe(409);
      expect(one.json().message).toBe('Upload the Section 106 agreement before contracting the project');
      await postMultipart(
        t.app,
        `/api/project/${id}/action/UploadSection106Agreement`,
        {},
        { Section106Agreement: pdf },
        world.members.admin.cookie,
      );
      expect((await contract()).statusCode).toBe(200);
      const project = (await asRole(t.app, world, 'admin', 'GET', `/api/project/${id}`)).json();
      expect(project.status).toBe('Contracted');
      const verify = await asRole(t.app, world, 'admin', 'POST', `/api/project/${id}/action/Verify`, {
        date: '2026-01-10',
        name: 'Vera Verifier',
        organisation: 'Verify Ltd',
        isPass: false,
      });
      expect(verify.statusCode).toBe(422);
      expect(verify.json().errors).toEqual([{ path: 'failReason', message: 'Field required' }]);
      const passed = await asRole(t.app, world, 'admin', 'POST', `/api/project/${id}/action/Verify`, {
        date: '2026-01-10',
        name: 'Vera Verifier',
        organisation: 'Verify Ltd',
        isPass: true,
      });
      expect(passed.statusCode).toBe(200);
      const compliance = await asRole(
        t.app,
        world,
        'admin',
        'POST',
        `/api/project/${id}/action/RecordComplianceCheck`,
        {
          date: '2026-06-01',
          name: 'Cat Checker',
          organisation: 'Curlew',
          isYesNoPass: false,
        },
      );
      expect(compliance.statusCode).toBe(422);
      expect(compliance.json().errors).toEqual([
        { path: 'failReason', message: 'Field required' },
        { path: 'nextAction.action', message: 'Field required' },
        { path: 'nextAction.date', message: 'Field required' },
      ]);
      const compliant = await asRole(
        t.app,
        world,
        'admin',
        'POST',
        `/api/project/${id}/action/RecordComplianceCheck`,
        {
          name: 'Cat Checker',
          organisation: 'Curlew',
          isYesNoPass: true,
        },
      );
      expect(compliant.statusCode).toBe(422);
      expect(compliant.json().errors).toEqual([{ path: 'date', message: 'Field required' }]);
      const recorded = await asRole(
        t.app,
        world,
        'admin',
        'POST',
        `/api/project/${id}/action/RecordComplianceCheck`,
        {
          date: '2026-06-01',
          name: 'Cat Checker',
          organisation: 'Curlew',
          isYesNoPass: false,
          failReason: 'Fence down',
          nextAction: { action: 'Rectify', date: '2027-07-01' },
        },
      );
      expect(recorded.statusCode).toBe(200);
      const monitored = (await asRole(t.app, world, 'admin', 'GET', `/api/project/${id}`)).json();
      expect(monitored.status).toBe('Monitoring');
      expect(
        monitored.outcomes.map((o: { kind: string; outcome: string }) => `${o.kind} ${o.outcome}`),
      ).toEqual(['verification Pass', 'compliance Fail']);
    });
  },
  { config: { sessionIdleMinutes: 60 * 24 * 30, sessionAbsoluteHours: 24 * 30 } },
);
