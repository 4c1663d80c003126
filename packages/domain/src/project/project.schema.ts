import type { ChecklistItem } from '../forms/checklist.ts';
import type { EntityAction } from '../forms/wire.ts';
import type { ClearingExclusion } from '../market/clearing-exclusion.ts';
import type { NamedReference } from '../market/market.schema.ts';
import type { ParticipantOutcome } from '../market/match-review.ts';
import type { CreditDuration, CreditType } from '../vocab/credits.ts';
import type { CertificationDecision, ComplianceNextAction, ReviewOutcome } from '../vocab/decisions.ts';
import type { ProjectDocumentKind } from '../vocab/files.ts';
import type { Condition, Distinctiveness, Module, SizeUnit } from '../vocab/habitats.ts';
import type { ProjectGroupType } from '../vocab/market.ts';
import type { MarketRoundStatus, ProjectStatus, ServiceCertificationStatus } from '../vocab/statuses.ts';
import type { MetricDifficulty, StrategicSignificance } from './metric.ts';

/** A document held by a record: its kind (tag), the current file and when it was uploaded. */
export interface RecordDocument {
  tag: string;
  fileId: string;
  name: string;
  uploadedAt: string;
}

/** Units of one yearly period of a service. */
export interface UnitsPerPeriod {
  id: string;
  creditId: string;
  /** ISO dates. */
  start: string;
  end: string;
  units: number;
}

/** A project service (a credit it supplies) as the API answers it. */
export interface ProjectService {
  id: string;
  projectId: string;
  type: CreditType;
  status: ServiceCertificationStatus;
  /** Biodiversity: module, habitat and levels; null for nutrient services. */
  module: Module | null;
  broadHabitat: string | null;
  habitatType: string | null;
  distinctiveness: Distinctiveness | null;
  condition: Condition | null;
  strategicSignificance: StrategicSignificance | null;
  difficulty: MetricDifficulty | null;
  size: number | null;
  sizeUnit: SizeUnit | null;
  mitigationBegins: string;
  creationDate: string | null;
  /** Nutrient: the duration and kg/yr supplied. */
  mitigationDuration: CreditDuration | null;
  area: number | null;
  /** Years the credit runs (null: permanent). */
  years: number | null;
  baselineUnitsLost: number | null;
  /** The statutory-metric estimate of a biodiversity service's units, when its supply is set. */
  metricEstimate: number | null;
  certification: { standard: NamedReference | null; decision: CertificationDecision } | null;
  unitsPerPeriod: UnitsPerPeriod[];
}

/** The biodiversity supply of a project. */
export interface BiodiversitySupply {
  baselineUnitsLost: number;
  yearsToTargetCondition: number;
  /** One gain per year from delivery to target condition. */
  gainsPerYear: number[];
}

/** Where a project is. */
export interface ProjectLocation {
  creditTypes: CreditType[];
  lpa: NamedReference | null;
  nca: NamedReference | null;
  subcatchment: NamedReference | null;
  nearAddress: string;
  gridReference: string | null;
  threeWords: string | null;
}

/** A project's costs and fees in pounds (lifetime totals; the market operator fee is one-off). */
export interface ProjectCosts {
  maintenance: number;
  marketOperator: number;
  complianceMonitoring: number;
  performanceMonitoring: number;
}

/** One screening, review, verification or monitoring outcome in a project's history. */
export interface ProjectOutcome {
  kind: 'screening' | 'preMarketReview' | 'verification' | 'compliance' | 'performance';
  outcome: ReviewOutcome | 'Pass' | 'Fail' | null;
  date: string;
  comment: string | null;
  by: string | null;
  /** A failed compliance check's next action: Rectify by a date, or IrrevocableFailure. */
  nextAction?: { action: ComplianceNextAction; date: string } | null;
}

