import { z } from 'zod';
import { listQuerySchema } from '../lists/page.ts';
import type { NamedReference } from '../market/market.schema.ts';
import { CREDIT_TYPES, type CreditType } from '../vocab/credits.ts';
import type { CreditRequirementStatus, CreditStatus, ProjectStatus } from '../vocab/statuses.ts';

/** Project statuses the registry holds: from Matched on (MARKET.md section 6). */
export const REGISTRY_PROJECT_STATUSES = [
  'Matched',
  'Contracted',
  'Verified',
  'FailedVerification',
  'Monitoring',
] as const satisfies readonly ProjectStatus[];

/** Requirement statuses the registry holds: from RightsCreated on. */
export const REGISTRY_REQUIREMENT_STATUSES = [
  'RightsCreated',
  'RightsAllocated',
  'CreditsIssued',
  'CreditsRedeemed',
  'Retired',
] as const satisfies readonly CreditRequirementStatus[];

/** Requirement credit statuses the registry holds: from RightsCreated on. */
export const REGISTRY_CREDIT_STATUSES = [
  'RightsCreated',
  'RightsAllocated',
  'Issued',
  'Redeemed',
  'Retired',
] as const satisfies readonly CreditStatus[];
/** One status of a registry credit. */
export type RegistryCreditStatus = (typeof REGISTRY_CREDIT_STATUSES)[number];

/** Sort keys of the credits registry. */
export const REGISTRY_CREDIT_SORT_KEYS = [
  'requirement',
  'status',
  'creditType',
  'units',
  'owner',
  'round',
] as const;

/** A yes/no query flag (`true` or `false`; blank is absent). */
export const queryFlag = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
);

/** What the credits registry can be exported as, besides the JSON page. */
const REGISTRY_EXPORT_FORMATS = ['json', 'csv', 'xlsx'] as const;

/**
 * The query of `GET /api/credits/registry`: search (requirement name, planning reference, owner), filters, sort,
 * page, or `format=csv|xlsx` for every matching row.
 */
export const registryCreditQuerySchema = listQuerySchema(REGISTRY_CREDIT_SORT_KEYS, 'requirement').extend({
  marketId: z.uuid().optional(),
  roundId: z.uuid().optional(),
  creditType: z.enum(CREDIT_TYPES).optional(),
  status: z.enum(REGISTRY_CREDIT_STATUSES).optional(),
  ownerId: z.uuid().optional(),
  lpaId: z.uuid().optional(),
  projectId: z.uuid().optional(),
  requirementId: z.uuid().optional(),
  format: z.enum(REGISTRY_EXPORT_FORMATS).default('json'),
});
/** A parsed credits registry query. */
export type RegistryCreditQuery = z.infer<typeof registryCreditQuerySchema>;

/** One requirement credit in the registry (`GET /api/credits/registry` answers `Page<RegistryCredit>`). */
export interface RegistryCredit {
  id: string;
  self: string;
  status: RegistryCreditStatus;
  creditType: CreditType;
  /** Units allocated at the match (2 decimals). */
  units: number;
  isPermanent: boolean;
  /** Years the credit runs (null: permanent). */
  years: number | null;
  /** The delivery years of its allocations, ascending. */
  deliveryYears: number[];
  owner: NamedReference;
  requirement: NamedReference;
  planningRef: string | null;
  /** The development's local planning authority. */
  lpa: NamedReference | null;
  market: NamedReference | null;
  round: NamedReference | null;
  /** The projects supplying it, by name. */
  sources: NamedReference[];
}

/** One allocation of a credit's trace: units of one delivery year from one project service. */
export interface TraceAllocation {
  year: number;
  units: number;
  origin: 'Clearing' | 'Reserve';
  /** Its project failed irrevocably before delivering it. */
  failed: boolean;
  /** For a reserve allocation: the project whose failed allocation it makes good. */
  replaces: NamedReference | null;
}

/** One supplying project service of a credit. */
export interface TraceSource {
  project: NamedReference & { status: ProjectStatus };
  creditType: CreditType;
  lpa: NamedReference | null;
  nca: NamedReference | null;
  gridReference: string | null;
  allocations: TraceAllocation[];
}

/** A move of a credit's units in the registry's ledger. */
export interface TraceEvent {
  kind: string;
  units: number;
  at: string;
}

/** A credit traced from its sites to its development (`GET /api/credits/registry/{creditId}`). */
export interface CreditTrace {
  credit: RegistryCredit;
  development: {
    requirement: NamedReference & { status: CreditRequirementStatus };
    planningRef: string | null;
    lpa: NamedReference | null;
    redemptionDate: string | null;
  };
  sources: TraceSource[];
  events: TraceEvent[];
}

