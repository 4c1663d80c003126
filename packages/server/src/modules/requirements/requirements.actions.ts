import { randomUUID } from 'node:crypto';
import {
  type ActionResult,
  CREDIT_TYPE_LABELS,
  CREDIT_TYPES,
  completionIssuesValue,
  DOCUMENT_UPLOAD_EXTENSIONS,
  firstDeliveryYear,
  NUTRIENT_CREDIT_TYPES,
  REQUIREMENT_ACTIONS,
  REQUIREMENT_CREATE_ACTIONS,
  REQUIREMENT_WIZARD,
  roundYearlyPeriods,
  type setBuyerCredits,
  type setBuyerDevelopment,
  type setInvestorCredits,
  type setInvestorLocation,
  UPLOAD_EXTENSIONS,
  type updateRequirement,
  WARNINGS,
  type wizardBuyerCredits,
  type wizardBuyerDevelopment,
  type wizardDetails,
  type wizardInvestorCredits,
  type wizardInvestorLocation,
  wizardNext,
} from '@curlew/domain';
import { and, eq } from 'drizzle-orm';
import { allow, deny, isOperator, operatorOnly } from '../../platform/actions/policy.ts';
import { defineEntityActions } from '../../platform/actions/runner.ts';
import type {
  Actor,
  CreateHandlers,
  CreatePolicies,
  GuardAnswer,
  PolicyDecision,
  RecordActionHandler,
  RecordGuards,
  RecordHandlers,
  RecordPolicies,
} from '../../platform/actions/types.ts';
import type { Queryable } from '../../platform/db/connect.ts';
import { AppError, validationError } from '../../platform/errors.ts';
import { commentHandler } from '../comments/comment.handler.ts';
import { retireOwnerFiles } from '../files/files.repo.ts';
import { replaceDocumentHandler } from '../files/replace-document.handler.ts';
import { organisations } from '../organisations/organisations.tables.ts';
import { habitats, lpas, ncas, subcatchments } from '../refdata/refdata.tables.ts';
import { findRoundRecord } from '../rounds/rounds.repo.ts';
import {
  requirementAfterRoundGuards,
  requirementAfterRoundHandlers,
  storeFieldFile,
} from './requirements.after-round.ts';
import { type RequirementRecord, type RequirementRelation, requirementKind } from './requirements.kind.ts';
import { ownerFor } from './requirements.owner.ts';
import {
  assertRoundDeclarations,
  missingParts,
  openRoundsFor,
  registrationRefusal,
  roundChoiceOptions,
  roundChoices,
  roundForRequirement,
  roundPrompts,
} from './requirements.registration.ts';
import {
  type CreditLine,
  deleteBid,
  findBid,
  insertRequirement,
  replaceCredits,
  updateRequirementRow,
  writeBid,
} from './requirements.repo.ts';
import { seesBid } from './requirements.scope.ts';

type Subject = { actor: Actor; relation: RequirementRelation; permissions: readonly string[] };

/** Reason given to a local planning authority for every action. */
export const LPA_READ_ONLY = 'Local planning authorities can only read credit requirements';

const notLpa = (relation: RequirementRelation): PolicyDecision | undefined =>
  relation === 'lpa' ? deny(LPA_READ_ONLY) : undefined;

/** The owner's members, the operator, and the owner's agent with RegisterForRound for the round. */
const editor = ({ relation, permissions }: Subject): PolicyDecision =>
  notLpa(relation) ??
  (relation === 'operator' || relation === 'member' || permissions.includes('RegisterForRound')
    ? allow
    : deny('You need approved authority with permission to register for this round'));

/** The owner's members, the operator, and the owner's agent with MakeOffersOrBids for the round. */
const bidder = (subject: Subject): PolicyDecision =>
  notLpa(subject.relation) ??
  (seesBid(subject)
    ? allow
    : deny('You need approved authority with permission to make offers or bids in this round'));

/** The operator, the owner's members and its agent. */
const party = ({ relation }: Subject): PolicyDecision => notLpa(relation) ?? allow;

