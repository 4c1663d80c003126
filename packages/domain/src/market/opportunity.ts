import { z } from 'zod';
import { defineAction } from '../forms/action.ts';
import type { CreditType } from '../vocab/credits.ts';
import type { RegistrationPeriod, ReserveAppliesTo } from '../vocab/market.ts';
import type { CreditRequirementStatus, MarketRoundStatus, ProjectStatus } from '../vocab/statuses.ts';
import type { RegistrationWindow } from './market.schema.ts';
import { ROUND_ENTITY } from './round.actions.ts';

/**
 * The opportunity statement of a round (before bids open): the registered supply and demand per credit type and
 * area, the operator fee and monitoring costs, the key dates and the reserve, so that suppliers and buyers can price
 * their offers and bids. No record's name, owner, offer or bid is in it.
 */

/** Round statuses in which the operator publishes, updates and shows the statement publicly: registration closed. */
export const OPPORTUNITY_PUBLISH_STATUSES = ['Closed'] as const satisfies readonly MarketRoundStatus[];

/** Project statuses that count as registered supply: in the round, not a draft, not failed. */
export const OPPORTUNITY_SUPPLY_STATUSES = [
  'Provisional',
  'Registered',
  'Screened',
  'PendingScreening',
  'ApprovedRound',
  'PendingRound',
  'Certified',
  'Offered',
] as const satisfies readonly ProjectStatus[];

/** Credit requirement statuses that count as registered demand: in the round and not a draft. */
export const OPPORTUNITY_DEMAND_STATUSES = [
  'Provisional',
  'Registered',
  'Bid',
] as const satisfies readonly CreditRequirementStatus[];

/** The kinds of area a statement breaks supply and demand down by. */
export const OPPORTUNITY_AREA_KINDS = ['LPA', 'NCA', 'Subcatchment'] as const;
/** One kind of area. */
export type OpportunityAreaKind = (typeof OPPORTUNITY_AREA_KINDS)[number];
/** The name shown for records that do not give an area of that kind. */
export const OPPORTUNITY_NO_AREA = 'Not given';

/** Supply and demand of one credit type in one area. */
export interface OpportunityArea {
  creditType: CreditType;
  kind: OpportunityAreaKind;
  /** The area's name, or OPPORTUNITY_NO_AREA. */
  area: string;
  supplyUnits: number;
  demandUnits: number;
}

/**
 * One credit type's registered supply and demand in units, how many projects and requirements they come from, and
 * the operator fee and monitoring costs (in £) of the projects supplying it: the totals and per unit of supply.
 */
export interface OpportunityCreditType {
  creditType: CreditType;
  supplyUnits: number;
  demandUnits: number;
  projects: number;
  requirements: number;
  marketOperatorFee: number;
  complianceMonitoring: number;
  performanceMonitoring: number;
  /** The three fees together per unit of supply, in £; null without supply. */
  feesPerUnit: number | null;
}

/** What is published: the figures as they were when the operator last published or updated the statement. */
export interface OpportunityFigures {
  round: { id: string; name: string };
  creditTypes: OpportunityCreditType[];
  areas: OpportunityArea[];
  dates: {
    registration: Partial<Record<RegistrationPeriod, RegistrationWindow>>;
    /** The AMP end (ISO date) of a nutrient round; null otherwise. */
    ampEnd: string | null;
  };
  reserve: { percentage: number | null; appliesTo: ReserveAppliesTo | null; agreedWithEMB: boolean };
}

/** The statement as published (`GET /api/round/{id}/opportunity`, `GET /api/public/round/{id}/opportunity`). */
export interface OpportunityStatement extends OpportunityFigures {
  /** ISO instant of the last publication or update. */
  publishedAt: string;
  /** Whether it is also shown without signing in. */
  isPublic: boolean;
}

/** A signed-in reader's answer: the statement, or null while none is published. */
export interface OpportunityStatementAnswer {
  statement: OpportunityStatement | null;
}

/** The most public statements the public registry lists (the latest published or updated first). */
export const PUBLIC_OPPORTUNITY_LIST_LIMIT = 100;

/** One round whose statement anyone may read (`GET /api/public/opportunity-statements`). */
export interface PublicOpportunityListing {
  /** The round, to open its statement by (`/public/round/{roundId}/opportunity`); never shown to people. */
  roundId: string;
  roundName: string;
  marketName: string;
  /** ISO instant of the statement's last publication or update. */
  publishedAt: string;
}

/** The rounds whose statement the operator made public, at most PUBLIC_OPPORTUNITY_LIST_LIMIT of them. */
export interface PublicOpportunityListings {
  statements: PublicOpportunityListing[];
}

/** The field of the publish and visibility actions. */
const publicField = {
  id: 'isPublic',
  type: 'Checkbox',
  label: 'Also show it on the public registry, without signing in',
} as const;

/** PublishOpportunityStatement: the operator publishes the figures of the round's registered records. */
export const publishOpportunityStatement = defineAction({
  id: 'PublishOpportunityStatement',
  entity: ROUND_ENTITY,
  title: 'Publish opportunity statement',
  actionLabel: 'Publish',
  text: "Publish the round's opportunity statement? Its participants see the registered supply and demand per credit type and area, the fees, the key dates and the reserve; no names and no prices.",
  fields: [publicField],
  input: z.object({ isPublic: z.boolean().optional() }),
  lifecycle: { from: OPPORTUNITY_PUBLISH_STATUSES },
});

/** UpdateOpportunityStatement: the operator publishes the figures again from the records as they are now. */
export const updateOpportunityStatement = defineAction({
  id: 'UpdateOpportunityStatement',
  entity: ROUND_ENTITY,
  title: 'Update opportunity statement',
  actionLabel: 'Update',
  text: 'Update the opportunity statement from the records as they are now? The figures published before are replaced.',
  modal: true,
  fields: [],
  input: z.object({}),
  lifecycle: { from: OPPORTUNITY_PUBLISH_STATUSES },
});

/** SetOpportunityStatementVisibility: whether the published statement is also shown without signing in. */
export const setOpportunityStatementVisibility = defineAction({
  id: 'SetOpportunityStatementVisibility',
  entity: ROUND_ENTITY,
  title: 'Public or private opportunity statement',
  actionLabel: 'Save',
  fields: [publicField],
  input: z.object({ isPublic: z.boolean().optional() }),
  lifecycle: { from: OPPORTUNITY_PUBLISH_STATUSES },
});
