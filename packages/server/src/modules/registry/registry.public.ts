import {
  type CreditType,
  type PublicAreaTotal,
  type PublicRegistry,
  type PublicSite,
  REGISTRY_PROJECT_STATUSES,
} from '@curlew/domain';
import { type AnyColumn, and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/connect.ts';
import { allocations, reservedCredits } from '../match/match.tables.ts';
import { projects } from '../projects/projects.tables.ts';
import { lpas, ncas } from '../refdata/refdata.tables.ts';
import { requirementCredits } from '../requirements/requirements.tables.ts';
import { units2 } from './registry.repo.ts';

/** The most sites the public view lists. */
const PUBLIC_SITES_MAX = 5000;

const sum = (column: AnyColumn) => sql<number>`sum(${column})`.mapWith(Number);

/** Where a public site lies, for the GeoJSON: never in the JSON or CSV (a key for its stable point, never shown). */
export interface PublicSitePlace {
  key: string;
  gridReference: string | null;
  lpaCode: string | null;
}

/** The public registry with, for each of its sites in the same order, where it lies. */
export interface PublicRegistryWithPlaces {
  registry: PublicRegistry;
  places: PublicSitePlace[];
}

/**
 * The public registry (no sign-in): every site from Matched on with its area, credit types, units (allocated and
 * not failed, plus what it holds in reserve) and status, and the units per credit type by LPA and by NCA. It reads
 * only names, areas, statuses and units: never a price, a payment, an organisation or a person.
 */
export async function publicRegistry(db: Queryable): Promise<PublicRegistry> {
  return (await publicRegistryWithPlaces(db)).registry;
}

/** The public registry and where each site lies (its grid reference and LPA code), for the map's GeoJSON. */
export async function publicRegistryWithPlaces(db: Queryable): Promise<PublicRegistryWithPlaces> {
  const sites = await db
    .select({
      id: projects.id,
      name: projects.name,
      status: projects.status,
      lpa: lpas.name,
      lpaCode: lpas.code,
      nca: ncas.name,
      ncaNumber: ncas.number,
      gridReference: projects.gridReference,
    })
    .from(projects)
    .leftJoin(lpas, eq(lpas.id, projects.lpaId))
    .leftJoin(ncas, eq(ncas.id, projects.ncaId))
    .where(inArray(projects.status, [...REGISTRY_PROJECT_STATUSES]))
    .orderBy(asc(lpas.name), asc(projects.name), asc(projects.id))
    .limit(PUBLIC_SITES_MAX);
  const ids = sites.map((site) => site.id);
  const units = new Map<string, Map<CreditType, number>>();
  const add = (projectId: string, creditType: CreditType, amount: number) => {
    const byType = units.get(projectId) ?? new Map<CreditType, number>();
    byType.set(creditType, (byType.get(creditType) ?? 0) + amount);
    units.set(projectId, byType);
  };
  if (ids.length > 0) {
    const allocated = await db
      .select({
        projectId: allocations.projectId,
        creditType: requirementCredits.type,
        units: sum(allocations.units),
      })
      .from(allocations)
      .innerJoin(requirementCredits, eq(requirementCredits.id, allocations.requirementCreditId))
      .where(and(inArray(allocations.projectId, ids), isNull(allocations.failedAt)))
      .groupBy(allocations.projectId, requirementCredits.type);
    for (const row of allocated) add(row.projectId, row.creditType, row.units);
    const reserved = await db
      .select({
        projectId: reservedCredits.projectId,
        creditType: reservedCredits.creditType,
        units: sum(reservedCredits.units),
      })
      .from(reservedCredits)
      .where(inArray(reservedCredits.projectId, ids))
      .groupBy(reservedCredits.projectId, reservedCredits.creditType);
    for (const row of reserved) add(row.projectId, row.creditType, row.units);
  }
  const answer: PublicSite[] = sites.map((site) => {
    const byType = units.get(site.id) ?? new Map<CreditType, number>();
    return {
      name: site.name,
      status: site.status,
      lpa: site.lpa,
      nca: site.nca,
      creditTypes: [...byType.keys()].sort(),
      units: units2([...byType.values()].reduce((total, amount) => total + amount, 0)),
    };
  });
  type SiteRow = (typeof sites)[number];
  const byArea = (
    areaOf: (site: SiteRow) => { name: string | null; code: string | null },
  ): PublicAreaTotal[] => {
    const totals = new Map<string, PublicAreaTotal>();
    for (const site of sites) {
      const { name, code } = areaOf(site);
      const area = name ?? 'Not recorded';
      for (const [creditType, amount] of units.get(site.id) ?? []) {
        const key = `${area}\u0000${code}\u0000${creditType}`;
        const total = totals.get(key) ?? {
          area,
          code: name === null ? null : code,
          creditType,
          sites: 0,
          units: 0,
        };
        total.sites += 1;
        total.units += amount;
        totals.set(key, total);
      }
    }
    return [...totals.values()]
      .map((total) => ({ ...total, units: units2(total.units) }))
      .sort((a, b) => a.area.localeCompare(b.area) || a.creditType.localeCompare(b.creditType));
  };
  return {
    registry: {
      sites: answer,
      byLpa: byArea((site) => ({ name: site.lpa, code: site.lpaCode })),
      byNca: byArea((site) => ({
        name: site.nca,
        code: site.ncaNumber === null ? null : String(site.ncaNumber),
      })),
    },
    places: sites.map((site) => ({ key: site.id, gridReference: site.gridReference, lpaCode: site.lpaCode })),
  };
}