const operator = ({ actor }: Subject): PolicyDecision => operatorOnly(actor);

/** Who runs each requirement action (MARKET.md section 2; LPAs only read). */
export const requirementPolicies = {
  Update: editor,
  SetBuyerCredits: editor,
  SetBuyerDevelopment: editor,
  SetInvestorCredits: editor,
  SetInvestorLocation: editor,
  Register: editor,
  CompleteRegistration: operator,
  SetBid: bidder,
  AllocateRights: operator,
  IssueCredits: operator,
  RedeemCredits: party,
  Retire: operator,
  UploadCreditSupplyAgreement: party,
  Comment: party,
  ReplaceDocument: party,
  WizardBuyerCredits: editor,
  WizardInvestorCredits: editor,
  WizardBuyerDevelopment: editor,
  WizardInvestorLocation: editor,
  WizardDetails: editor,
  WizardFinish: editor,
} satisfies RecordPolicies<typeof REQUIREMENT_ACTIONS, RequirementRecord, RequirementRelation>;

const ok: GuardAnswer = { ok: true };

/**
 * When each action may run: the round's requirements window for Register, bids open for SetBid; the wizard's end only
 * on the Draft it saved (its answer says so), never on a requirement already registered.
 */
export const requirementGuards = {
  Register: async ({ db, record, now }): Promise<GuardAnswer> => {
    const [missing] = missingParts(record);
    if (missing !== undefined) return { ok: false, reason: `${missing} before registering` };
    if (record.marketRoundId === null) return ok;
    const round = await findRoundRecord(db, record.marketRoundId);
    const refusal = round === undefined ? undefined : registrationRefusal(round, now);
    return refusal === undefined ? ok : { ok: false, reason: refusal };
  },
  ...requirementAfterRoundGuards,
  SetBid: async ({ record }): Promise<GuardAnswer> => {
    if (record.roundStatus === 'OpenForBidsAndOffers') return ok;
    return {
      ok: false,
      reason:
        record.roundName === null
          ? 'Register the credit requirement for a market round first'
          : `${record.roundName} is not open for bids and offers`,
    };
  },
} satisfies RecordGuards<typeof REQUIREMENT_ACTIONS, RequirementRecord, RequirementRelation>;

/** 422 at `path` unless `id` names an active row of the reference table. */
async function assertReference(
  db: Queryable,
  table: typeof lpas | typeof ncas | typeof subcatchments,
  id: string | undefined,
  path: string,
): Promise<void> {
  if (id === undefined) return;
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, id), eq(table.active, true)))
    .catch(() => []);
  if (!row) throw validationError(path, 'Not a valid option');
}

/** 422 unless the broad habitat (and habitat type, when given) are habitats of the metric. */
async function assertHabitat(
  db: Queryable,
  broadHabitat: string | undefined,
  habitatType: string | undefined,
  paths: { broad: string; type: string },
): Promise<void> {
  if (broadHabitat === undefined) return;
  const [broad] = await db
    .select({ id: habitats.id })
    .from(habitats)
    .where(eq(habitats.broadHabitat, broadHabitat))
    .limit(1);
  if (!broad) throw validationError(paths.broad, 'Not a valid option');
  if (habitatType === undefined) return;
  const [type] = await db
    .select({ id: habitats.id })
    .from(habitats)
    .where(and(eq(habitats.broadHabitat, broadHabitat), eq(habitats.habitatType, habitatType)))
    .limit(1);
  if (!type) throw validationError(paths.type, 'Not a valid option');
}

/** The wizard's next step after `actionId` for the record's type, as a result. */
const next = (
  record: Pick<RequirementRecord, 'id' | 'type'>,
  actionId: string,
  message: string,
): ActionResult => {
  const following = wizardNext(record.type, actionId);
  return {
    message,
    context: { id: record.id, self: `/requirement/${record.id}` },
    ...(following === undefined ? {} : { nextAction: { id: following } }),
  };
};

