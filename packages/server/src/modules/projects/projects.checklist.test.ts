import type { ChecklistItem, EntityAction, Project } from '@curlew/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { describeWithApp } from '../../../test/app.ts';
import { buildParticipation } from '../../../test/factories.rounds.ts';
import { asRole, buildWorld, type World } from '../../../test/world.ts';
import { setRoundStatus } from '../rounds/rounds.testing.ts';
import { projects } from './projects.tables.ts';
import {
  buildProjectReferences,
  linkLpa,
  type ProjectReferences,
  prepareSuppliers,
} from './projects.testing.ts';

const lines = (project: Project) =>
  project.checklist.map((item: ChecklistItem) => `${item.label}: ${item.done ? 'done' : 'open'}`);

describeWithApp("a project's 'What is still needed' and its next step", (t) => {
  let world: World;
  let refs: ProjectReferences;
  let asked: Record<string, string>;
  let projectId: string;
  const url = (action: string) => `/api/project/${projectId}/action/${action}`;
  const as = (action: string, body: unknown) =>
    asRole(t.app, world, 'participant', 'POST', url(action), body);
  const read = async (role: 'admin' | 'participant' | 'lpa' = 'participant'): Promise<Project> => {
    const response = await asRole(t.app, world, role, 'GET', `/api/project/${projectId}`);
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const action = (project: Project, id: string) =>
    project.actions.find((item: EntityAction) => item.id === id);

  beforeAll(async () => {
    world = await buildWorld(t.app, t.db);
    refs = await buildProjectReferences(t.db);
    asked = await prepareSuppliers(t.db, world, world.openRound.id);
    await linkLpa(t.db, world, refs.lpaId);
    const created = await asRole(t.app, world, 'participant', 'POST', '/api/projects', {
      name: 'Checklist Farm',
      supplierId: world.members.participant.organisation.id,
      isFixedTerm: false,
    });
    expect(created.statusCode).toBe(201);
    projectId = created.json().context.id;
  });

  it('lists every line open on a new project, each with the dialogs that complete it', async () => {
    const project = await read();
    expect(project.checklist).toEqual([
      { id: 'type', label: 'Project type', done: false, actionIds: ['Update'] },
      {
        id: 'service',
        label: 'A service',
        done: false,
        actionIds: ['AddBiodiversityService', 'AddNutrientService'],
      },
      { id: 'location', label: 'Location', done: false, actionIds: ['SetLocation'] },
      { id: 'costs', label: 'Costs and fees', done: false, actionIds: ['SetCosts'] },
    ]);
    // The LPA reads the project without a checklist.
    await t.db.update(projects).set({ lpaId: refs.lpaId }).where(eq(projects.id, projectId));
    expect((await read('lpa')).checklist).toEqual([]);
  });

  it('ticks each line as its dialog is saved; the supply line comes with a biodiversity service', async () => {
    expect((await as('Update', { name: 'Checklist Farm', typeId: refs.typeId })).statusCode).toBe(200);
    const added = await as('AddBiodiversityService', {
      module: 'Area',
      broadHabitat: refs.habitat.broadHabitat,
      habitatType: refs.habitat.habitatType,
      distinctiveness: 'High',
      condition: 'Good',
      size: 4,
      strategicSignificance: 'Medium',
      difficulty: 'Low',
      mitigationBegins: '2026-04-01',
    });
    expect(added.statusCode).toBe(200);
    expect(lines(await read())).toEqual([
      'Project type: done',
      'A service: done',
      'Supply by year: open',
      'Location: open',
      'Costs and fees: open',
    ]);
    const supply = await as('SetBiodiversitySupply', {
      baselineUnitsLost: 1,
      yearsToTargetCondition: 1,
      gainsPerYear: [2, 5],
    });
    expect(supply.statusCode).toBe(200);
    expect(
      (
        await as('SetLocation', {
          creditTypes: ['Biodiversity'],
          lpa: refs.lpaId,
          nca: refs.ncaId,
          nearAddress: 'Checklist Farm, Botley',
        })
      ).statusCode,
    ).toBe(200);
    const costs = { maintenance: 100, marketOperator: 0, complianceMonitoring: 0, performanceMonitoring: 0 };
    expect((await as('SetCosts', costs)).statusCode).toBe(200);
    expect(lines(await read())).toEqual([
      'Project type: done',
      'A service: done',
      'Supply by year: done',
      'Location: done',
      'Costs and fees: done',
    ]);
  });

  it('keeps the next step in sight: refused CompleteRegistration is marked next with its reason', async () => {
    const draft = await read();
    expect(action(draft, 'Register')).toEqual({
      id: 'Register',
      title: 'Register project for market round',
      enabled: true,
      next: true,
    });
    const register = await as('Register', {
      marketRoundId: world.openRound.id,
      declarations: { [asked.MarketRoundProject_Register ?? '']: true },
    });
    expect(register.statusCode).toBe(200);
    const provisional = await read();
    expect(provisional.status).toBe('Provisional');
    expect(action(provisional, 'CompleteRegistration')).toEqual({
      id: 'CompleteRegistration',
      title: 'Complete registration',
      enabled: true,
      next: true,
    });
    // The offer line waits for the certification.
    expect(lines(provisional).at(-1)).toBe('Costs and fees: done');
    // Closed for registration, the next step is refused with the reason and marked as the next step.
    await setRoundStatus(t.db, world.openRound.id, 'Closed');
    const closed = await read();
    expect(action(closed, 'CompleteRegistration')).toEqual({
      id: 'CompleteRegistration',
      title: 'Complete registration',
      enabled: false,
      reason: `${world.openRound.name} is not open for registration`,
      next: true,
    });
    // An action the status does not allow is refused without the mark; the operator's decision is its role's.
    expect(action(closed, 'SetOffer')?.next).toBeUndefined();
    expect(action(closed, 'AddScreeningOutcome')).toMatchObject({ enabled: false, byRole: true });
    expect(action(closed, 'AddScreeningOutcome')?.next).toBeUndefined();
    await setRoundStatus(t.db, world.openRound.id, 'Open');
  });

  it('lists the two agreements after a match; Contract is refused with what is missing', async () => {
    await t.db.update(projects).set({ status: 'Matched', offer: 50000 }).where(eq(projects.id, projectId));
    const matched = await read();
    expect(lines(matched).slice(-3)).toEqual([
      'Offer: done',
      'Nature-based agreement: open',
      'Section 106 agreement: open',
    ]);
    expect(matched.checklist.at(-1)?.actionIds).toEqual(['UploadSection106Agreement']);
    expect(action(await read('admin'), 'Contract')).toEqual({
      id: 'Contract',
      title: 'Contract project',
      enabled: false,
      reason:
        'Upload the nature-based agreement and the Section 106 agreement before contracting the project',
      next: true,
    });
  });

  it('says in Add project why a round the supplier is only provisionally registered in is not offered', async () => {
    await buildParticipation(t.db, {
      roundId: world.openRound.id,
      organisationId: world.otherParticipant.organisation.id,
      capacity: 'Supplier',
      status: 'Provisional',
    });
    const form = await t.app.inject({
      method: 'GET',
      url: '/api/projects/action/CreateProject',
      headers: { cookie: world.otherParticipant.cookie },
    });
    expect(form.json().options.marketRoundId).toEqual([]);
    expect(form.json().warnings).toEqual([
      {
        path: 'marketRoundId',
        message: `${world.openRound.name} is not offered: your registration as a supplier there is provisional until the market operator completes it`,
      },
    ]);
  });
});
