import { beforeAll, expect, it } from 'vitest';
import { describeWithApp } from '../../../test/app.ts';
import { asRole, postMultipart, type World } from '../../../test/world.ts';
import { setRoundStatus } from '../rounds/rounds.testing.ts';
import { addDetailedProject, buildFlowSetup, errorsOf, flowRequests, PDF } from './projects.flow.testing.ts';
import type { ProjectReferences } from './projects.testing.ts';

describeWithApp('a project from draft to sealed offer through the API', (t) => {
  let world: World;
  let refs: ProjectReferences;
  let asked: Record<string, string>;
  let projectId: string;
  const { url, as, read } = flowRequests(t, () => ({ world, projectId }));

  beforeAll(async () => {
    ({ world, refs, asked } = await buildFlowSetup(t));
    projectId = await addDetailedProject(t, { world, refs, asked });
  });

  it('registers and completes the registration (confirmation must be Yes)', async () => {
    const register = await as('participant', 'Register', {
      marketRoundId: world.openRound.id,
      declarations: { [asked.MarketRoundProject_Register ?? '']: true },
    });
    expect(register.statusCode).toBe(200);
    expect((await read('participant')).status).toBe('Provisional');
    const form = await asRole(t.app, world, 'participant', 'GET', url('CompleteRegistration'));
    expect(form.json().initialValues).toMatchObject({ canSkip: false });
    expect(form.json().initialValues.issues).toBeUndefined();
    expect(errorsOf(await as('participant', 'CompleteRegistration', { confirmed: false }))).toEqual([
      { path: 'confirmed', message: 'Must be confirmed' },
    ]);
    expect((await as('participant', 'CompleteRegistration', { confirmed: true })).statusCode).toBe(200);
    const project = await read('participant');
    expect(project.status).toBe('Registered');
    expect(project.services.map((service) => service.status)).toEqual([
      'PendingCertification',
      'PendingCertification',
    ]);
  });

  it('screens (comment for Fail), reviews (reason or report) and certifies (standard for Yes)', async () => {
    expect(errorsOf(await as('admin', 'AddScreeningOutcome', { outcome: 'Fail' }))).toEqual([
      { path: 'comment', message: 'Field required' },
    ]);
    expect((await as('participant', 'AddScreeningOutcome', { outcome: 'Pass' })).statusCode).toBe(403);
    expect(
      (await as('admin', 'AddScreeningOutcome', { outcome: 'Pass', comment: 'dropped' })).statusCode,
    ).toBe(200);
    let project = await read('admin');
    expect(project.status).toBe('Screened');
    expect(project.outcomes.at(-1)).toMatchObject({ kind: 'screening', outcome: 'Pass', comment: null });
    expect(errorsOf(await as('admin', 'SetPreMarketReviewOutcome', { outcome: 'Pending' }))).toEqual([
      { path: 'reason', message: 'Must provide a reason or a report, or both' },
    ]);
    expect((await as('admin', 'SetPreMarketReviewOutcome', { outcome: 'Pass' })).statusCode).toBe(200);
    project = await read('admin');
    expect(project.status).toBe('ApprovedRound');
    const [first, second] = project.services;
    const decision = {
      assessedByName: 'Ana Ecologist',
      assessedByOrg: 'Ecology Ltd',
      assessedByPosition: 'Principal',
      assessedDate: '2026-05-02',
      reviewedByName: 'Rob Reviewer',
      reviewedByOrg: 'Curlew',
      reviewedByPosition: 'Reviewer',
      reviewedDate: '2026-05-01',
      serviceCertifications: [
        { id: first?.id, standardId: 'NA', decision: 'Yes' },
        { id: second?.id, standardId: refs.standardId, decision: 'NoSupplierRetaining' },
      ],
    };
    const refused = await postMultipart(
      t.app,
      url('SetCertificationDecision'),
      decision,
      { statement: PDF },
      world.members.admin.cookie,
    );
    expect(errorsOf(refused)).toEqual([
      { path: 'assessedDate', message: 'Cannot be after date reviewed' },
      { path: 'reviewedDate', message: 'Cannot be before date assessed' },
      { path: 'serviceCertifications.0.standardId', message: 'Must choose a standard' },
    ]);
    const certified = await postMultipart(
      t.app,
      url('SetCertificationDecision'),
      {
        ...decision,
        reviewedDate: '2026-05-03',
        serviceCertifications: [
          { id: first?.id, standardId: refs.standardId, decision: 'Yes' },
          { id: second?.id, standardId: 'NA', decision: 'NoSupplierRetaining' },
        ],
      },
      { statement: PDF },
      world.members.admin.cookie,
    );
    expect(certified.statusCode).toBe(200);
    project = await read('admin');
    expect(project.status).toBe('Certified');
    expect(
      project.services.map((service) => [service.status, service.certification?.standard?.id ?? null]),
    ).toEqual([
      ['Certified', refs.standardId],
      ['NotCertified', null],
    ]);
  });

  it('takes the offer only while the round is open for bids and offers, from the supplier or its agent', async () => {
    const offer = { offer: 250000, declarations: { [asked.MarketRoundProject_Offer ?? '']: true } };
    const early = await as('participant', 'SetOffer', offer);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(
      `Offers can only be made while ${world.openRound.name} is open for bids and offers`,
    );
    await setRoundStatus(t.db, world.openRound.id, 'OpenForBidsAndOffers');
    expect((await as('admin', 'SetOffer', offer)).statusCode).toBe(403);
    expect(errorsOf(await as('participant', 'SetOffer', { offer: 250000 }))).toEqual([
      { path: `declarations.${asked.MarketRoundProject_Offer}`, message: 'Field required' },
    ]);
    expect((await as('participant', 'SetOffer', offer)).statusCode).toBe(200);
    expect((await read('participant')).offer).toBe(250000);
    expect((await read('admin')).offer).toBe(250000);
    const lpa = await read('lpa');
    expect(lpa.status).toBe('Offered');
    expect('offer' in lpa).toBe(false);
    expect(lpa.costs).toBeNull();
    expect(lpa.actions).toEqual([]);
    await setRoundStatus(t.db, world.openRound.id, 'Open');
  });
});
