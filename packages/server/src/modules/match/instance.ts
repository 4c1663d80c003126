import {
  biodiversityServiceUnits,
  CREDIT_TYPE_LABELS,
  excludedReason,
  moneyProblem,
  type ProjectCosts,
  roundYearlyPeriods,
  unitsProblem,
} from '@curlew/domain';
import { type Instance, projectSchema } from '@curlew/matching';
import { statusWords } from '../../platform/actions/status.ts';
import {
  type EngineRequirement,
  entryProblem,
  money2,
  ONGOING_ONLY_SUFFIX,
  requirementEntry,
  units6,
} from './instance.requirements.ts';
import type {
  BuiltInstance,
  ClearingProject,
  ClearingRequirement,
  ClearingService,
  InstanceContext as Context,
  LeftOut,
  LpaAdjacency,
  MatchRound,
} from './instance.types.ts';

type EngineProject = Instance['projects'][number];
type EngineCredit = EngineProject['credits'][number];

const byString = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The costs inside a project's price in the clearing (maintenance is in the offer), and how a reason names them. */
const COST_LABELS = [
  ['marketOperator', 'market operator fee'],
  ['complianceMonitoring', 'compliance monitoring cost'],
  ['performanceMonitoring', 'performance monitoring cost'],
] as const satisfies readonly (readonly [keyof ProjectCosts, string])[];

/**
 * Builds the clearing INSTANCE of a round (MARKET.md section 3) from its projects, its credit requirements, the
 * LPA adjacency and the pairs of neighbouring NCAs (by NCA id, as projects and requirements name them). Pure and deterministic: the same round always gives the same JSON, byte for byte. Projects enter
 * when Offered, with their certified services of the round's credit types; requirements when Bid; everything
 * else is listed in `leftOut` with the reason.
 */
export function buildInstance(
  round: MatchRound,
  projects: readonly ClearingProject[],
  requirements: readonly ClearingRequirement[],
  lpas: readonly LpaAdjacency[],
  ncaPairs: readonly (readonly [string, string])[] = [],
): BuiltInstance {
  const periods = roundYearlyPeriods({ firstDeliveryYear: round.firstDeliveryYear, ampEnd: round.ampEnd });
  const years = periods.length;
  const lpaCode = new Map(lpas.map((lpa) => [lpa.id, lpa.code]));
  const placeOf = (reference: { id: string } | null | undefined) =>
    reference ? (lpaCode.get(reference.id) ?? reference.id) : null;
  const leftOut: LeftOut[] = [];
  const reserve = round.reserve && round.reserve.percentage > 0 ? round.reserve : null;
  const context: Context = { round, periods, years, reserve, placeOf };

  const projectEntries = new Map<string, { project: EngineProject; services: string[] }>();
  for (const project of projects) {
    const entry = projectEntry(context, project, leftOut);
    if (entry) projectEntries.set(project.id, entry);
  }
  const requirementEntries = new Map<string, EngineRequirement[]>();
  for (const requirement of requirements) {
    const entries = requirementEntry(context, requirement, leftOut);
    if (entries.length > 0) requirementEntries.set(requirement.id, entries);
  }
  // An AND group clears all its members or none: a member left out keeps the whole group out.
  dropBrokenAndGroups(
    projects.filter((p) => p.group?.type === 'AND'),
    projectEntries,
    (p) => p.group,
    'project',
    leftOut,
  );
  dropBrokenAndGroups(
    requirements.filter((r) => r.group !== null),
    requirementEntries,
    (r) => r.group,
    'requirement',
    leftOut,
  );

  const instanceProjects = [...projectEntries.entries()]
    .sort(([a], [b]) => byString(a, b))
    .map(([, entry]) => entry);
  const instanceRequirements = [...requirementEntries.values()].flat().sort((a, b) => byString(a.id, b.id));
  const usedLpas = new Set<string>();
  for (const { project } of instanceProjects) if (project.lpa) usedLpas.add(project.lpa);
  for (const requirement of instanceRequirements) if (requirement.lpa) usedLpas.add(requirement.lpa);
  const usedNcas = new Set<string>();
  for (const place of [...instanceProjects.map((entry) => entry.project), ...instanceRequirements])
    if (place.nca) usedNcas.add(place.nca);
  const instance: Instance = {
    years,
    reservePercent: reserve?.appliesTo === 'supply' ? reserve.percentage : 0,
    buyerShareOfSurplus: round.buyerShareOfSurplus,
    neighbours: { lpa: neighbourPairs(lpas, usedLpas), nca: pairsAmong(ncaPairs, usedNcas) },
    projects: instanceProjects.map((entry) => entry.project),
    requirements: instanceRequirements,
  };
  const credits: Record<string, string[]> = {};
  for (const { project, services } of instanceProjects) credits[project.id] = services;
  const mapping: BuiltInstance['requirements'] = {};
  for (const requirement of instanceRequirements) {
    const ongoingOnly = requirement.id.endsWith(ONGOING_ONLY_SUFFIX);
    mapping[requirement.id] = {
      requirementId: ongoingOnly ? requirement.id.slice(0, -ONGOING_ONLY_SUFFIX.length) : requirement.id,
      ongoingOnly,
    };
  }
  const kindOrder = { project: 0, service: 1, requirement: 2 } as const;
  leftOut.sort(
    (a, b) =>
      kindOrder[a.kind] - kindOrder[b.kind] ||
      byString(a.id, b.id) ||
      byString(a.serviceId ?? '', b.serviceId ?? ''),
  );
  // Built in instance order, so the same round always gives the same JSON.
  const names: Record<string, string> = {};
  const projectNames = new Map(projects.map((p) => [p.id, p.name]));
  for (const { project } of instanceProjects) names[project.id] = projectNames.get(project.id) ?? project.id;
  const requirementNames = new Map(requirements.map((r) => [r.id, r.name]));
  for (const [id, entry] of Object.entries(mapping))
    names[id] = requirementNames.get(entry.requirementId) ?? entry.requirementId;
  return { instance, leftOut, credits, requirements: mapping, names };
}

