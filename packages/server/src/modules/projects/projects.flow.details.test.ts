import { beforeAll, expect, it } from 'vitest';
import { describeWithApp } from '../../../test/app.ts';
import { asRole, postMultipart, type World } from '../../../test/world.ts';
import { buildFlowSetup, errorsOf, flowRequests, PDF } from './projects.flow.testing.ts';
import type { ProjectReferences } from './projects.testing.ts';

describeWithApp('a project from draft to sealed offer through the API', (t) => {
  let world: World;
  let refs: ProjectReferences;
  let asked: Record<string, string>;
  let projectId: string;
  const { url, as, read } = flowRequests(t, () => ({ world, projectId }));

  beforeAll(async () => {
    ({ world, refs, asked } = await buildFlowSetup(t));
  });

  it('adds a project (422 without the declarations, mitigation durations when fixed-term)', async () => {
    const values = {
      name: 'Meadow Farm',
      supplierId: world.members.participant.organisation.id,
      marketRoundId: world.openRound.id,
      isFixedTerm: true,
    };
    const noDurations = await asRole(t.app, world, 'participant', 'POST', '/api/projects', values);
    expect(errorsOf(noDurations)).toEqual([{ path: 'mitigationDurations', message: 'Field required' }]);
    const undeclared = await asRole(t.app, world, 'participant', 'POST', '/api/projects', {
      ...values,
      mitigationDurations: ['OneYear'],
    });
    expect(errorsOf(undeclared)).toEqual([
      { path: `declarations.${asked.MarketRoundProject_Register}`, message: 'Field required' },
    ]);
    const other = await asRole(t.app, world, 'participant', 'POST', '/api/projects', {
      ...values,
      supplierId: world.otherParticipant.organisation.id,
      isFixedTerm: false,
    });
    expect(other.statusCode).toBe(403);
    const created = await postMultipart(
      t.app,
      '/api/projects',
      {
        ...values,
        mitigationDurations: ['OneYear', 'TwoYears'],
        declarations: { [asked.MarketRoundProject_Register ?? '']: true },
      },
      { landholderInfo: { ...PDF, name: 'landholder.pdf' } },
      world.members.participant.cookie,
    );
    expect(created.statusCode).toBe(201);
    projectId = created.json().context.id;
    const project = await read('participant');
    expect(project).toMatchObject({
      name: 'Meadow Farm',
      status: 'Draft',
      supplier: { id: world.members.participant.organisation.id },
      round: { id: world.openRound.id, status: 'Open' },
      isFixedTerm: true,
      mitigationDurations: ['OneYear', 'TwoYears'],
      offer: null,
    });
    expect(project.documents.map((doc) => [doc.tag, doc.name])).toEqual([
      ['LandholderInfo', 'landholder.pdf'],
    ]);
  });

  it('updates details (type required) and adds a biodiversity service (broad habitat for area habitats)', async () => {
    expect(errorsOf(await as('participant', 'Update', { name: 'Meadow Farm' }))).toEqual([
      { path: 'typeId', message: 'Field required' },
    ]);
    expect((await as('participant', 'Update', { name: 'Meadow Farm', typeId: refs.typeId })).statusCode).toBe(
      200,
    );
    const service = {
      module: 'Area',
      habitatType: refs.habitat.habitatType,
      distinctiveness: 'High',
      condition: 'Good',
      size: 4,
      strategicSignificance: 'Medium',
      difficulty: 'Low',
      mitigationBegins: '2026-04-01',
    };
    expect(errorsOf(await as('participant', 'AddBiodiversityService', service))).toEqual([
      { path: 'broadHabitat', message: 'Field required' },
    ]);
    expect(
      errorsOf(
        await as('participant', 'AddBiodiversityService', {
          ...service,
          broadHabitat: 'Woodland and forest',
        }),
      ),
    ).toEqual([{ path: 'habitatType', message: 'Not a valid option' }]);
    // The statutory metric gives the habitat type High distinctiveness: Low contradicts it.
    const contradiction = await as('participant', 'AddBiodiversityService', {
      ...service,
      broadHabitat: refs.habitat.broadHabitat,
      distinctiveness: 'Low',
    });
    expect(errorsOf(contradiction)).toEqual([
      {
        path: 'distinctiveness',
        message: `The statutory metric gives ${refs.habitat.habitatType} High distinctiveness`,
      },
    ]);
    const added = await as('participant', 'AddBiodiversityService', {
      ...service,
      broadHabitat: refs.habitat.broadHabitat,
    });
    expect(added.statusCode).toBe(200);
    const project = await read('participant');
    expect(project.services).toHaveLength(1);
    expect(project.services[0]).toMatchObject({
      type: 'Biodiversity',
      status: 'Draft',
      module: 'Area',
      sizeUnit: 'ha',
      size: 4,
      metricEstimate: null,
    });
  });

  it('adds a nutrient service, refusing a biodiversity type', async () => {
    const values = {
      service: 'Biodiversity',
      mitigationBegins: '2026-04-01',
      mitigationDuration: 'ThreeYears',
      area: 10,
      units: 120,
    };
    expect(errorsOf(await as('participant', 'AddNutrientService', values))).toEqual([
      { path: 'service', message: 'Only Nitrogen or Phosphorous allowed' },
    ]);
    const added = await as('participant', 'AddNutrientService', {
      ...values,
      service: 'NutrientMitigationNitrogen',
    });
    expect(added.statusCode).toBe(200);
    const nitrogen = (await read('participant')).services.find(
      (s) => s.type === 'NutrientMitigationNitrogen',
    );
    expect(nitrogen?.years).toBe(3);
    expect(nitrogen?.unitsPerPeriod.map((period) => [period.start, period.end, period.units])).toEqual([
      ['2026-04-01', '2027-03-31', 120],
      ['2027-04-01', '2028-03-31', 120],
      ['2028-04-01', '2029-03-31', 120],
    ]);
  });

  it('edits a service from its dialog: the services of its kind to choose from, the first one filled in', async () => {
    const before = await read('participant');
    const biodiversity = before.services.find((s) => s.type === 'Biodiversity');
    const nitrogen = before.services.find((s) => s.type === 'NutrientMitigationNitrogen');
    if (!biodiversity || !nitrogen) throw new Error('The services added above are missing');
    const form = await asRole(t.app, world, 'participant', 'GET', url('EditBiodiversityService'));
    expect(form.statusCode).toBe(200);
    expect(form.json().options.serviceId.map((option: { value: string }) => option.value)).toEqual([
      biodiversity.id,
    ]);
    expect(form.json().initialValues).toEqual({
      serviceId: biodiversity.id,
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
    const edited = await as('participant', 'EditBiodiversityService', {
      ...form.json().initialValues,
      condition: 'Moderate',
      size: 5,
    });
    expect(edited.statusCode).toBe(200);

    const nutrientForm = await asRole(t.app, world, 'participant', 'GET', url('EditNutrientService'));
    expect(nutrientForm.json().initialValues).toEqual({
      serviceId: nitrogen.id,
      service: 'NutrientMitigationNitrogen',
      mitigationBegins: '2026-04-01',
      mitigationDuration: 'ThreeYears',
      area: 10,
      units: 120,
    });
    // A nitrogen service that becomes phosphorus moves the project's credit types and its yearly units with it.
    const moved = await as('participant', 'EditNutrientService', {
      ...nutrientForm.json().initialValues,
      service: 'NutrientMitigationPhosphorous',
      units: 80,
    });
    expect(moved.statusCode).toBe(200);
    const after = await read('participant');
    const byType = [...after.services].sort((a, b) => (a.type < b.type ? -1 : 1));
    expect(byType.map((s) => [s.id, s.type, s.condition, s.size])).toEqual([
      [biodiversity.id, 'Biodiversity', 'Moderate', 5],
      [nitrogen.id, 'NutrientMitigationPhosphorous', null, null],
    ]);
    expect(byType[1]?.unitsPerPeriod.map((period) => period.units)).toEqual([80, 80, 80]);
    const listed = await asRole(
      t.app,
      world,
      'participant',
      'GET',
      `/api/projects?q=${encodeURIComponent(after.name)}`,
    );
    expect(listed.json().items.map((item: { creditTypes: string[] }) => item.creditTypes)).toEqual([
      ['Biodiversity', 'NutrientMitigationPhosphorous'],
    ]);
  });

  it('sets the biodiversity supply (1 to 30 years, a gain per year, trimmed to N + 1) with the metric estimate', async () => {
    expect(
      errorsOf(
        await as('participant', 'SetBiodiversitySupply', { baselineUnitsLost: 1, yearsToTargetCondition: 0 }),
      ),
    ).toEqual([{ path: 'yearsToTargetCondition', message: 'Must be at least 1 year' }]);
    expect(
      errorsOf(
        await as('participant', 'SetBiodiversitySupply', {
          baselineUnitsLost: 1,
          yearsToTargetCondition: 31,
        }),
      ),
    ).toEqual([{ path: 'yearsToTargetCondition', message: 'Cannot exceed 30 years' }]);
    expect(
      errorsOf(
        await as('participant', 'SetBiodiversitySupply', {
          baselineUnitsLost: 1,
          yearsToTargetCondition: 2.7,
          gainsPerYear: [2, 5],
        }),
      ),
    ).toEqual([{ path: 'gainsPerYear.2', message: 'Required' }]);
    // A fraction of a year is rounded down and keeps every gain up to the rounded year (2.7 -> 2: three gains).
    const set = await as('participant', 'SetBiodiversitySupply', {
      baselineUnitsLost: 1,
      yearsToTargetCondition: 2.7,
      gainsPerYear: [2, 5, 9, 40],
    });
    expect(set.statusCode).toBe(200);
    const project = await read('participant');
    expect(project.supply).toEqual({
      baselineUnitsLost: 1,
      yearsToTargetCondition: 2,
      gainsPerYear: [2, 5, 9],
    });
    const biodiversity = project.services.find((s) => s.type === 'Biodiversity');
    // 4 ha x 6 (the habitat's score) x 3 (Good) x 1.1 (Medium) x 1 (Low difficulty) x time to target for 2 years.
    expect(biodiversity?.metricEstimate).toBeGreaterThan(0);
    expect(biodiversity?.unitsPerPeriod.map((period) => period.units)).toEqual([1, 4, 8]);
  });

  it('sets the location (NCA for biodiversity, subcatchment for nutrients) and the costs (not negative)', async () => {
    const location = {
      creditTypes: ['Biodiversity', 'NutrientMitigationNitrogen'],
      lpa: refs.lpaId,
      nearAddress: 'Meadow Farm, Botley',
    };
    expect(errorsOf(await as('participant', 'SetLocation', location))).toEqual([
      { path: 'nca', message: 'Field required' },
      { path: 'subcatchment', message: 'Field required' },
    ]);
    const set = await as('participant', 'SetLocation', {
      ...location,
      nca: refs.ncaId,
      subcatchment: refs.subcatchmentId,
      gridReference: 'SU 41234 11234',
    });
    expect(set.statusCode).toBe(200);
    const costs = {
      maintenance: 20000,
      marketOperator: 1500,
      complianceMonitoring: 3000,
      performanceMonitoring: -1,
    };
    expect(errorsOf(await as('participant', 'SetCosts', costs))?.[0]).toMatchObject({
      path: 'performanceMonitoring',
    });
    expect((await as('participant', 'SetCosts', { ...costs, performanceMonitoring: 2500 })).statusCode).toBe(
      200,
    );
    const project = await read('participant');
    expect(project.location).toMatchObject({
      lpa: { id: refs.lpaId },
      nca: { id: refs.ncaId },
      subcatchment: { id: refs.subcatchmentId },
      gridReference: 'SU 41234 11234',
    });
    expect(project.costs).toEqual({
      maintenance: 20000,
      marketOperator: 1500,
      complianceMonitoring: 3000,
      performanceMonitoring: 2500,
    });
  });
});