/** The years an additional nutrient need runs: the round's yearly periods up to its AMP end. */
const additionalYears = async (
  db: Queryable,
  record: RequirementRecord,
  now: Date,
): Promise<number | null> => {
  if (record.marketRoundId === null || record.roundAmpEnd === null) return null;
  const round = await findRoundRecord(db, record.marketRoundId);
  const closes = round?.registrationDates.requirements?.end ?? now;
  return roundYearlyPeriods({ firstDeliveryYear: firstDeliveryYear(closes), ampEnd: record.roundAmpEnd })
    .length;
};

const blankBuyer = {
  creditType: null,
  nutrientType: null,
  nutrientOngoingUnits: null,
  nutrientAdditionalUnits: null,
  nutrientAcceptOngoingOnly: null,
  bioBroadHabitat: null,
  bioHabitatType: null,
  bioDistinctiveness: null,
  bioUnits: null,
  bioIsDivisible: null,
} as const;

const blankPlace = {
  developmentCreditType: null,
  planningRef: null,
  redemptionDate: null,
  lpaId: null,
  ncaId: null,
  subcatchmentId: null,
  nearAddress: null,
  gridReference: null,
  threeWords: null,
  localOnly: false,
} as const;

const blankInvestor = {
  investorUnits: null,
  investorIsDivisible: null,
  investorModule: null,
  investorDistinctiveness: null,
  investorBroadHabitat: null,
} as const;

type Handler<Def extends (typeof REQUIREMENT_ACTIONS)[number]> = RecordActionHandler<
  Def,
  RequirementRecord,
  RequirementRelation
>;

/**
 * A wizard step's handler from its dialog's: the step is the dialog's definition under another id (same fields,
 * same input schema), so the dialog's handler takes its values as they are.
 */
const sameInput = <Def extends (typeof REQUIREMENT_ACTIONS)[number]>(
  handler: Handler<(typeof REQUIREMENT_ACTIONS)[number]> | object,
): Handler<Def> => handler as Handler<Def>;

const isBuyer = (record: RequirementRecord) => record.type === 'Buyer';
const isInvestor = (record: RequirementRecord) => record.type === 'Investor';

/** Update and the wizard's details step: name and type; a new type removes all the requirement's data. */
const detailsHandler = (wizard: boolean): Handler<typeof updateRequirement> => ({
  async load({ record }) {
    return {
      initialValues: { name: record.name, type: record.type },
      settings: { currentType: record.type },
      ...(wizard ? { previous: REQUIREMENT_WIZARD[record.type][2] } : {}),
    };
  },
  async handle({ tx, record, actor, values, now, describe }) {
    const changed = values.type !== record.type;
    // A requirement in a round keeps to it: the owner must take part there in the new type's capacity.
    if (changed && record.marketRoundId !== null)
      await roundForRequirement(tx, {
        roundId: record.marketRoundId,
        path: 'type',
        type: values.type,
        buyer: { id: record.buyerId, name: record.buyerName },
        actor,
      });
    await updateRequirementRow(
      tx,
      record.id,
      changed
        ? { name: values.name, type: values.type, ...blankBuyer, ...blankPlace, ...blankInvestor }
        : { name: values.name },
      now,
    );
    if (changed) {
      await replaceCredits(tx, record.id, [], now);
      await deleteBid(tx, record.id);
      await retireOwnerFiles(tx, { ownerType: 'requirement', ownerId: record.id });
      describe({ removed: 'Changing type removed all data from the credit requirement' });
    }
    const message = changed
      ? `${values.name} is now for ${values.type === 'Buyer' ? 'a buyer' : 'an investor'}`
      : 'Details saved';
    return wizard ? next({ id: record.id, type: values.type }, 'WizardDetails', message) : { message };
  },
});

