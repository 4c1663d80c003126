import {
  isRoundOpenForBidsAndOffers,
  type PROJECT_ACTIONS,
  type PROJECT_CREATE_ACTIONS,
} from '@curlew/domain';
import { eq } from 'drizzle-orm';
import { allow, deny, denyRole, isOperator, OPERATOR_ONLY } from '../../platform/actions/policy.ts';
import type {
  CreatePolicies,
  GuardAnswer,
  RecordGuards,
  RecordPolicies,
  Subject,
} from '../../platform/actions/types.ts';
import type { Queryable } from '../../platform/db/connect.ts';
import { exclusionGuards } from '../match/exclusion.ts';
import { groupChangeRefusal, registrationRefusal } from '../rounds/rounds.registration.ts';
import { missingAgreements } from './projects.checklist.ts';
import type { ProjectRecord, ProjectRelation } from './projects.kind.ts';
import { documentTagsOf } from './projects.present.ts';
import { projectServices } from './projects.tables.ts';

type ProjectSubject = Subject<ProjectRecord, ProjectRelation>;

/** Sentence of a local planning authority trying to change a project. */
const LPA_READ_ONLY = 'Local planning authorities can only read projects';
/** Sentence of an agent without RegisterForRound authority for the project's round. */
const NEEDS_REGISTER_AUTHORITY = 'You need approved authority with permission to register for this round';
/** Sentence of an agent without MakeOffersOrBids authority for the project's round. */
const NEEDS_OFFER_AUTHORITY =
  'You need approved authority with permission to make offers or bids for this round';

/** The supplier's side: the operator for a supplier, its members, its agent with RegisterForRound for the round. */
const supplierSide = ({ relation, permissions }: ProjectSubject) => {
  if (relation === 'operator' || relation === 'member') return allow;
  if (relation === 'agent')
    return permissions.includes('RegisterForRound') ? allow : deny(NEEDS_REGISTER_AUTHORITY);
  return denyRole(LPA_READ_ONLY);
};

/** The operator's decisions (screening, review, certification, contract, verification, monitoring). */
const operatorDecision = ({ relation }: ProjectSubject) =>
  relation === 'operator' ? allow : denyRole(relation === 'lpa' ? LPA_READ_ONLY : OPERATOR_ONLY);

/** The sealed offer: the supplier's members and its agent with MakeOffersOrBids for the round. */
const offerer = ({ relation, permissions }: ProjectSubject) => {
  if (relation === 'member') return allow;
  if (relation === 'agent')
    return permissions.includes('MakeOffersOrBids') ? allow : deny(NEEDS_OFFER_AUTHORITY);
  if (relation === 'operator') return denyRole('Only the supplier or its agent can make an offer');
  return denyRole(LPA_READ_ONLY);
};

/** Anyone in scope who may change projects (agents with any authority for the round, never an LPA). */
const participantOrOperator = ({ relation }: ProjectSubject) =>
  relation === 'lpa' ? denyRole(LPA_READ_ONLY) : allow;

/**
 * Who may run each project action (SPEC 6, MARKET.md section 2): the supplier's side builds and registers its
 * projects; the operator screens, reviews, certifies, contracts, verifies and monitors them; only the supplier and
 * its agent with MakeOffersOrBids make the sealed offer; local planning authorities only read.
 */
export const projectPolicies = {
  Update: supplierSide,
  AddBiodiversityService: supplierSide,
  EditBiodiversityService: supplierSide,
  AddNutrientService: supplierSide,
  EditNutrientService: supplierSide,
  SetBiodiversitySupply: supplierSide,
  SetLocation: supplierSide,
  SetCosts: supplierSide,
  Register: supplierSide,
  CompleteRegistration: supplierSide,
  Reregister: supplierSide,
  AddScreeningOutcome: operatorDecision,
  SetPreMarketReviewOutcome: operatorDecision,
  SetCertificationDecision: operatorDecision,
  SetOffer: offerer,
  ExcludeFromClearing: operatorDecision,
  ReinstateInClearing: operatorDecision,
  UploadNatureBasedAgreement: participantOrOperator,
  UploadSection106Agreement: participantOrOperator,
  Contract: operatorDecision,
  Verify: operatorDecision,
  RecordComplianceCheck: operatorDecision,
  RecordPerformanceCheck: operatorDecision,
  AddToGroup: supplierSide,
  RemoveFromGroup: supplierSide,
  Comment: participantOrOperator,
  ReplaceDocument: supplierSide,
} satisfies RecordPolicies<typeof PROJECT_ACTIONS, ProjectRecord, ProjectRelation>;

