import {
  CREDIT_TYPE_LABELS,
  CREDIT_TYPES,
  type CreditType,
  complianceStanding,
  type LpaAreaSite,
  type LpaCreditTotal,
  type LpaDevelopment,
  type LpaHome,
  type LpaSite,
} from '@curlew/domain';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Actor } from '../../platform/actions/types.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { allocations } from '../match/match.tables.ts';
import { organisations } from '../organisations/organisations.tables.ts';
import { projectInScope, selectProjectsFor, servicesOf } from '../projects/projects.repo.ts';
import { projects } from '../projects/projects.tables.ts';
import { lpas } from '../refdata/refdata.tables.ts';
import { units2 } from '../registry/registry.repo.ts';
import { creditScope } from '../registry/registry.scope.ts';
import { isLateRedemption } from '../requirements/requirements.present.ts';
import { requirementInScope, selectRequirementsFor } from '../requirements/requirements.repo.ts';
import { creditRequirements, requirementCredits } from '../requirements/requirements.tables.ts';
import { CERTIFIED } from '../settlement/settlement.routes.ts';
import { creditEvents } from '../settlement/settlement.tables.ts';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

/** The most developments and sites an LPA home lists. */
const LPA_HOME_ROWS = 500;

/** The habitats of some projects' services, by project: habitat type, else broad habitat, else the credit type. */
async function habitatsOf(deps: Deps, projectIds: readonly string[]): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>();
  for (const { service } of await servicesOf(deps.db, projectIds)) {
    const name = service.habitatType ?? service.broadHabitat ?? CREDIT_TYPE_LABELS[service.type];
    const list = result.get(service.projectId) ?? [];
    if (!list.includes(name)) list.push(name);
    result.set(service.projectId, list);
  }
  return result;
}

/** Units allocated (not failed), summed by one allocation column for some ids. */
async function allocatedBy(
  deps: Deps,
  column: typeof allocations.projectId | typeof allocations.requirementId,
  ids: readonly string[],
): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await deps.db
    .select({ id: column, units: sql<number>`coalesce(sum(${allocations.units}), 0)::float8` })
    .from(allocations)
    .where(and(inArray(column, [...ids]), isNull(allocations.failedAt)))
    .groupBy(column);
  return new Map(rows.map((row) => [row.id, units2(row.units)]));
}

/** The developments (requirements) of the LPA's area, late redemptions first, with the sites supplying them. */
async function developments(deps: Deps, actor: Actor): Promise<LpaDevelopment[]> {
  const { db } = deps;
  const now = deps.clock();
  const rows = await selectRequirementsFor(db, actor, undefined)
    .orderBy(asc(creditRequirements.redemptionDate), asc(creditRequirements.name))
    .limit(LPA_HOME_ROWS);
  const records = rows.flatMap((row) => {
    const found = requirementInScope(row);
    return found === null ? [] : [found.record];
  });
  const ids = records.map((record) => record.id);
  if (ids.length === 0) return [];
  const required = await db
    .select({
      id: requirementCredits.requirementId,
      units: sql<number>`coalesce(sum(${requirementCredits.requiredUnits}), 0)::float8`,
    })
    .from(requirementCredits)
    .where(inArray(requirementCredits.requirementId, ids))
    .groupBy(requirementCredits.requirementId);
  const allocated = await allocatedBy(deps, allocations.requirementId, ids);
  const supplies = await db
    .select({
      requirementId: allocations.requirementId,
      projectId: projects.id,
      name: projects.name,
      lpaName: lpas.name,
      units: sql<number>`sum(${allocations.units})::float8`,
    })
    .from(allocations)
    .innerJoin(projects, eq(projects.id, allocations.projectId))
    .leftJoin(lpas, eq(lpas.id, projects.lpaId))
    .where(and(inArray(allocations.requirementId, ids), isNull(allocations.failedAt)))
    .groupBy(allocations.requirementId, projects.id, projects.name, lpas.name)
    .orderBy(asc(projects.name));
  const habitats = await habitatsOf(deps, [...new Set(supplies.map((supply) => supply.projectId))]);
  const developmentsList = records.map((record): LpaDevelopment => {
    const sites = supplies
      .filter((supply) => supply.requirementId === record.id)
      .map(
        (supply): LpaSite => ({
          id: supply.projectId,
          name: supply.name,
          lpaName: supply.lpaName,
          habitats: habitats.get(supply.projectId) ?? [],
          units: units2(supply.units),
        }),
      );
    return {
      id: record.id,
      name: record.name,
      planningRef: record.planningRef,
      developer: record.buyerName,
      status: record.status,
      redemptionDate: record.redemptionDate,
      lateRedemption: isLateRedemption(record, now),
      unitsRequired: units2(required.find((row) => row.id === record.id)?.units),
      unitsAllocated: allocated.get(record.id) ?? 0,
      sites,
      certificate: CERTIFIED.includes(record.status) ? `/requirement/${record.id}/certificate.pdf` : null,
    };
  });
  return developmentsList.sort((a, b) => Number(b.lateRedemption) - Number(a.lateRedemption));
}