/** SetBuyerCredits and the wizard's step: the credits, their files and credit lines. */
const buyerCreditsHandler = (wizard: boolean): Handler<typeof setBuyerCredits> => ({
  appliesTo: isBuyer,
  async load({ db, record }) {
    // In a round, only the credits it trades are offered.
    const round = record.marketRoundId === null ? undefined : await findRoundRecord(db, record.marketRoundId);
    return {
      ...(round === undefined
        ? {}
        : {
            options: {
              type: CREDIT_TYPES.filter((type) => (round.services as string[]).includes(type)).map(
                (type) => ({ value: type, label: CREDIT_TYPE_LABELS[type] }),
              ),
            },
          }),
      initialValues:
        record.creditType === null
          ? {}
          : {
              type: record.creditType,
              bioBroadHabitat: record.bioBroadHabitat,
              bioHabitatType: record.bioHabitatType,
              bioDistinctiveness: record.bioDistinctiveness,
              bioUnits: record.bioUnits,
              bioIsDivisible: record.bioIsDivisible,
              nutrientType: record.nutrientType,
              nutrientOngoingUnits: record.nutrientOngoingUnits,
              nutrientAdditionalUnits: record.nutrientAdditionalUnits,
              nutrientAcceptOngoingOnly: record.nutrientAcceptOngoingOnly,
            },
      settings: { ampEnd: record.roundAmpEnd },
    };
  },
  async handle(context) {
    const { tx, record, values, now } = context;
    if (record.marketRoundId !== null) {
      const round = await findRoundRecord(tx, record.marketRoundId);
      if (round !== undefined && !(round.services as string[]).includes(values.type))
        throw validationError('type', `${round.name} does not trade these credits`);
    }
    const lines: CreditLine[] = [];
    if (values.type === 'Biodiversity') {
      await assertHabitat(tx, values.bioBroadHabitat, values.bioHabitatType, {
        broad: 'bioBroadHabitat',
        type: 'bioHabitatType',
      });
      await updateRequirementRow(
        tx,
        record.id,
        {
          ...blankBuyer,
          creditType: values.type,
          bioBroadHabitat: values.bioBroadHabitat ?? null,
          bioHabitatType: values.bioHabitatType ?? null,
          bioDistinctiveness: values.bioDistinctiveness ?? null,
          bioUnits: values.bioUnits ?? null,
          bioIsDivisible: values.bioIsDivisible ?? null,
        },
        now,
      );
      lines.push({ type: values.type, requiredUnits: values.bioUnits ?? 0, isPermanent: true, years: null });
      await storeFieldFile(context, record.id, 'biodiversityMetric', UPLOAD_EXTENSIONS);
    } else {
      const nutrientType = values.nutrientType ?? 'ongoing';
      const ongoing = nutrientType === 'additional' ? null : (values.nutrientOngoingUnits ?? null);
      const additional = nutrientType === 'ongoing' ? null : (values.nutrientAdditionalUnits ?? null);
      await updateRequirementRow(
        tx,
        record.id,
        {
          ...blankBuyer,
          creditType: values.type,
          nutrientType,
          nutrientOngoingUnits: ongoing,
          nutrientAdditionalUnits: additional,
          nutrientAcceptOngoingOnly:
            nutrientType === 'both' ? (values.nutrientAcceptOngoingOnly ?? null) : null,
        },
        now,
      );
      if (ongoing !== null)
        lines.push({ type: values.type, requiredUnits: ongoing, isPermanent: true, years: null });
      if (additional !== null)
        lines.push({
          type: values.type,
          requiredUnits: additional,
          isPermanent: false,
          years: await additionalYears(tx, record, now),
        });
      await storeFieldFile(context, record.id, 'budgetCalculator', UPLOAD_EXTENSIONS);
    }
    await replaceCredits(tx, record.id, lines, now);
    return wizard ? next(record, 'WizardBuyerCredits', 'Credits saved') : { message: 'Credits saved' };
  },
});