/** Registered Suppliers (their own), their agents and the operator (for a supplier) add projects. */
export const projectCreatePolicies = {
  CreateProject: (actor) =>
    isOperator(actor) || actor.organisation?.type === 'PARTICIPANT' || actor.organisation?.type === 'AGENT'
      ? allow
      : denyRole('Only suppliers, their agents and the market operator can add projects'),
} satisfies CreatePolicies<typeof PROJECT_CREATE_ACTIONS>;

const ok: GuardAnswer = { ok: true };
const refuse = (reason: string): GuardAnswer => ({ ok: false, reason });

const servicesOfType = async (db: Queryable, projectId: string, nutrient: boolean): Promise<number> => {
  const rows = await db
    .select({ type: projectServices.type })
    .from(projectServices)
    .where(eq(projectServices.projectId, projectId));
  return rows.filter((row) => (row.type === 'Biodiversity') !== nutrient).length;
};

/** A project joins or leaves a group only while its round allows group changes (until bids and offers close). */
const groupChange = (record: ProjectRecord): GuardAnswer => {
  const refusal =
    record.roundName === null || record.roundStatus === null
      ? undefined
      : groupChangeRefusal({ name: record.roundName, status: record.roundStatus });
  return refusal === undefined ? ok : refuse(refusal);
};

/**
 * When project actions may run apart from the status: registration completes while the round is Open and its
 * projects window open; offers only while the round is open for bids and offers; a contract needs both agreements;
 * a project joins or leaves a group only while its round allows group changes.
 */
export const projectGuards = {
  CompleteRegistration: async ({ record, now }) => {
    if (record.roundName === null || record.roundDates === null || record.roundStatus === null)
      return refuse('Register the project for a market round first');
    const refusal = registrationRefusal(
      { name: record.roundName, status: record.roundStatus, registrationDates: record.roundDates },
      'projects',
      now,
    );
    return refusal === undefined ? ok : refuse(refusal);
  },
  SetOffer: async ({ record }) =>
    record.roundStatus !== null && isRoundOpenForBidsAndOffers({ status: record.roundStatus })
      ? ok
      : refuse(
          `Offers can only be made while ${record.roundName ?? 'the round'} is open for bids and offers`,
        ),
  ...exclusionGuards<ProjectRecord>('offer'),
  Contract: async ({ db, record }) => {
    const sentence = missingAgreements(await documentTagsOf(db, record.id));
    return sentence === undefined ? ok : refuse(sentence);
  },
  EditBiodiversityService: async ({ db, record }) =>
    (await servicesOfType(db, record.id, false)) > 0
      ? ok
      : refuse('This project has no biodiversity service'),
  EditNutrientService: async ({ db, record }) =>
    (await servicesOfType(db, record.id, true)) > 0 ? ok : refuse('This project has no nutrient service'),
  SetBiodiversitySupply: async ({ db, record }) =>
    (await servicesOfType(db, record.id, false)) > 0
      ? ok
      : refuse('Add a biodiversity service before setting its supply'),
  AddToGroup: async ({ record }) =>
    record.marketRoundId === null
      ? refuse('Register the project for a market round before adding it to a group')
      : groupChange(record),
  RemoveFromGroup: async ({ record }) =>
    record.groupId === null ? refuse('This project is not in a project group') : groupChange(record),
} satisfies RecordGuards<typeof PROJECT_ACTIONS, ProjectRecord, ProjectRelation>;