function projectEntry(
  context: Context,
  project: ClearingProject,
  leftOut: LeftOut[],
): { project: EngineProject; services: string[] } | null {
  const out = (reason: string) => {
    leftOut.push({ kind: 'project', id: project.id, serviceId: null, name: project.name, reason });
    return null;
  };
  if (project.round && project.round.id !== context.round.id) return out('It is registered in another round');
  if (project.status !== 'Offered')
    return out(`Only offered projects are cleared; this project is ${statusWords(project.status)}`);
  if (project.clearingExclusion) return out(excludedReason(project.clearingExclusion.reason));
  if (project.offer === undefined || project.offer === null) return out('The project has no offer');
  const offerProblem = moneyProblem(project.offer);
  if (offerProblem !== undefined) return out(`Its offer cannot be cleared: ${offerProblem}`);
  const costs = project.costs;
  for (const [field, label] of COST_LABELS) {
    const problem = costs ? moneyProblem(costs[field], { zero: true }) : undefined;
    if (problem !== undefined) return out(`Its ${label} cannot be cleared: ${problem}`);
  }
  const serviceOut = (service: ClearingService, reason: string) => {
    leftOut.push({ kind: 'service', id: project.id, serviceId: service.id, name: project.name, reason });
  };
  const location = project.location;
  const services = [...project.services].sort((a, b) => byString(a.id, b.id));
  // The project's biodiversity supply serves its one biodiversity service that has no units of its own.
  const biodiversityWithoutUnits = services.filter(
    (s) => s.type === 'Biodiversity' && s.status === 'Certified' && s.unitsPerPeriod.length === 0,
  );
  const credits: { credit: EngineCredit; serviceId: string }[] = [];
  for (const service of services) {
    const label = CREDIT_TYPE_LABELS[service.type];
    if (!context.round.services.includes(service.type)) {
      serviceOut(service, `The round does not trade ${label.toLowerCase()} credits`);
      continue;
    }
    if (service.status !== 'Certified') {
      serviceOut(
        service,
        `The ${label.toLowerCase()} service is not certified (${statusWords(service.status)})`,
      );
      continue;
    }
    const credit =
      service.type === 'Biodiversity'
        ? biodiversityCredit(service, project, biodiversityWithoutUnits.length)
        : nutrientCredit(context, service, location?.subcatchment ?? null);
    if (typeof credit === 'string') serviceOut(service, credit);
    else credits.push({ credit, serviceId: service.id });
  }
  if (credits.length === 0) return out('None of its services can be sold in this round');
  const fees = costs ? costs.marketOperator + costs.complianceMonitoring + costs.performanceMonitoring : 0;
  const entry: EngineProject = {
    id: project.id,
    offer: money2(project.offer + fees),
    group: project.group ? { id: project.group.id, type: project.group.type } : null,
    lpa: context.placeOf(location?.lpa),
    nca: location?.nca?.id ?? null,
    subcatchment: location?.subcatchment?.id ?? null,
    credits: credits.map((c) => c.credit),
  };
  const problem = entryProblem(projectSchema, entry);
  if (problem !== undefined) return out(problem);
  return { project: entry, services: credits.map((c) => c.serviceId) };
}