/** SetBuyerDevelopment and the wizard's step: where and when the development needs the credits. */
const developmentHandler = (wizard: boolean): Handler<typeof setBuyerDevelopment> => ({
  appliesTo: isBuyer,
  async load({ record }) {
    const creditType = record.developmentCreditType ?? record.creditType;
    const date = record.redemptionDate;
    return {
      initialValues: {
        ...(creditType === null ? {} : { creditType }),
        ...(record.planningRef === null
          ? {}
          : {
              planningRef: record.planningRef,
              lpaId: record.lpaId,
              ncaId: record.ncaId,
              subcatchmentId: record.subcatchmentId,
              nearAddress: record.nearAddress,
              gridReference: record.gridReference,
              threeWords: record.threeWords,
              localOnly: record.localOnly,
              ...(creditType === 'Biodiversity' ? { redemptionDate: date } : { deliveryDate: date }),
            }),
      },
    };
  },
  async handle({ tx, record, values, now }) {
    const nutrient = (NUTRIENT_CREDIT_TYPES as readonly string[]).includes(values.creditType);
    await assertReference(tx, lpas, values.lpaId, 'lpaId');
    if (!nutrient) await assertReference(tx, ncas, values.ncaId, 'ncaId');
    if (nutrient) await assertReference(tx, subcatchments, values.subcatchmentId, 'subcatchmentId');
    await updateRequirementRow(
      tx,
      record.id,
      {
        developmentCreditType: values.creditType,
        planningRef: values.planningRef,
        redemptionDate: values.redemptionDate ?? null,
        lpaId: values.lpaId,
        ncaId: nutrient ? null : (values.ncaId ?? null),
        subcatchmentId: nutrient ? (values.subcatchmentId ?? null) : null,
        nearAddress: values.nearAddress,
        gridReference: values.gridReference ?? null,
        threeWords: values.threeWords ?? null,
        localOnly: values.localOnly,
      },
      now,
    );
    return wizard
      ? next(record, 'WizardBuyerDevelopment', 'Development saved')
      : { message: 'Development saved' };
  },
});

/** SetInvestorCredits and the wizard's step. */
const investorCreditsHandler = (wizard: boolean): Handler<typeof setInvestorCredits> => ({
  appliesTo: isInvestor,
  async load({ record }) {
    return {
      initialValues:
        record.investorUnits === null
          ? {}
          : {
              units: record.investorUnits,
              redemptionDate: record.redemptionDate,
              isDivisible: record.investorIsDivisible,
              module: record.investorModule,
              distinctiveness: record.investorDistinctiveness,
              broadHabitat: record.investorBroadHabitat,
            },
    };
  },
  async handle(context) {
    const { tx, record, values, now } = context;
    await assertHabitat(tx, values.broadHabitat, undefined, { broad: 'broadHabitat', type: 'broadHabitat' });
    await updateRequirementRow(
      tx,
      record.id,
      {
        investorUnits: values.units,
        redemptionDate: values.redemptionDate,
        investorIsDivisible: values.isDivisible,
        investorModule: values.module,
        investorDistinctiveness: values.distinctiveness,
        investorBroadHabitat: values.module === 'Area' ? (values.broadHabitat ?? null) : null,
      },
      now,
    );
    await replaceCredits(
      tx,
      record.id,
      [{ type: 'Biodiversity', requiredUnits: values.units, isPermanent: true, years: null }],
      now,
    );
    await storeFieldFile(context, record.id, 'supportingDocument', DOCUMENT_UPLOAD_EXTENSIONS);
    return wizard ? next(record, 'WizardInvestorCredits', 'Credits saved') : { message: 'Credits saved' };
  },
});

/** SetInvestorLocation and the wizard's step. */
const locationHandler = (wizard: boolean): Handler<typeof setInvestorLocation> => ({
  appliesTo: isInvestor,
  async load({ record }) {
    return {
      initialValues: record.lpaId === null ? {} : { lpa: record.lpaId, nca: record.ncaId },
    };
  },
  async handle({ tx, record, values, now }) {
    await assertReference(tx, lpas, values.lpa, 'lpa');
    await assertReference(tx, ncas, values.nca, 'nca');
    await updateRequirementRow(tx, record.id, { lpaId: values.lpa, ncaId: values.nca }, now);
    return wizard ? next(record, 'WizardInvestorLocation', 'Location saved') : { message: 'Location saved' };
  },
});

