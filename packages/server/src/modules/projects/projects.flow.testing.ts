import type { Project } from '@curlew/domain';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import { asRole, buildWorld, PDF_BYTES, postMultipart, type World } from '../../../test/world.ts';
import {
  buildProjectReferences,
  linkLpa,
  type ProjectReferences,
  prepareSuppliers,
} from './projects.testing.ts';

/** A document to upload. */
export const PDF = { name: 'report.pdf', type: 'application/pdf', content: PDF_BYTES };

/** A role the flow acts or reads as. */
type FlowRole = 'admin' | 'participant' | 'agent' | 'lpa';

/** What the flow of one project through the API starts from: the role world, reference rows, declarations asked. */
export interface FlowSetup {
  world: World;
  refs: ProjectReferences;
  asked: Record<string, string>;
}

/** Builds the role world and the reference rows, readies the suppliers in the open round and gives the LPA its area. */
export async function buildFlowSetup(t: TestApp): Promise<FlowSetup> {
  const world = await buildWorld(t.app, t.db);
  const refs = await buildProjectReferences(t.db);
  const asked = await prepareSuppliers(t.db, world, world.openRound.id);
  await linkLpa(t.db, world, refs.lpaId);
  return { world, refs, asked };
}

/** The action URL of the project `state` names, taking an action on it as a role, and reading it (200) as one. */
export function flowRequests(t: TestApp, state: () => { world: World; projectId: string }) {
  const url = (action: string) => `/api/project/${state().projectId}/action/${action}`;
  const as = (role: FlowRole, action: string, body: unknown) =>
    asRole(t.app, state().world, role, 'POST', url(action), body);
  const read = async (role: FlowRole): Promise<Project> => {
    const response = await asRole(t.app, state().world, role, 'GET', `/api/project/${state().projectId}`);
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  return { url, as, read };
}

/** The errors of a refused (422) submission. */
export const errorsOf = (response: {
  statusCode: number;
  json(): { errors?: { path: string; message: string }[] };
}) => {
  expect(response.statusCode).toBe(422);
  return response.json().errors;
};

/**
 * Adds, as the participant, the draft project the first steps of the flow build: its details, a biodiversity and a
 * phosphorus service (first added as nitrogen), the supply, the location and the costs. Answers its id.
 */
export async function addDetailedProject(t: TestApp, { world, refs, asked }: FlowSetup): Promise<string> {
  const created = await postMultipart(
    t.app,
    '/api/projects',
    {
      name: 'Meadow Farm',
      supplierId: world.members.participant.organisation.id,
      marketRoundId: world.openRound.id,
      isFixedTerm: true,
      mitigationDurations: ['OneYear', 'TwoYears'],
      declarations: { [asked.MarketRoundProject_Register ?? '']: true },
    },
    { landholderInfo: { ...PDF, name: 'landholder.pdf' } },
    world.members.participant.cookie,
  );
  if (created.statusCode !== 201) throw new Error(`The project was not added: ${created.body}`);
  const projectId: string = created.json().context.id;
  const steps: [string, unknown][] = [
    ['Update', { name: 'Meadow Farm', typeId: refs.typeId }],
    [
      'AddBiodiversityService',
      {
        module: 'Area',
        broadHabitat: refs.habitat.broadHabitat,
        habitatType: refs.habitat.habitatType,
        distinctiveness: 'High',
        condition: 'Moderate',
        size: 5,
        strategicSignificance: 'Medium',
        difficulty: 'Low',
        mitigationBegins: '2026-04-01',
      },
    ],
    [
      'AddNutrientService',
      {
        service: 'NutrientMitigationPhosphorous',
        mitigationBegins: '2026-04-01',
        mitigationDuration: 'ThreeYears',
        area: 10,
        units: 80,
      },
    ],
    ['SetBiodiversitySupply', { baselineUnitsLost: 1, yearsToTargetCondition: 2, gainsPerYear: [2, 5, 9] }],
    [
      'SetLocation',
      {
        creditTypes: ['Biodiversity', 'NutrientMitigationNitrogen'],
        lpa: refs.lpaId,
        nearAddress: 'Meadow Farm, Botley',
        nca: refs.ncaId,
        subcatchment: refs.subcatchmentId,
        gridReference: 'SU 41234 11234',
      },
    ],
    [
      'SetCosts',
      { maintenance: 20000, marketOperator: 1500, complianceMonitoring: 3000, performanceMonitoring: 2500 },
    ],
  ];
  for (const [action, body] of steps) {
    const done = await asRole(
      t.app,
      world,
      'participant',
      'POST',
      `/api/project/${projectId}/action/${action}`,
      body,
    );
    if (done.statusCode !== 200) throw new Error(`${action} was refused: ${done.body}`);
  }
  return projectId;
}
