import { beforeAll, expect, it } from 'vitest';
import { describeWithApp, requestJson } from '../../../test/app.ts';
import { buildProject } from '../../../test/factories.records.ts';
import { buildRound } from '../../../test/factories.rounds.ts';
import { asRole, buildWorld, PDF_BYTES, postMultipart, type World } from '../../../test/world.ts';
import {
  buildProjectMatrixTargets,
  buildProjectReferences,
  type ProjectReferences,
  prepareSuppliers,
} from './projects.testing.ts';

const PDF = { name: 'file.pdf', type: 'application/pdf', content: PDF_BYTES };

/** The rules of the project dialogs the journey test does not reach, each through the API. */
describeWithApp('project dialogs', (t) => {
  let world: World;
  let refs: ProjectReferences;
  let asked: Record<string, string>;
  const participant = () => world.members.participant.organisation.id;

  beforeAll(async () => {
    world = await buildWorld(t.app, t.db);
    refs = await buildProjectReferences(t.db);
    asked = await prepareSuppliers(t.db, world, world.openRound.id);
  });

  it('Update: a type flagged incompatible warns in the form and removes the services on save', async () => {
    const project = await buildProject(t.db, {
      roundId: world.openRound.id,
      supplierId: participant(),
      typeId: refs.typeId,
      services: [{ type: 'NutrientMitigationNitrogen', units: 50, mitigationDuration: 'OneYear', area: 2 }],
    });
    const form = await asRole(t.app, world, 'participant', 'GET', `/api/project/${project.id}/action/Update`);
    expect(form.statusCode).toBe(200);
    expect(form.json().settings).toEqual({
      incompatibleTypeIds: [refs.incompatibleTypeId],
      hasService: true,
    });
    expect(form.json().initialValues).toMatchObject({ name: project.name, typeId: refs.typeId });
    const saved = await asRole(
      t.app,
      world,
      'participant',
      'POST',
      `/api/project/${project.id}/action/Update`,
      {
        name: 'Solar meadow',
        typeId: refs.incompatibleTypeId,
      },
    );
    expect(saved.statusCode).toBe(200);
    const record = (await asRole(t.app, world, 'participant', 'GET', `/api/project/${project.id}`)).json();
    expect(record).toMatchObject({
      name: 'Solar meadow',
      type: { id: refs.incompatibleTypeId },
      services: [],
    });
    const list = await asRole(t.app, world, 'participant', 'GET', `/api/projects?q=Solar`);
    expect(list.json().items.map((item: { creditTypes: string[] }) => item.creditTypes)).toEqual([[]]);
  });

  it('Add project warns when the supplier is registered in no open round', async () => {
    const form = await requestJson(t.app, 'GET', '/api/projects/action/CreateProject', undefined, {
      cookie: world.otherParticipant.cookie,
    });
    expect(form.statusCode).toBe(200);
    expect(form.json().warnings).toEqual([
      { path: 'marketRoundId', message: 'Not registered as a supplier in any open market rounds' },
    ]);
    const other = await asRole(t.app, world, 'participant', 'GET', '/api/projects/action/CreateProject');
    expect(other.json().warnings).toEqual([]);
    expect(other.json().options.marketRoundId).toEqual([
      { value: world.openRound.id, label: world.openRound.name },
    ]);
    const lpa = await asRole(t.app, world, 'lpa', 'GET', '/api/projects/action/CreateProject');
    expect(lpa.statusCode).toBe(403);
  });

  it("Add project asks the chosen round's project declarations, each only while a round asking it is chosen", async () => {
    const declarationId = asked.MarketRoundProject_Register ?? '';
    const form = await asRole(t.app, world, 'participant', 'GET', '/api/projects/action/CreateProject');
    expect(form.statusCode).toBe(200);
    expect(form.json().declarations).toEqual([
      expect.objectContaining({
        id: declarationId,
        visibleWhen: { fieldId: 'marketRoundId', oneOf: [world.openRound.id] },
      }),
    ]);
    const values = {
      name: 'Willow marsh',
      supplierId: participant(),
      marketRoundId: world.openRound.id,
      isFixedTerm: false,
    };
    const none = await asRole(t.app, world, 'participant', 'POST', '/api/projects', values);
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toEqual([
      { path: `declarations.${declarationId}`, message: 'Field required' },
    ]);
    const added = await asRole(t.app, world, 'participant', 'POST', '/api/projects', {
      ...values,
      declarations: { [declarationId]: true },
    });
    expect(added.statusCode).toBe(201);
    const record = (
      await asRole(t.app, world, 'participant', 'GET', `/api/project/${added.json().context.id}`)
    ).json();
    expect(record.round.id).toBe(world.openRound.id);
  });

  it('Reregister: a new round, landholder information when changed; the services back to pending', async () => {
    const project = await buildProject(t.db, {
      status: 'Unmatched',
      roundId: (await buildRound(t.db, 'Closed')).id,
      supplierId: participant(),
      services: [{ type: 'Biodiversity', status: 'Certified', decision: 'Yes', standardId: refs.standardId }],
    });
    const url = `/api/project/${project.id}/action/Reregister`;
    const declarations = { [asked.MarketRoundProject_Register ?? '']: true };
    const changed = await asRole(t.app, world, 'participant', 'POST', url, {
      marketRoundId: world.openRound.id,
      hasChanged: true,
      declarations,
    });
    expect(changed.statusCode).toBe(422);
    expect(changed.json().errors).toEqual([{ path: 'landholderInfo', message: 'Field required' }]);
    const done = await postMultipart(
      t.app,
      url,
      { marketRoundId: world.openRound.id, hasChanged: true, declarations },
      { landholderInfo: PDF },
      world.members.participant.cookie,
    );
    expect(done.statusCode).toBe(200);
    const record = (await asRole(t.app, world, 'participant', 'GET', `/api/project/${project.id}`)).json();
    expect(record.status).toBe('Provisional');
    expect(record.round.id).toBe(world.openRound.id);
    expect(record.services.map((service: { status: string }) => service.status)).toEqual([
      'PendingCertification',
    ]);
    expect(record.documents.map((doc: { tag: string }) => doc.tag)).toEqual(['LandholderInfo']);
  });

  it('Complete registration may skip to Certified when certified in an earlier round and unchanged', async () => {
    const earlier = await buildRound(t.db, 'Settled');
    const project = await buildProject(t.db, {
      status: 'Provisional',
      roundId: world.openRound.id,
      supplierId: participant(),
      typeId: refs.typeId,
      certifiedRoundId: earlier.id,
      locationCreditTypes: ['NutrientMitigationNitrogen'],
      subcatchmentId: refs.subcatchmentId,
      lpaId: refs.lpaId,
      maintenance: 100,
      marketOperatorFee: 100,
      complianceMonitoring: 100,
      performanceMonitoring: 100,
      services: [
        {
          type: 'NutrientMitigationNitrogen',
          status: 'PendingCertification',
          decision: 'Yes',
          standardId: refs.standardId,
          units: 20,
          mitigationDuration: 'Permanent',
          area: 3,
        },
      ],
    });
    const url = `/api/project/${project.id}/action/CompleteRegistration`;
    const form = await asRole(t.app, world, 'participant', 'GET', url);
    expect(form.json().initialValues).toMatchObject({ canSkip: true });
    const noSkip = await asRole(t.app, world, 'participant', 'POST', url, { confirmed: true, canSkip: true });
    expect(noSkip.statusCode).toBe(422);
    expect(noSkip.json().errors).toEqual([{ path: 'skip', message: 'Field required' }]);
    const skipped = await asRole(t.app, world, 'participant', 'POST', url, {
      confirmed: true,
      canSkip: true,
      skip: true,
    });
    expect(skipped.statusCode).toBe(200);
    const record = (await asRole(t.app, world, 'participant', 'GET', `/api/project/${project.id}`)).json();
    expect(record.status).toBe('Certified');
    expect(record.services[0].status).toBe('Certified');
    const changed = await buildProject(t.db, {
      status: 'Provisional',
      roundId: world.openRound.id,
      supplierId: participant(),
      certifiedRoundId: earlier.id,
      changedSinceCertified: true,
    });
    const refused = await asRole(
      t.app,
      world,
      'participant',
      'POST',
      `/api/project/${changed.id}/action/CompleteRegistration`,
      {
        confirmed: true,
        canSkip: true,
        skip: true,
      },
    );
    expect(refused.statusCode).toBe(422);
  });

  it('agreements, performance checks and replaced documents need their files; a comment needs content', async () => {
    const project = await buildProject(t.db, {
      status: 'Matched',
      roundId: world.openRound.id,
      supplierId: participant(),
    });
    const upload = await asRole(
      t.app,
      world,
      'participant',
      'POST',
      `/api/project/${project.id}/action/UploadNatureBasedAgreement`,
      {},
    );
    expect(upload.statusCode).toBe(422);
    expect(upload.json().errors).toEqual([{ path: 'NatureBasedAgreement', message: 'Field required' }]);
    const uploaded = await postMultipart(
      t.app,
      `/api/project/${project.id}/action/UploadNatureBasedAgreement`,
      {},
      { NatureBasedAgreement: PDF },
      world.members.participant.cookie,
    );
    expect(uploaded.statusCode).toBe(200);
    const replace = `/api/project/${project.id}/action/ReplaceDocument`;
    const form = await asRole(t.app, world, 'participant', 'GET', replace);
    expect(form.json().options.tag.map((option: { value: string }) => option.value)).toEqual([
      'NatureBasedAgreement',
    ]);
    const missing = await asRole(t.app, world, 'participant', 'POST', replace, {});
    expect(missing.statusCode).toBe(422);
    expect(
      missing
        .json()
        .errors.map((error: { path: string }) => error.path)
        .sort(),
    ).toEqual(['file', 'reason', 'tag']);
    const replaced = await postMultipart(
      t.app,
      replace,
      { tag: 'NatureBasedAgreement', reason: 'Signed copy' },
      { file: { ...PDF, name: 'signed.pdf' } },
      world.members.participant.cookie,
    );
    expect(replaced.statusCode).toBe(200);
    const record = (await asRole(t.app, world, 'participant', 'GET', `/api/project/${project.id}`)).json();
    expect(record.documents.map((doc: { name: string }) => doc.name)).toEqual(['signed.pdf']);
    const history = await asRole(
      t.app,
      world,
      'participant',
      'GET',
      `/api/files?ownerType=project&ownerId=${project.id}&history=true`,
    );
    expect(history.json().items ?? history.json()).toHaveLength(2);
    const comment = await asRole(
      t.app,
      world,
      'participant',
      'POST',
      `/api/project/${project.id}/action/Comment`,
      {},
    );
    expect(comment.statusCode).toBe(422);
    expect(comment.json().errors[0].path).toBe('content');
    const monitored = await buildProject(t.db, { status: 'Verified', roundId: world.openRound.id });
    const check = await asRole(
      t.app,
      world,
      'admin',
      'POST',
      `/api/project/${monitored.id}/action/RecordPerformanceCheck`,
      {
        date: '2026-08-01',
        name: 'Pat Performance',
        organisation: 'Curlew',
      },
    );
    expect(check.statusCode).toBe(422);
    expect(check.json().errors).toEqual([{ path: 'PerformanceReport', message: 'Field required' }]);
  });

  it('lets the supplier’s agent with MakeOffersOrBids set the offer, not one with RegisterForRound only', async () => {
    const round = await buildRound(t.db, 'OpenForBidsAndOffers');
    await prepareSuppliers(t.db, world, round.id, ['MakeOffersOrBids']);
    const project = await buildProject(t.db, {
      status: 'Certified',
      roundId: round.id,
      supplierId: world.client.id,
    });
    const offer = await asRole(t.app, world, 'agent', 'POST', `/api/project/${project.id}/action/SetOffer`, {
      offer: 120000,
      declarations: {},
    });
    expect(offer.statusCode).toBe(422);
    const ids = offer.json().errors.map((error: { path: string }) => error.path);
    expect(ids).toHaveLength(1);
    expect(ids[0]).toMatch(/^declarations\./);
    const id = ids[0].slice('declarations.'.length);
    const done = await asRole(t.app, world, 'agent', 'POST', `/api/project/${project.id}/action/SetOffer`, {
      offer: 120000,
      declarations: { [id]: true },
    });
    expect(done.statusCode).toBe(200);
    const record = (await asRole(t.app, world, 'agent', 'GET', `/api/project/${project.id}`)).json();
    expect(record).toMatchObject({ status: 'Offered', offer: 120000 });
    const update = await asRole(t.app, world, 'agent', 'GET', `/api/project/${project.id}/action/Update`);
    expect(update.statusCode).toBe(403);
    expect(update.json().message).toBe(
      'You need approved authority with permission to register for this round',
    );
  });

  it('builds the authorisation matrix targets: each role reads its own project, no one but the operator another', async () => {
    const targets = await buildProjectMatrixTargets(t.db, world);
    for (const role of ['admin', 'sysadmin', 'lpa', 'participant', 'agent'] as const) {
      const own = await asRole(t.app, world, role, 'GET', `/api/project/${targets.project.own[role]}`);
      expect(own.statusCode, role).toBe(200);
      const another = await asRole(t.app, world, role, 'GET', `/api/project/${targets.project.another}`);
      expect(another.statusCode, role).toBe(role === 'admin' || role === 'sysadmin' ? 200 : 404);
    }
    const group = await asRole(
      t.app,
      world,
      'participant',
      'GET',
      `/api/project-group/${targets['project-group'].own.participant}`,
    );
    expect(group.statusCode).toBe(200);
  });

  it("Register asks each open round's project declarations only while that round is chosen", async () => {
    const second = await buildRound(t.db, 'Open');
    const secondAsked = await prepareSuppliers(t.db, world, second.id);
    const project = await buildProject(t.db, { supplierId: participant() });
    const url = `/api/project/${project.id}/action/Register`;
    const form = await asRole(t.app, world, 'participant', 'GET', url);
    expect(form.statusCode).toBe(200);
    const prompts = form
      .json()
      .declarations.map((prompt: { id: string; visibleWhen: unknown }) => [prompt.id, prompt.visibleWhen]);
    expect(prompts).toEqual(
      expect.arrayContaining([
        [asked.MarketRoundProject_Register, { fieldId: 'marketRoundId', oneOf: [world.openRound.id] }],
        [secondAsked.MarketRoundProject_Register, { fieldId: 'marketRoundId', oneOf: [second.id] }],
      ]),
    );
    expect(prompts).toHaveLength(2);
    const done = await asRole(t.app, world, 'participant', 'POST', url, {
      marketRoundId: second.id,
      declarations: { [secondAsked.MarketRoundProject_Register ?? '']: true },
    });
    expect(done.statusCode).toBe(200);
  });
});