/** A biodiversity credit (units at target condition, permanent), or why the service cannot sell. */
function biodiversityCredit(
  service: ClearingService,
  project: ClearingProject,
  sharingSupply: number,
): EngineCredit | string {
  if (!service.module || service.module === 'NA' || !service.habitatType || !service.distinctiveness)
    return 'Its habitat (module, habitat type, distinctiveness) is not complete';
  let units: number;
  if (service.unitsPerPeriod.length > 0) {
    const last = [...service.unitsPerPeriod].sort((a, b) => byString(a.start, b.start)).at(-1);
    units = last?.units ?? 0;
  } else if (!project.supply) return 'The project has no biodiversity supply';
  else if (sharingSupply > 1)
    return 'The project has several biodiversity services but one supply: the units cannot be told apart';
  else units = biodiversityServiceUnits(project.supply);
  if (!(units > 0)) return 'It has no biodiversity units to sell (no net gain at target condition)';
  const unitsProblemText = unitsProblem(units, { type: 'Biodiversity' });
  if (unitsProblemText !== undefined) return `Its biodiversity units cannot be cleared: ${unitsProblemText}`;
  return {
    type: 'Biodiversity',
    module: service.module,
    broadHabitat: service.broadHabitat,
    habitatType: service.habitatType,
    distinctiveness: service.distinctiveness,
    permanent: true,
    units: [units6(units)],
  };
}

/** A nutrient credit (kg/yr in each of the round's years), or why the service cannot sell. */
function nutrientCredit(
  context: Context,
  service: ClearingService,
  subcatchment: { id: string } | null,
): EngineCredit | string {
  if (!subcatchment) return 'The project has no subcatchment';
  const permanent = service.mitigationDuration
    ? service.mitigationDuration === 'Permanent'
    : service.years === null;
  const byYear = new Map<number, number>();
  for (const period of service.unitsPerPeriod) {
    const problem = unitsProblem(period.units, { type: service.type, zero: true });
    if (problem !== undefined) return `Its units from ${period.start} cannot be cleared: ${problem}`;
    const year = Number(period.start.slice(0, 4));
    byYear.set(year, (byYear.get(year) ?? 0) + period.units);
  }
  const listed = [...byYear.keys()].sort((a, b) => a - b);
  const lastYear = listed.at(-1);
  const units = context.periods.map(({ year }) => {
    const value = byYear.get(year);
    if (value !== undefined) return units6(value);
    // A permanent credit goes on delivering its last yearly units.
    if (permanent && lastYear !== undefined && year > lastYear) return units6(byYear.get(lastYear) ?? 0);
    return 0;
  });
  if (!units.some((u) => u > 0)) return "It delivers no units in the round's years";
  return {
    type: service.type,
    module: null,
    broadHabitat: null,
    habitatType: null,
    distinctiveness: null,
    permanent,
    units,
  };
}

function dropBrokenAndGroups<R extends { id: string; name: string }>(
  members: readonly R[],
  entries: Map<string, unknown>,
  groupOf: (record: R) => { id: string; name: string } | null,
  kind: 'project' | 'requirement',
  leftOut: LeftOut[],
): void {
  const groups = new Map<string, { name: string; records: R[] }>();
  for (const record of members) {
    const group = groupOf(record);
    if (!group) continue;
    const entry = groups.get(group.id) ?? { name: group.name, records: [] };
    entry.records.push(record);
    groups.set(group.id, entry);
  }
  for (const { name, records } of groups.values()) {
    if (records.every((record) => entries.has(record.id))) continue;
    for (const record of records) {
      if (!entries.delete(record.id)) continue;
      leftOut.push({
        kind,
        id: record.id,
        serviceId: null,
        name: record.name,
        reason: `Another ${kind} of its group "${name}" is not in this round's clearing, and the group clears all its ${kind}s or none`,
      });
    }
  }
}

/** The unordered pairs of neighbouring LPAs among those the instance names, each once, sorted. */
function neighbourPairs(lpas: readonly LpaAdjacency[], used: ReadonlySet<string>): [string, string][] {
  const pairs = new Set<string>();
  for (const lpa of lpas) {
    if (!used.has(lpa.code)) continue;
    for (const other of lpa.neighbourCodes) {
      if (other === lpa.code || !used.has(other)) continue;
      const [a, b] = lpa.code < other ? [lpa.code, other] : [other, lpa.code];
      pairs.add(`${a}\u0000${b}`);
    }
  }
  return [...pairs].sort(byString).map((pair) => pair.split('\u0000') as [string, string]);
}

/** The unordered pairs among the NCAs the instance names, each once (smaller id first), sorted. */
function pairsAmong(
  pairs: readonly (readonly [string, string])[],
  used: ReadonlySet<string>,
): [string, string][] {
  const kept = new Set<string>();
  for (const [a, b] of pairs) {
    if (a === b || !used.has(a) || !used.has(b)) continue;
    kept.add(a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`);
  }
  return [...kept].sort(byString).map((pair) => pair.split('\u0000') as [string, string]);
}
