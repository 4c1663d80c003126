import { createHash } from 'node:crypto';
import { CREDIT_TYPE_LABELS, type CreditType } from '@curlew/domain';
import { and, asc, eq, isNull, min } from 'drizzle-orm';
import { activity } from '../../platform/actions/activity.tables.ts';
import type { Queryable } from '../../platform/db/connect.ts';
import { allocations } from '../match/match.tables.ts';
import { projectServices, projects } from '../projects/projects.tables.ts';
import { lpas, ncas, subcatchments } from '../refdata/refdata.tables.ts';
import type { RequirementRecord } from '../requirements/requirements.kind.ts';
import { requirementCredits } from '../requirements/requirements.tables.ts';
import { creditHoldings } from './settlement.ledger.ts';
import { creditEvents } from './settlement.tables.ts';

/** One source of a certificate: units of a project's service in a delivery year. */
export interface CertificateSource {
  project: string;
  creditType: string;
  year: number;
  units: number;
  fromReserve: boolean;
  lpa: string | null;
  nca: string | null;
  subcatchment: string | null;
  gridReference: string | null;
}

/**
 * A requirement's certificate number: 'CAC-' and eight characters drawn from its record, so the same requirement
 * always has the same number, on every download and on its page.
 */
export const certificateNumber = (requirementId: string): string => {
  const digest = createHash('sha256').update(`credit-allocation-certificate:${requirementId}`).digest('hex');
  return `CAC-${digest.slice(0, 4)}-${digest.slice(4, 8)}`.toUpperCase();
};

/**
 * When a requirement's rights were allocated: its credits' first Allocated move in the registry's ledger, else the
 * AllocateRights entry of its activity; null when neither is recorded.
 */
export async function allocatedAt(db: Queryable, requirementId: string): Promise<Date | null> {
  const [moved] = await db
    .select({ at: min(creditEvents.at) })
    .from(creditEvents)
    .innerJoin(requirementCredits, eq(requirementCredits.id, creditEvents.requirementCreditId))
    .where(and(eq(requirementCredits.requirementId, requirementId), eq(creditEvents.kind, 'Allocated')));
  if (moved?.at) return moved.at;
  const [entry] = await db
    .select({ at: min(activity.at) })
    .from(activity)
    .where(
      and(
        eq(activity.subjectType, 'requirement'),
        eq(activity.subjectId, requirementId),
        eq(activity.action, 'AllocateRights'),
      ),
    );
  return entry?.at ?? null;
}

/** What a credit allocation certificate states. */
export interface CertificateData {
  /** Its number, stable for the requirement. */
  number: string;
  /** The day the rights were allocated (null when not recorded). */
  issuedOn: Date | null;
  requirement: string;
  owner: string;
  planningRef: string | null;
  redemptionDate: string | null;
  developmentLpa: string | null;
  developmentPlace: string | null;
  market: string | null;
  round: string | null;
  status: string;
  credits: { creditType: string; units: number; duration: string }[];
  sources: CertificateSource[];
}

const typeLabel = (type: CreditType) => CREDIT_TYPE_LABELS[type];

/** Gathers what a requirement's certificate states: its credits, their source projects and places, the round. */
export async function certificateData(db: Queryable, record: RequirementRecord): Promise<CertificateData> {
  const holdings = await creditHoldings(db, record.id);
  const rows = await db
    .select({
      project: projects.name,
      creditType: projectServices.type,
      year: allocations.year,
      units: allocations.units,
      origin: allocations.origin,
      lpa: lpas.name,
      nca: ncas.name,
      subcatchment: subcatchments.name,
      gridReference: projects.gridReference,
    })
    .from(allocations)
    .innerJoin(projects, eq(projects.id, allocations.projectId))
    .innerJoin(projectServices, eq(projectServices.id, allocations.serviceId))
    .leftJoin(lpas, eq(lpas.id, projects.lpaId))
    .leftJoin(ncas, eq(ncas.id, projects.ncaId))
    .leftJoin(subcatchments, eq(subcatchments.id, projects.subcatchmentId))
    .where(and(eq(allocations.requirementId, record.id), isNull(allocations.failedAt)))
    .orderBy(asc(projects.name), asc(allocations.year), asc(allocations.id));
  return {
    number: certificateNumber(record.id),
    issuedOn: await allocatedAt(db, record.id),
    requirement: record.name,
    owner: record.buyerName,
    planningRef: record.planningRef,
    redemptionDate: record.redemptionDate,
    developmentLpa: record.lpaName,
    developmentPlace: record.ncaName ?? record.subcatchmentName,
    market: record.marketName,
    round: record.roundName,
    status: record.status,
    credits: holdings.map((credit) => ({
      creditType: typeLabel(credit.type),
      units: credit.units,
      duration: credit.isPermanent
        ? 'Permanent'
        : `${credit.years ?? 1} year${credit.years === 1 ? '' : 's'}`,
    })),
    sources: rows.map((row) => ({
      project: row.project,
      creditType: typeLabel(row.creditType),
      year: row.year,
      units: row.units,
      fromReserve: row.origin === 'Reserve',
      lpa: row.lpa,
      nca: row.nca,
      subcatchment: row.subcatchment,
      gridReference: row.gridReference,
    })),
  };
}
