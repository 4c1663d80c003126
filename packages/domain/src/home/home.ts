import type { CreditType } from '../vocab/credits.ts';
import type { AgentPermission } from '../vocab/market.ts';

/** The kinds of record a participant's or an agent's home lists. */
export type HomeRecordKind =
  | 'project'
  | 'requirement'
  | 'participation'
  | 'projectGroup'
  | 'requirementGroup';

/** A round as a home item names it. */
export interface HomeRound {
  id: string;
  name: string;
  marketId: string;
  status: string;
}

/** The step a record waits for: the action that moves it on, in the product's words. */
export interface HomeStep {
  actionId: string;
  label: string;
}

/**
 * One record of a participant (or of an agent's client) with its next step and deadline: the step is the first
 * action the reader may run now in `HOME_STEPS` order (the server's availability decides), null when nothing waits.
 */
export interface HomeRecord {
  kind: HomeRecordKind;
  id: string;
  name: string;
  status: string;
  owner: { id: string; name: string };
  round: HomeRound | null;
  nextStep: HomeStep | null;
  /** The closing date of the window the step must be taken in (ISO date), when there is one. */
  deadline: string | null;
}

/** An authority an agent holds for a client in a round, with what it allows. */
export interface HomeAuthority {
  round: { id: string; name: string; marketId: string };
  permissions: AgentPermission[];
}

/** A client of an agent: its records and the authorities the agent holds for it. */
export interface HomeClient {
  id: string;
  name: string;
  authorities: HomeAuthority[];
  records: HomeRecord[];
}

/** `GET /api/home/participant`: the participant's records with their next steps. */
export interface ParticipantHome {
  records: HomeRecord[];
}

/** `GET /api/home/agent`: per client, its records and the agent's authorities. */
export interface AgentHome {
  clients: HomeClient[];
}

/** The kinds of work waiting on the operator. */
export type OperatorWorkKind =
  | 'CompleteParticipation'
  | 'CompleteRequirement'
  | 'ScreenProject'
  | 'ReviewProject'
  | 'CertifyProject'
  | 'WindowClosing'
  | 'SolverTask'
  | 'FailedMail';

/** One piece of work waiting on the operator, with the page where it is done. */
export interface OperatorWorkItem {
  kind: OperatorWorkKind;
  /** What to do, in the product's words ('Screen project'). */
  label: string;
  /** The record or round it is about. */
  subject: string;
  /** A detail: its round, the closing date, the task's state, the failure. */
  detail: string;
  /** The web page where the work is done. */
  link: string;
  /** The date that makes it urgent (ISO date), when there is one. */
  due: string | null;
}

/** A round's activity: participants, projects offered and requirements bid. */
export interface OperatorRoundCounts {
  round: HomeRound;
  marketName: string;
  participants: number;
  projectsOffered: number;
  requirementsBid: number;
}

/** `GET /api/home/operator`: what needs the operator now and each running round's counts. */
export interface OperatorHome {
  attention: OperatorWorkItem[];
  rounds: OperatorRoundCounts[];
}

/** A site credits of a development come from, with its habitats and the units allocated from it. */
export interface LpaSite {
  id: string;
  name: string;
  lpaName: string | null;
  habitats: string[];
  units: number;
}

/** A development in an LPA's area: its planning reference, redemption, allocation and certificate. */
export interface LpaDevelopment {
  id: string;
  name: string;
  planningRef: string | null;
  developer: string;
  status: string;
  redemptionDate: string | null;
  lateRedemption: boolean;
  unitsRequired: number;
  unitsAllocated: number;
  sites: LpaSite[];
  /** The API address of the credit allocation certificate (PDF), once rights are allocated. */
  certificate: string | null;
}

/** A site (project) located in an LPA's area, with its units and compliance. */
export interface LpaAreaSite {
  id: string;
  name: string;
  supplier: string;
  status: string;
  habitats: string[];
  unitsAllocated: number;
  compliance: 'Compliant' | 'NotCompliant' | 'NotChecked';
}

/** Credits allocated and redeemed for an LPA's developments, per credit type. */
export interface LpaCreditTotal {
  creditType: CreditType;
  allocated: number;
  redeemed: number;
}

/** `GET /api/home/lpa`: the area's developments (late redemptions first), its sites and its credit totals. */
export interface LpaHome {
  lpaName: string | null;
  developments: LpaDevelopment[];
  sites: LpaAreaSite[];
  totals: LpaCreditTotal[];
}