/** Sort keys of the reserve. */
export const RESERVED_CREDIT_SORT_KEYS = ['project', 'creditType', 'year', 'units', 'round'] as const;

/** The query of `GET /api/reserved-credits`. */
export const reservedCreditQuerySchema = listQuerySchema(RESERVED_CREDIT_SORT_KEYS, 'project').extend({
  marketId: z.uuid().optional(),
  roundId: z.uuid().optional(),
  creditType: z.enum(CREDIT_TYPES).optional(),
  projectId: z.uuid().optional(),
});

/** One reserved credit: what it holds and how much of it has been drawn. */
export interface ReservedCredit {
  id: string;
  self: string;
  creditType: CreditType;
  year: number;
  units: number;
  /** Units it has supplied to replacement allocations. */
  usedUnits: number;
  /** Units written off because its own project failed irrevocably (it holds nothing more). */
  voidedUnits: number;
  remainingUnits: number;
  project: NamedReference;
  lpa: NamedReference | null;
  nca: NamedReference | null;
  market: NamedReference | null;
  round: NamedReference;
}

/** What a reserved credit has covered: a replacement allocation. */
export interface ReserveCover {
  year: number;
  units: number;
  at: string;
  /** The requirement it supplied (null when the reader may not see that requirement). */
  requirement: NamedReference | null;
  /** The project whose failed allocation it replaced. */
  replaces: NamedReference | null;
}

/** Units of a failed project's allocation that market balancing could not replace (`GET /api/round/{id}/balancing`). */
export interface BalancingShortfall {
  project: NamedReference & { self: string };
  requirement: NamedReference & { self: string };
  creditType: CreditType;
  year: number;
  units: number;
  createdAt: string;
}

/** A reserved credit with what it has covered (`GET /api/reserved-credit/{id}`). */
export interface ReservedCreditRecord extends ReservedCredit {
  covered: ReserveCover[];
}

/** The query of `GET /api/registry/totals`. */
export const registryTotalsQuerySchema = z.object({
  marketId: z.preprocess((value) => (value === '' ? undefined : value), z.uuid().optional()),
  roundId: z.preprocess((value) => (value === '' ? undefined : value), z.uuid().optional()),
});

/** The measures of the registry's totals. */
export const REGISTRY_MEASURES = [
  'created',
  'allocated',
  'issued',
  'redeemed',
  'retired',
  'reserve',
] as const;
/** One measure of the totals. */
export type RegistryMeasure = (typeof REGISTRY_MEASURES)[number];
/** Labels of the measures. */
export const REGISTRY_MEASURE_LABELS: Readonly<Record<RegistryMeasure, string>> = {
  created: 'Created',
  allocated: 'Allocated',
  issued: 'Issued',
  redeemed: 'Redeemed',
  retired: 'Retired',
  reserve: 'Held in reserve',
};

/** Units of one credit type per measure. */
export type RegistryAmounts = { creditType: CreditType } & Record<RegistryMeasure, number>;

/** Totals per credit type now, and as a daily series (each point the totals at the end of that day, UTC). */
export interface RegistryTotals {
  now: RegistryAmounts[];
  series: (RegistryAmounts & { date: string })[];
}

/** A site in the public registry: never a price, a payment, a person or an organisation's contact. */
export interface PublicSite {
  name: string;
  status: ProjectStatus;
  lpa: string | null;
  nca: string | null;
  creditTypes: CreditType[];
  /** Units allocated from it (replaced and failed ones left out), 2 decimals. */
  units: number;
}

/** Units per credit type in one area. */
export interface PublicAreaTotal {
  area: string;
  /** The area's code (an LPA's E60 code, an NCA's number), to join with the map's areas; null when not recorded. */
  code: string | null;
  creditType: CreditType;
  sites: number;
  units: number;
}

/** `GET /api/public/registry`. */
export interface PublicRegistry {
  sites: PublicSite[];
  byLpa: PublicAreaTotal[];
  byNca: PublicAreaTotal[];
}

/**
 * `GET /api/requirement/{id}/certificate`: a requirement's credit allocation certificate once its rights are
 * allocated: the number and the day of issue (the allocation's, ISO date), and the certificate that stands: the signed
 * copy uploaded for it when there is one (its latest), else the one Curlew generates (`certificate.pdf`).
 */
export interface RequirementCertificate {
  number: string;
  issuedOn: string | null;
  signedCopy: { fileId: string; name: string; uploadedAt: string } | null;
}
