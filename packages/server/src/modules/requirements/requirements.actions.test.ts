import { beforeAll, expect, it } from 'vitest';
import { describeWithApp } from '../../../test/app.ts';
import { asRole, type World } from '../../../test/world.ts';
import { pdf, postAction, type prepareReferences, setUpRequirementActions } from './requirements.testing.ts';

describeWithApp(
  'credit requirements: the wizard, the dialogs and their rules',
  (t) => {
    let world: World;
    let places: Awaited<ReturnType<typeof prepareReferences>>;
    const cookie = () => world.members.participant.cookie;
    const buyerId = () => world.members.participant.organisation.id;
    const action = (id: string, actionId: string, values: Record<string, unknown>, files = {}) =>
      postAction(t.app, `/api/requirement/${id}/action/${actionId}`, values, cookie(), files);
    const read = async (id: string) =>
      (await asRole(t.app, world, 'participant', 'GET', `/api/requirement/${id}`)).json();

    beforeAll(async () => {
      ({ world, places } = await setUpRequirementActions(t));
    });

    const start = async (type: 'Buyer' | 'Investor' = 'Buyer', name = 'Harbour View homes') => {
      const created = await asRole(t.app, world, 'participant', 'POST', '/api/requirements', {
        name,
        type,
        buyerId: buyerId(),
      });
      expect(created.statusCode).toBe(201);
      return created.json() as { context: { id: string }; nextAction: { id: string } };
    };

    it('starts a Draft and continues with the credits step; warns a participant registered in no open round', async () => {
      const created = await start();
      expect(created.nextAction).toEqual({ id: 'WizardBuyerCredits' });
      expect((await read(created.context.id)).status).toBe('Draft');
      const form = await asRole(
        t.app,
        world,
        'participant',
        'GET',
        '/api/requirements/action/CreateRequirement',
      );
      expect(form.json().warnings ?? []).toEqual([]);
      const other = await t.app.inject({
        method: 'GET',
        url: '/api/requirements/action/CreateRequirement',
        headers: { cookie: world.otherParticipant.cookie },
      });
      expect(other.json().warnings).toEqual([
        { path: 'buyerId', message: 'Not registered as a buyer or investor in any open market rounds' },
      ]);
    });

    it('needs a name, a type and an owner (422)', async () => {
      const refused = await asRole(
        t.app,
        world,
        'participant',
        'POST',
        '/api/requirements/action/CreateRequirement',
        {},
      );
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toEqual([
        { path: 'name', message: 'Field required' },
        { path: 'type', message: 'Field required' },
        { path: 'buyerId', message: 'Field required' },
      ]);
      const foreign = await asRole(t.app, world, 'participant', 'POST', '/api/requirements', {
        name: 'Not mine',
        type: 'Buyer',
        buyerId: world.otherParticipant.organisation.id,
      });
      expect(foreign.statusCode).toBe(403);
    });

    it('runs the wizard for nutrients of both kinds: asks whether ongoing units alone would do, then saves', async () => {
      const { context } = await start('Buyer', 'Solent Quay');
      const credits = {
        type: 'NutrientMitigationNitrogen',
        nutrientType: 'both',
        nutrientOngoingUnits: 5,
        nutrientAdditionalUnits: 20,
      };
      const unanswered = await action(context.id, 'WizardBuyerCredits', credits, {
        budgetCalculator: pdf('calc.pdf'),
      });
      expect(unanswered.statusCode).toBe(422);
      expect(unanswered.json().errors).toEqual([
        {
          path: 'nutrientAcceptOngoingOnly',
          message: 'Please indicate if only ongoing units would be acceptable',
        },
      ]);
      const saved = await action(
        context.id,
        'WizardBuyerCredits',
        { ...credits, nutrientAcceptOngoingOnly: true },
        { budgetCalculator: pdf('calc.pdf') },
      );
      expect(saved.statusCode).toBe(200);
      expect(saved.json().nextAction).toEqual({ id: 'WizardBuyerDevelopment' });
      const development = await action(context.id, 'WizardBuyerDevelopment', {
        creditType: 'NutrientMitigationNitrogen',
        planningRef: '24/0117/FUL',
        deliveryDate: '2027-09-30',
        lpaId: places.lpaId,
        subcatchmentId: places.subcatchmentId,
        nearAddress: '1 Quay Street, Southampton',
        localOnly: true,
      });
      expect(development.statusCode).toBe(200);
      expect(development.json().nextAction).toEqual({ id: 'WizardFinish' });
      // The details are the first step's, reached by Previous from the credits: saving goes on with the credits.
      const details = await action(context.id, 'WizardDetails', {
        name: 'Solent Quay phase 1',
        type: 'Buyer',
      });
      expect(details.json().nextAction).toEqual({ id: 'WizardBuyerCredits' });
      const finish = await action(context.id, 'WizardFinish', {});
      expect(finish.statusCode).toBe(200);
      const record = await read(context.id);
      expect(record).toMatchObject({
        name: 'Solent Quay phase 1',
        status: 'Draft',
        buyerCredits: {
          type: 'NutrientMitigationNitrogen',
          nutrientType: 'both',
          nutrientAcceptOngoingOnly: true,
        },
        development: {
          planningRef: '24/0117/FUL',
          redemptionDate: '2027-09-30',
          subcatchment: { id: places.subcatchmentId },
          nca: null,
          localOnly: true,
        },
        bid: null,
      });
      expect(
        record.credits.map((credit: { requiredUnits: number; isPermanent: boolean }) => [
          credit.requiredUnits,
          credit.isPermanent,
        ]),
      ).toEqual([
        [5, true],
        [20, false],
      ]);
      expect(record.documents.map((document: { tag: string }) => document.tag)).toEqual(['BudgetCalculator']);
    });

    it('applies every rule of buyer biodiversity credits (422 with path and message)', async () => {
      const { context } = await start();
      const missing = await action(context.id, 'SetBuyerCredits', { type: 'Biodiversity' });
      expect(missing.statusCode).toBe(422);
      expect(missing.json().errors).toEqual([
        { path: 'bioBroadHabitat', message: 'Field required' },
        { path: 'bioDistinctiveness', message: 'Field required' },
        { path: 'bioUnits', message: 'Field required' },
        { path: 'bioIsDivisible', message: 'Field required' },
        { path: 'biodiversityMetric', message: 'Field required' },
      ]);
      const high = {
        type: 'Biodiversity',
        bioBroadHabitat: 'Grassland',
        bioDistinctiveness: 'High',
        bioUnits: 4,
        bioIsDivisible: false,
      };
      const noHabitat = await action(context.id, 'SetBuyerCredits', high, { biodiversityMetric: pdf() });
      expect(noHabitat.json().errors).toEqual([
        {
          path: 'bioHabitatType',
          message: 'Habitat type is required for high and very high distinctiveness',
        },
      ]);
      const zero = await action(
        context.id,
        'SetBuyerCredits',
        { ...high, bioUnits: 0, bioHabitatType: 'Lowland meadows' },
        { biodiversityMetric: pdf() },
      );
      expect(zero.json().errors).toEqual([{ path: 'bioUnits', message: 'Value must be greater than 0' }]);
      const wrongHabitat = await action(
        context.id,
        'SetBuyerCredits',
        { ...high, bioHabitatType: 'Mixed scrub' },
        { biodiversityMetric: pdf() },
      );
      expect(wrongHabitat.json().errors).toEqual([{ path: 'bioHabitatType', message: 'Not a valid option' }]);
      // The statutory metric gives Lowland meadows Very high distinctiveness: High contradicts it.
      const contradiction = await action(
        context.id,
        'SetBuyerCredits',
        { ...high, bioHabitatType: 'Lowland meadows' },
        { biodiversityMetric: pdf() },
      );
      expect(contradiction.statusCode).toBe(422);
      expect(contradiction.json().errors).toEqual([
        {
          path: 'bioDistinctiveness',
          message: 'The statutory metric gives Lowland meadows Very high distinctiveness',
        },
      ]);
      const saved = await action(
        context.id,
        'SetBuyerCredits',
        { ...high, bioDistinctiveness: 'VeryHigh', bioHabitatType: 'Lowland meadows' },
        { biodiversityMetric: pdf() },
      );
      expect(saved.statusCode).toBe(200);
      expect((await read(context.id)).credits).toMatchObject([
        { type: 'Biodiversity', requiredUnits: 4, isPermanent: true, status: 'Draft' },
      ]);
    });

    it('applies the rules of nutrient credits: type, calculator, ongoing and additional units', async () => {
      const { context } = await start();
      const nitrogen = { type: 'NutrientMitigationPhosphorous' };
      const none = await action(context.id, 'SetBuyerCredits', nitrogen);
      expect(none.json().errors).toEqual([
        { path: 'nutrientType', message: 'Field required' },
        { path: 'budgetCalculator', message: 'Field required' },
      ]);
      const ongoing = await action(
        context.id,
        'SetBuyerCredits',
        { ...nitrogen, nutrientType: 'ongoing' },
        { budgetCalculator: pdf() },
      );
      expect(ongoing.json().errors).toEqual([{ path: 'nutrientOngoingUnits', message: 'Field required' }]);
      const additional = await action(
        context.id,
        'SetBuyerCredits',
        { ...nitrogen, nutrientType: 'additional' },
        { budgetCalculator: pdf() },
      );
      expect(additional.json().errors).toEqual([
        { path: 'nutrientAdditionalUnits', message: 'Field required' },
      ]);
      const zero = await action(
        context.id,
        'SetBuyerCredits',
        { ...nitrogen, nutrientType: 'ongoing', nutrientOngoingUnits: 0 },
        { budgetCalculator: pdf() },
      );
      expect(zero.json().errors).toEqual([
        { path: 'nutrientOngoingUnits', message: 'Value must be greater than 0' },
      ]);
    });

    it('labels and requires the development dates and the NCA or subcatchment', async () => {
      const { context } = await start();
      const form = await asRole(
        t.app,
        world,
        'participant',
        'GET',
        `/api/requirement/${context.id}/action/SetBuyerDevelopment`,
      );
      const labels = form
        .json()
        .definition.fields.map((field: { id: string; label: string }) => [field.id, field.label]);
      expect(labels).toEqual(
        expect.arrayContaining([
          ['redemptionDate', 'Target redemption date'],
          ['deliveryDate', 'Credit delivery date'],
        ]),
      );
      const base = { planningRef: '24/0001/FUL', lpaId: places.lpaId, nearAddress: '1 High St' };
      const bio = await action(context.id, 'SetBuyerDevelopment', { ...base, creditType: 'Biodiversity' });
      expect(bio.json().errors).toEqual([
        { path: 'redemptionDate', message: 'Field required' },
        { path: 'ncaId', message: 'Field required' },
      ]);
      const nutrient = await action(context.id, 'SetBuyerDevelopment', {
        ...base,
        creditType: 'NutrientMitigationNitrogen',
        deliveryDate: '2027-13-01',
      });
      expect(nutrient.json().errors).toEqual([
        { path: 'deliveryDate', message: 'Not a valid date' },
        { path: 'subcatchmentId', message: 'Field required' },
      ]);
      const unknownLpa = await action(context.id, 'SetBuyerDevelopment', {
        ...base,
        lpaId: '00000000-0000-4000-8000-000000000000',
        creditType: 'Biodiversity',
        redemptionDate: '2027-01-31',
        ncaId: places.ncaId,
      });
      expect(unknownLpa.json().errors).toEqual([{ path: 'lpaId', message: 'Not a valid option' }]);
    });

    it('needs the investor credits and location; the buyer dialogs do not apply to an investor', async () => {
      const { context } = await start('Investor', 'Estuary fund');
      const missing = await action(context.id, 'SetInvestorCredits', {});
      expect(missing.json().errors.map((error: { path: string }) => error.path)).toEqual([
        'units',
        'redemptionDate',
        'isDivisible',
        'module',
        'distinctiveness',
      ]);
      const saved = await action(context.id, 'WizardInvestorCredits', {
        units: 12,
        redemptionDate: '2028-03-31',
        isDivisible: true,
        module: 'Area',
        distinctiveness: 'Medium',
        broadHabitat: 'Grassland',
      });
      expect(saved.json().nextAction).toEqual({ id: 'WizardInvestorLocation' });
      const location = await action(context.id, 'WizardInvestorLocation', { lpa: places.lpaId });
      expect(location.json().errors).toEqual([{ path: 'nca', message: 'Field required' }]);
      expect(
        (await action(context.id, 'SetInvestorLocation', { lpa: places.lpaId, nca: places.ncaId }))
          .statusCode,
      ).toBe(200);
      expect(await read(context.id)).toMatchObject({
        investorCredits: { units: 12, module: 'Area', broadHabitat: 'Grassland' },
        location: { lpa: { id: places.lpaId }, nca: { id: places.ncaId } },
        buyerCredits: null,
      });
      const buyerOnly = await action(context.id, 'SetBuyerCredits', { type: 'Biodiversity' });
      expect(buyerOnly.statusCode).toBe(403);
    });

    it('warns that changing the type removes all data, and does so', async () => {
      const { context } = await start('Investor', 'Changing');
      await action(context.id, 'SetInvestorCredits', {
        units: 3,
        redemptionDate: '2028-03-31',
        isDivisible: false,
        module: 'Linear',
        distinctiveness: 'Low',
      });
      const form = await asRole(
        t.app,
        world,
        'participant',
        'GET',
        `/api/requirement/${context.id}/action/Update`,
      );
      expect(form.json().settings).toEqual({ currentType: 'Investor' });
      const changed = await action(context.id, 'Update', { name: 'Changing', type: 'Buyer' });
      expect(changed.statusCode).toBe(200);
      expect(await read(context.id)).toMatchObject({
        type: 'Buyer',
        investorCredits: null,
        credits: [],
        buyerCredits: null,
      });
    });
  },
  { config: { sessionIdleMinutes: 60 * 24 * 30, sessionAbsoluteHours: 24 * 30 } },
);
