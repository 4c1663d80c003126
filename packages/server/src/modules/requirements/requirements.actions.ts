import { randomUUID } from 'node:crypto';
import {
  completionIssuesValue,
  ONGOING_ONLY_NOT_ASKED,
  ongoingOnlyRefusal,
  RECORD_PAGES,
  REQUIREMENT_ACTIONS,
  REQUIREMENT_CREATE_ACTIONS,
  WARNINGS,
  type wizardBuyerCredits,
  type wizardBuyerDevelopment,
  type wizardDetails,
  type wizardInvestorCredits,
  type wizardInvestorLocation,
} from '@curlew/domain';
import { eq } from 'drizzle-orm';
import { isRecordId } from '../../platform/actions/ids.ts';
import { defineEntityActions } from '../../platform/actions/runner.ts';
import type { CreateHandlers, RecordHandlers } from '../../platform/actions/types.ts';
import type { Queryable } from '../../platform/db/connect.ts';
import { validationError } from '../../platform/errors.ts';
import { commentHandler } from '../comments/comment.handler.ts';
import { replaceDocumentHandler } from '../files/replace-document.handler.ts';
import { exclusionHandlers } from '../match/exclusion.ts';
import { organisations } from '../organisations/organisations.tables.ts';
import { openRoundsFor, registeredRoundChoices, roundChoiceOptions } from '../rounds/rounds.choice.ts';
import { assertDeclarationsAnswered, declarationsAsked } from '../rounds/rounds.registration.ts';
import { requirementAfterRoundHandlers } from './requirements.after-round.ts';
import { missingParts } from './requirements.checklist.ts';
import { type RequirementRecord, type RequirementRelation, requirementKind } from './requirements.kind.ts';
import { ownerFor } from './requirements.owner.ts';
import { requirementCreatePolicies, requirementGuards, requirementPolicies } from './requirements.policy.ts';
import { registerInRound, wizardFinishHandler } from './requirements.register.ts';
import { roundForRequirement } from './requirements.registration.ts';
import { findBid, insertRequirement, updateRequirementRow, writeBid } from './requirements.repo.ts';
import {
  buyerCreditsHandler,
  detailsHandler,
  developmentHandler,
  investorCreditsHandler,
  locationHandler,
  next,
  sameInput,
} from './requirements.step-handlers.ts';

/** What decides whether SetBid may accept ongoing units alone. */
const ongoingFacts = (record: RequirementRecord) => ({
  creditTypes: record.creditTypes,
  inGroup: record.groupId !== null,
});

/** The capacities an owner of requirements takes part in a round with. */
const REQUIREMENT_CAPACITIES = ['Buyer', 'Investor'] as const;

/** The rounds a requirement may be put in: those where its owners are Registered buyers or investors. */
const requirementRoundChoices = (
  db: Queryable,
  filter: { organisationIds?: string[]; roundIds?: string[] },
) => registeredRoundChoices(db, REQUIREMENT_CAPACITIES, filter);

/** The handlers: the runner writes each status; these write the requirement's data. */
const requirementHandlers = {
  Update: detailsHandler(false),
  SetBuyerCredits: buyerCreditsHandler(false),
  SetBuyerDevelopment: developmentHandler(false),
  SetInvestorCredits: investorCreditsHandler(false),
  SetInvestorLocation: locationHandler(false),
  Register: {
    async load({ db, record, actor }) {
      // Only rounds where the owner is Registered in its capacity and that trade every credit it needs.
      const rounds = (await requirementRoundChoices(db, { organisationIds: [record.buyerId] })).filter(
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
            : await declarationsAsked(db, roundId, 'MarketRoundCreditRequirement_Register', actor),
      };
    },
    async handle({ tx, record, actor, values, now }) {
      const round = await registerInRound(tx, {
        record,
        actor,
        roundId: values.marketRoundId,
        declarations: values.declarations,
        now,
        path: 'marketRoundId',
      });
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
        initialValues: {
          ...(ongoingOnlyRefusal(ongoingFacts(record)) === undefined
            ? {}
            : { [ONGOING_ONLY_NOT_ASKED]: true }),
          ...(bid === undefined
            ? {}
            : { bid: bid.bid, acceptOngoingOnly: bid.acceptOngoingOnly, bidOngoingOnly: bid.bidOngoingOnly }),
        },
        settings: { units: record.units, ampEnd: record.roundAmpEnd },
        declarations:
          record.marketRoundId === null
            ? []
            : await declarationsAsked(db, record.marketRoundId, 'MarketRoundCreditRequirement_Bid', actor),
      };
    },
    async handle({ tx, record, actor, values, now }) {
      const refusal = values.acceptOngoingOnly ? ongoingOnlyRefusal(ongoingFacts(record)) : undefined;
      if (refusal !== undefined) throw validationError('acceptOngoingOnly', refusal);
      if (record.marketRoundId !== null)
        await assertDeclarationsAnswered(
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
  ...exclusionHandlers<RequirementRecord>({
    noun: 'bid',
    recordNoun: 'credit requirement',
    ownerId: (record) => record.buyerId,
    pagePath: (record) => RECORD_PAGES.requirement(record.id),
    write: (tx, id, exclusion, now) => updateRequirementRow(tx, id, exclusion, now),
  }),
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
  WizardFinish: wizardFinishHandler,
} satisfies RecordHandlers<typeof REQUIREMENT_ACTIONS, RequirementRecord, RequirementRelation>;

/** CreateRequirement: the wizard's first step, a Draft of the owner (in a round where it is registered). */
const requirementCreateHandlers = {
  CreateRequirement: {
    async load({ db, actor }) {
      const participant = actor.organisation?.type === 'PARTICIPANT' ? actor.organisationId : null;
      const rounds =
        participant === null
          ? await requirementRoundChoices(db, {
              roundIds: (
                await openRoundsFor(db, actor, {
                  capacities: REQUIREMENT_CAPACITIES,
                  agentPermission: 'RegisterForRound',
                })
              ).map((round) => round.id),
            })
          : await requirementRoundChoices(db, { organisationIds: [participant] });
      return {
        initialValues: participant === null ? {} : { buyerId: participant },
        ...(participant !== null && rounds.length === 0
          ? { warnings: [{ path: 'buyerId', message: WARNINGS.notRegisteredBuyerOrInvestor }] }
          : {}),
        options: { marketRoundId: roundChoiceOptions(rounds, { capacity: 'type', organisation: 'buyerId' }) },
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
        const [agent] = isRecordId(agentId)
          ? await tx
              .select({ type: organisations.type })
              .from(organisations)
              .where(eq(organisations.id, agentId))
          : [];
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