/** The sites (projects) located in the LPA's area, with their habitats, units allocated and compliance. */
async function areaSites(deps: Deps, actor: Actor): Promise<LpaAreaSite[]> {
  const rows = await selectProjectsFor(deps.db, actor, undefined)
    .orderBy(asc(projects.name))
    .limit(LPA_HOME_ROWS);
  const records = rows.flatMap((row) => {
    const found = projectInScope(row);
    return found === null ? [] : [found.record];
  });
  const ids = records.map((record) => record.id);
  const habitats = await habitatsOf(deps, ids);
  const allocated = await allocatedBy(deps, allocations.projectId, ids);
  return records.map((record) => {
    const checked = record.outcomes.some((outcome) => outcome.kind === 'compliance');
    return {
      id: record.id,
      name: record.name,
      supplier: record.supplierName,
      status: record.status,
      habitats: habitats.get(record.id) ?? [],
      unitsAllocated: allocated.get(record.id) ?? 0,
      compliance: !checked
        ? 'NotChecked'
        : complianceStanding(record.outcomes).nonCompliant
          ? 'NotCompliant'
          : 'Compliant',
    };
  });
}

/** Credits allocated and redeemed for the developments the reader sees, per credit type, from the ledger. */
async function creditTotals(deps: Deps, actor: Actor): Promise<LpaCreditTotal[]> {
  const rows = await deps.db
    .select({
      creditType: creditEvents.creditType,
      kind: creditEvents.kind,
      units: sql<number>`coalesce(sum(${creditEvents.units}), 0)::float8`,
    })
    .from(creditEvents)
    .innerJoin(requirementCredits, eq(requirementCredits.id, creditEvents.requirementCreditId))
    .innerJoin(creditRequirements, eq(creditRequirements.id, requirementCredits.requirementId))
    .where(and(inArray(creditEvents.kind, ['Allocated', 'Redeemed']), creditScope(actor)))
    .groupBy(creditEvents.creditType, creditEvents.kind);
  const sum = (type: CreditType, kind: string) =>
    units2(rows.find((row) => row.creditType === type && row.kind === kind)?.units);
  return CREDIT_TYPES.map((creditType) => ({
    creditType,
    allocated: sum(creditType, 'Allocated'),
    redeemed: sum(creditType, 'Redeemed'),
  })).filter((total) => total.allocated > 0 || total.redeemed > 0);
}

/**
 * An LPA officer's home: the developments of its area by planning reference (late redemptions first) with their
 * units allocated, the sites they come from and the certificate; the sites located in its area; credit totals.
 * Every part reads through the requirement and project scopes (an LPA sees its own area only).
 */
export async function lpaHome(deps: Deps, actor: Actor): Promise<LpaHome> {
  const [lpa] =
    actor.organisationId === null
      ? []
      : await deps.db
          .select({ name: lpas.name })
          .from(organisations)
          .innerJoin(lpas, eq(lpas.id, organisations.lpaId))
          .where(eq(organisations.id, actor.organisationId));
  return {
    lpaName: lpa?.name ?? null,
    developments: await developments(deps, actor),
    sites: await areaSites(deps, actor),
    totals: await creditTotals(deps, actor),
  };
}