/** Whether a project's last compliance check failed (the non-compliant registry), and its next action. */
export function complianceStanding(outcomes: readonly ProjectOutcome[]): {
  nonCompliant: boolean;
  nextAction: { action: ComplianceNextAction; date: string } | null;
} {
  const last = outcomes.filter((item) => item.kind === 'compliance').at(-1);
  const nonCompliant = last?.outcome === 'Fail';
  return { nonCompliant, nextAction: nonCompliant ? (last?.nextAction ?? null) : null };
}

/**
 * A project as the API answers it. `offer` is sealed: present only for the operator and the supplier (and its agent
 * with MakeOffersOrBids); absent for anyone else.
 */
export interface Project {
  id: string;
  self: string;
  name: string;
  status: ProjectStatus;
  supplier: NamedReference;
  agent: NamedReference | null;
  type: NamedReference | null;
  market: NamedReference | null;
  round: (NamedReference & { status: MarketRoundStatus }) | null;
  isFixedTerm: boolean;
  mitigationDurations: CreditDuration[];
  services: ProjectService[];
  supply: BiodiversitySupply | null;
  location: ProjectLocation | null;
  costs: ProjectCosts | null;
  offer?: number | null;
  /** Set while the operator keeps its offer out of the clearing (seen by those who see the offer). */
  clearingExclusion?: ClearingExclusion | null;
  group: (NamedReference & { type: ProjectGroupType }) | null;
  documents: RecordDocument[];
  outcomes: ProjectOutcome[];
  /** Its last compliance check failed. */
  nonCompliant: boolean;
  /** The next action of that failed check. */
  complianceNextAction: { action: ComplianceNextAction; date: string } | null;
  createdAt: string;
  updatedAt: string;
  actions: EntityAction[];
  /** What is still needed (type, service, supply, location, costs, offer, agreements after a match); not for an LPA. */
  checklist: ChecklistItem[];
  /** Its outcome once its round's result is accepted (only for those who see its offer or bid). */
  outcome?: ParticipantOutcome | null;
}

/** Sort keys of the projects list. */
export const PROJECT_SORT_KEYS = ['name', 'status', 'supplier', 'round', 'createdAt'] as const;

/**
 * One row of the projects list (`GET /api/projects` answers `Page<ProjectListItem>` plus the collection's create
 * `actions`). Filters: `q` (name), `roundId`, `status`, `typeId`, `creditType` (a service's credit type), `lpaId`;
 * `format=csv` answers every matching row as CSV. Never carries the offer.
 */
export interface ProjectListItem {
  id: string;
  self: string;
  name: string;
  status: ProjectStatus;
  supplier: NamedReference;
  agent: NamedReference | null;
  type: NamedReference | null;
  market: NamedReference | null;
  round: (NamedReference & { status: MarketRoundStatus }) | null;
  /** The credit types of its services, in CREDIT_TYPES order. */
  creditTypes: CreditType[];
  lpa: NamedReference | null;
  group: (NamedReference & { type: ProjectGroupType }) | null;
  createdAt: string;
}

/** A project group as the API answers it. */
export interface ProjectGroup {
  id: string;
  self: string;
  name: string;
  type: ProjectGroupType;
  supplier: NamedReference;
  round: NamedReference & { status: MarketRoundStatus };
  projects: (NamedReference & { self: string; status: ProjectStatus })[];
  createdAt: string;
  actions: EntityAction[];
}

/** The document kind each project file field stores (the server tags the stored file with it). */
export const PROJECT_FILE_FIELD_KINDS = {
  landholderInfo: 'LandholderInfo',
  NatureBasedAgreement: 'NatureBasedAgreement',
  Section106Agreement: 'Section106Agreement',
  screeningSteps: 'ScreeningSteps',
  screeningOutcome: 'ScreeningOutcome',
  statement: 'CertificationStatement',
  report: 'PreMarketReviewReport',
  VerificationReport: 'VerificationReport',
  ComplianceReport: 'ComplianceReport',
  PerformanceReport: 'PerformanceReport',
} as const satisfies Record<string, ProjectDocumentKind>;