/** The handlers: the runner writes each status; these write the requirement's data. */
export const requirementHandlers = {
  Update: detailsHandler(false),
  SetBuyerCredits: buyerCreditsHandler(false),
  SetBuyerDevelopment: developmentHandler(false),
  SetInvestorCredits: investorCreditsHandler(false),
  SetInvestorLocation: locationHandler(false),
  Register: {
    async load({ db, record, actor }) {
      // Only rounds where the owner is Registered in its capacity and that trade every credit it needs.
      const rounds = (await roundChoices(db, { organisationIds: [record.buyerId] })).filter(
        (round) =>
          round.owners[record.type]?.includes(record.buyerId) &&
          record.creditTypes.every((type) => round.services.includes(type)),
      );
      const roundId =
        record.marketRoundId !== null && rounds.some((round) => round.id === record.marketRoundId)
          ? record.marketRoundId
          : rounds.length === 1
            ? rounds[0]?.id
            : undefined;
      return {
        options: { marketRoundId: rounds.map((round) => ({ value: round.id, label: round.name })) },
        initialValues: roundId === undefined ? {} : { marketRoundId: roundId },
        declarations:
          roundId === undefined
            ? []
            : await roundPrompts(db, roundId, 'MarketRoundCreditRequirement_Register', actor),
      };
    },
    async handle({ tx, record, actor, values, now }) {
      const round = await roundForRequirement(tx, {
        roundId: values.marketRoundId,
        path: 'marketRoundId',
        type: record.type,
        buyer: { id: record.buyerId, name: record.buyerName },
        actor,
        creditTypes: record.creditTypes,
      });
      const refusal = registrationRefusal(round, now);
      if (refusal !== undefined) throw new AppError('invalid_status', refusal);
      await assertRoundDeclarations(
        tx,
        round.id,
        'MarketRoundCreditRequirement_Register',
        actor,
        values.declarations,
      );
      if (record.groupId !== null && record.marketRoundId !== round.id)
        throw validationError(
          'marketRoundId',
          `Remove it from ${record.groupName} before registering it in another round`,
        );
      await updateRequirementRow(tx, record.id, { marketRoundId: round.id, marketId: round.marketId }, now);
      await deleteBid(tx, record.id);
      return { message: `Registered for ${round.name}` };
    },
  },
  CompleteRegistration: {
    async load({ record }) {
      const issues = completionIssuesValue(missingParts(record));
      return { initialValues: issues === undefined ? {} : { issues } };
    },
    async handle({ record }) {
      const [missing] = missingParts(record);
      if (missing !== undefined) throw validationError('issues', missing);
      return { message: `Registration of ${record.name} completed` };
    },
  },
  SetBid: {
    async load({ db, record, actor }) {
      const bid = await findBid(db, record.id);
      return {
        initialValues:
          bid === undefined
            ? {}
            : { bid: bid.bid, acceptOngoingOnly: bid.acceptOngoingOnly, bidOngoingOnly: bid.bidOngoingOnly },
        settings: { units: record.units, ampEnd: record.roundAmpEnd },
        declarations:
          record.marketRoundId === null
            ? []
            : await roundPrompts(db, record.marketRoundId, 'MarketRoundCreditRequirement_Bid', actor),
      };
    },
    async handle({ tx, record, actor, values, now }) {
      if (record.marketRoundId !== null)
        await assertRoundDeclarations(
          tx,
          record.marketRoundId,
          'MarketRoundCreditRequirement_Bid',
          actor,
          values.declarations,
        );
      await writeBid(tx, {
        requirementId: record.id,
        bid: values.bid,
        acceptOngoingOnly: values.acceptOngoingOnly,
        bidOngoingOnly: values.acceptOngoingOnly ? (values.bidOngoingOnly ?? null) : null,
        setBy: actor.id,
        now,
      });
      return { message: 'Bid saved' };
    },
  },
  ...requirementAfterRoundHandlers,
  Comment: commentHandler<RequirementRecord, RequirementRelation>({
    subjectType: 'requirement',
    subjectId: (record) => record.id,
  }),
  ReplaceDocument: replaceDocumentHandler<RequirementRecord, RequirementRelation>({
    ownerType: 'requirement',
    ownerId: (record) => record.id,
  }),
  WizardBuyerCredits: sameInput<typeof wizardBuyerCredits>(buyerCreditsHandler(true)),
  WizardInvestorCredits: sameInput<typeof wizardInvestorCredits>(investorCreditsHandler(true)),
  WizardBuyerDevelopment: sameInput<typeof wizardBuyerDevelopment>(developmentHandler(true)),
  WizardInvestorLocation: sameInput<typeof wizardInvestorLocation>(locationHandler(true)),
  WizardDetails: sameInput<typeof wizardDetails>(detailsHandler(true)),
  WizardFinish: {
    async handle({ record }) {
      return {
        message: `${record.name} saved as a draft`,
        context: { id: record.id, self: `/requirement/${record.id}` },
      };
    },
  },
} satisfies RecordHandlers<typeof REQUIREMENT_ACTIONS, RequirementRecord, RequirementRelation>;

