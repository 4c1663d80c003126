import { CREDIT_REQUIREMENT_STATUSES, type CreditRequirementStatus } from '@curlew/domain';
import { beforeAll, expect, it } from 'vitest';
import { describeWithApp } from '../../../test/app.ts';
import { buildRequirement } from '../../../test/factories.records.ts';
import { buildRound } from '../../../test/factories.rounds.ts';
import { asRole, buildWorld, type World } from '../../../test/world.ts';
import { setRoundStatus } from '../rounds/rounds.testing.ts';
import { pdf, postAction, prepareRound } from './requirements.testing.ts';

/** The statuses each action with an edge runs from (MARKET.md section 2). */
const FROM: Record<string, readonly CreditRequirementStatus[]> = {
  Update: ['Draft', 'Provisional', 'Unmatched'],
  SetBuyerCredits: ['Draft', 'Provisional', 'Unmatched'],
  SetBuyerDevelopment: ['Draft', 'Provisional', 'Unmatched'],
  Register: ['Draft', 'Unmatched'],
  CompleteRegistration: ['Provisional'],
  SetBid: ['Registered', 'Bid'],
  AllocateRights: ['RightsCreated'],
  IssueCredits: ['RightsAllocated'],
  RedeemCredits: ['CreditsIssued'],
  Retire: ['CreditsRedeemed'],
  UploadCreditSupplyAgreement: ['RightsCreated', 'RightsAllocated', 'CreditsIssued'],
};

const words = (status: string) => status.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

describeWithApp('credit requirement lifecycle: every edge allowed and refused', (t) => {
  let world: World;
  let bidsRoundId: string;
  let ids: Record<CreditRequirementStatus, string>;
  let unroundedIds: Record<CreditRequirementStatus, string>;

  beforeAll(async () => {
    world = await buildWorld(t.app, t.db);
    bidsRoundId = (await buildRound(t.db, 'OpenForBidsAndOffers', 'Bidding round')).id;
    await prepareRound(t.db, bidsRoundId);
    ids = {} as Record<CreditRequirementStatus, string>;
    unroundedIds = {} as Record<CreditRequirementStatus, string>;
    for (const status of CREDIT_REQUIREMENT_STATUSES) {
      ids[status] = await buildRequirement(t.db, { status, roundId: bidsRoundId });
      unroundedIds[status] = await buildRequirement(t.db, { status, roundId: null });
    }
  });

  for (const [actionId, from] of Object.entries(FROM)) {
    it(`${actionId} runs from ${from.join(', ')} only (409 otherwise)`, async () => {
      const answers: Record<string, number> = {};
      for (const status of CREDIT_REQUIREMENT_STATUSES) {
        // Register is judged on requirements in no round yet (the round's own window applies otherwise).
        const id = actionId === 'Register' ? unroundedIds[status] : ids[status];
        const answer = await asRole(
          t.app,
          world,
          'admin',
          'GET',
          `/api/requirement/${id}/action/${actionId}`,
        );
        answers[status] = answer.statusCode;
        if (answer.statusCode === 409 && !from.includes(status))
          expect(answer.json().message).toMatch(
            new RegExp(`is not possible while this credit requirement is ${words(status)}$`),
          );
      }
      const expected = Object.fromEntries(
        CREDIT_REQUIREMENT_STATUSES.map((status) => [status, from.includes(status) ? 200 : 409]),
      );
      expect(answers).toEqual(expected);
    });
  }

  it('moves along the edges and the credit lines with it', async () => {
    const cookie = world.members.admin.cookie;
    const id = await buildRequirement(t.db, { status: 'Provisional', roundId: bidsRoundId });
    const step = async (actionId: string, values: Record<string, unknown> = {}, files = {}) => {
      const answer = await postAction(
        t.app,
        `/api/requirement/${id}/action/${actionId}`,
        values,
        cookie,
        files,
      );
      expect([actionId, answer.statusCode]).toEqual([actionId, 200]);
      return (await asRole(t.app, world, 'admin', 'GET', `/api/requirement/${id}`)).json();
    };
    expect(await step('CompleteRegistration', { confirmed: true })).toMatchObject({
      status: 'Registered',
      credits: [{ status: 'None' }],
    });
    await setRoundStatus(t.db, bidsRoundId, 'OpenForBidsAndOffers');
    const bid = await step('SetBid', { bid: 1200, declarations: await answers() });
    expect(bid).toMatchObject({ status: 'Bid', credits: [{ status: 'Bid' }] });
    const again = await postAction(
      t.app,
      `/api/requirement/${id}/action/CompleteRegistration`,
      { confirmed: true },
      cookie,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'Complete registration is not possible while this credit requirement is bid',
    );
  });

  const answers = async () => {
    const form = await asRole(
      t.app,
      world,
      'admin',
      'GET',
      `/api/requirement/${ids.Registered}/action/SetBid`,
    );
    return Object.fromEntries(form.json().declarations.map((item: { id: string }) => [item.id, true]));
  };

  it('allocates, issues, redeems and retires with their documents', async () => {
    const cookie = world.members.admin.cookie;
    const id = await buildRequirement(t.db, { status: 'RightsCreated', roundId: bidsRoundId });
    const run = async (actionId: string, values: Record<string, unknown>, files = {}) =>
      (await postAction(t.app, `/api/requirement/${id}/action/${actionId}`, values, cookie, files))
        .statusCode;
    expect(await run('AllocateRights', {}, { certificate: pdf('certificate.pdf') })).toBe(200);
    expect(await run('IssueCredits', {})).toBe(200);
    expect(await run('RedeemCredits', {}, { redeemNotice: pdf('notice.pdf') })).toBe(200);
    expect(await run('Retire', {})).toBe(200);
    const record = (await asRole(t.app, world, 'admin', 'GET', `/api/requirement/${id}`)).json();
    expect(record).toMatchObject({ status: 'Retired', credits: [{ status: 'Retired' }] });
    expect(record.documents.map((document: { tag: string }) => document.tag).sort()).toEqual([
      'CreditAllocationCertificate',
      'RedeemNotice',
    ]);
    const participantRetire = await postAction(
      t.app,
      `/api/requirement/${ids.CreditsRedeemed}/action/Retire`,
      {},
      world.members.participant.cookie,
    );
    expect(participantRetire.statusCode).toBe(404);
  });
});