/** Participants, agents and the operator may start a requirement; LPAs may not. */
export const requirementCreatePolicies = {
  CreateRequirement: (actor) =>
    isOperator(actor) || actor.organisation?.type === 'PARTICIPANT' || actor.organisation?.type === 'AGENT'
      ? allow
      : deny('Only buyers, investors, their agents and the market operator can add credit requirements'),
} satisfies CreatePolicies<typeof REQUIREMENT_CREATE_ACTIONS>;

/** CreateRequirement: the wizard's first step, a Draft of the owner (in a round where it is registered). */
export const requirementCreateHandlers = {
  CreateRequirement: {
    async load({ db, actor }) {
      const participant = actor.organisation?.type === 'PARTICIPANT' ? actor.organisationId : null;
      const rounds =
        participant === null
          ? await roundChoices(db, { roundIds: (await openRoundsFor(db, actor)).map((round) => round.id) })
          : await roundChoices(db, { organisationIds: [participant] });
      return {
        initialValues: participant === null ? {} : { buyerId: participant },
        ...(participant !== null && rounds.length === 0
          ? { warnings: [{ path: 'buyerId', message: WARNINGS.notRegisteredBuyerOrInvestor }] }
          : {}),
        options: { marketRoundId: roundChoiceOptions(rounds) },
      };
    },
    async handle({ tx, actor, values, now }) {
      const buyer = await ownerFor(tx, actor, values.buyerId);
      const isAgentActor = actor.organisation?.type === 'AGENT';
      if (isAgentActor && values.marketRoundId === undefined)
        throw validationError('marketRoundId', 'Field required');
      const round =
        values.marketRoundId === undefined
          ? undefined
          : await roundForRequirement(tx, {
              roundId: values.marketRoundId,
              path: 'marketRoundId',
              type: values.type,
              buyer,
              actor,
            });
      const agentId = isAgentActor ? actor.organisationId : (values.agentId ?? null);
      if (agentId !== null && !isAgentActor) {
        const [agent] = await tx
          .select({ type: organisations.type })
          .from(organisations)
          .where(eq(organisations.id, agentId))
          .catch(() => []);
        if (agent?.type !== 'AGENT') throw validationError('agentId', 'Not a valid option');
      }
      const id = await insertRequirement(tx, {
        id: randomUUID(),
        name: values.name,
        type: values.type,
        buyerId: buyer.id,
        buyerName: buyer.name,
        agentId,
        marketId: round?.marketId ?? null,
        marketRoundId: round?.id ?? null,
        createdBy: actor.id,
        now,
      });
      return { id, result: next({ id, type: values.type }, 'CreateRequirement', `${values.name} started`) };
    },
  },
} satisfies CreateHandlers<typeof REQUIREMENT_CREATE_ACTIONS>;

/** Requirement actions on `/requirement/{id}` and creation on `/requirements`. */
export const requirementActions = defineEntityActions({
  kind: requirementKind,
  definitions: REQUIREMENT_ACTIONS,
  policies: requirementPolicies,
  guards: requirementGuards,
  handlers: requirementHandlers,
  create: {
    definitions: REQUIREMENT_CREATE_ACTIONS,
    policies: requirementCreatePolicies,
    handlers: requirementCreateHandlers,
  },
});
