import type { Instance, Project, Requirement } from '../instance.schema.ts';
import {
  DISTINCTIVENESS_RANK,
  habitatOf,
  habitatServes,
  judgePair,
  neighboursOf,
  periodsOf,
  sellableUnits,
} from '../rules/compatibility.ts';

/** One credit of one project, with its sellable units per period (after the reserve). */
export type SupplyCredit = { project: number; index: number; sellable: number[]; permanent: boolean };

/**
 * A class of requirements that every credit sees alike (same compatibility and multiplier), so one
 * flow per credit serves the whole class (the transportation reformulation). Credits at the far
 * multiplier 0.5 reach it through its pool instead of a flow each.
 */
export type RequirementClass = {
  requirements: number[];
  periods: number;
  direct: { credit: number; multiplier: number }[];
  pool: number | null;
};

/** The credits that may serve a family of classes at the far multiplier (0.5). */
export type FarPool = { credits: number[]; periods: number };

/** An independent part of the round: no flow or group links it to any other. */
export type Component = { projects: number[]; requirements: number[]; classes: number[]; pools: number[] };

/** The round after canonical ordering, compatibility, aggregation, pruning and decomposition. */
export type PreparedRound = {
  instance: Instance;
  projects: Project[];
  requirements: Requirement[];
  credits: SupplyCredit[];
  creditsOfProject: number[][];
  classes: RequirementClass[];
  classOf: number[];
  pools: FarPool[];
  compatibleProjects: number[][];
  prunedProjects: Set<number>;
  components: Component[];
};

/** Canonical order: natural order of ids, so the same round always yields the same model. */
function compareIds(a: string, b: string): number {
  const natural = a.localeCompare(b, 'en', { numeric: true, sensitivity: 'variant' });
  if (natural !== 0) return natural;
  return a < b ? -1 : a > b ? 1 : 0;
}

const marketOf = (type: string, detail: string | null | undefined) => `${type}|${detail ?? ''}`;

/** Which credits may serve a requirement ignoring place: the part of compatibility pools share. */
function habitatKey(requirement: Requirement): string {
  if (requirement.type !== 'Biodiversity') {
    return `${requirement.type}|${requirement.subcatchment ?? ''}|${requirement.ongoingOnly}`;
  }
  const h = habitatOf(requirement);
  const rank = DISTINCTIVENESS_RANK[h.distinctiveness];
  const detail =
    rank >= DISTINCTIVENESS_RANK.High
      ? `${h.broadHabitat}|${h.habitatType}`
      : rank === DISTINCTIVENESS_RANK.Medium && h.module === 'Area'
        ? h.broadHabitat
        : '';
  return `B|${h.module}|${h.distinctiveness}|${detail}|${requirement.ongoingOnly}`;
}

/** Prepares a validated instance for modelling. */
export function prepareRound(instance: Instance): PreparedRound {
  const projects = [...instance.projects].sort((a, b) => compareIds(a.id, b.id));
  const requirements = [...instance.requirements].sort((a, b) => compareIds(a.id, b.id));
  const neighbours = neighboursOf(instance);
  const credits: SupplyCredit[] = [];
  // Credits can only ever serve requirements of their own type and module (or subcatchment).
  const creditsByMarket = new Map<string, number[]>();
  const creditsOfProject: number[][] = projects.map((project, p) =>
    project.credits.map((credit, index) => {
      const periods = periodsOf(credit.type, instance.years);
      const sellable = Array.from({ length: periods }, (_, t) =>
        sellableUnits(credit, t, instance.reservePercent),
      );
      credits.push({ project: p, index, sellable, permanent: credit.permanent });
      const c = credits.length - 1;
      const key = marketOf(
        credit.type,
        credit.type === 'Biodiversity' ? credit.module : project.subcatchment,
      );
      creditsByMarket.set(key, [...(creditsByMarket.get(key) ?? []), c]);
      return c;
    }),
  );

  // Requirements sharing habitat key and place are interchangeable for every credit.
  const classByKey = new Map<string, number>();
  const classes: RequirementClass[] = [];
  const classOf: number[] = [];
  const pools: FarPool[] = [];
  const poolByKey = new Map<string, number>();
  for (const [r, requirement] of requirements.entries()) {
    const hk = habitatKey(requirement);
    const bio = requirement.type === 'Biodiversity';
    const key = bio ? `${hk}|${requirement.lpa ?? ''}|${requirement.nca ?? ''}|${requirement.localOnly}` : hk;
    let k = classByKey.get(key);
    if (k === undefined) {
      k = classes.length;
      classByKey.set(key, k);
      classes.push(buildClass(r, hk, bio));
    } else {
      classes[k]?.requirements.push(r);
    }
    classOf.push(k);
  }

  function buildClass(r: number, hk: string, bio: boolean): RequirementClass {
    const requirement = requirements[r] as Requirement;
    const periods = periodsOf(requirement.type, instance.years);
    const direct: RequirementClass['direct'] = [];
    let pool: number | null = null;
    if (bio && !requirement.localOnly) {
      pool = poolByKey.get(hk) ?? null;
      if (pool === null) {
        pool = pools.length;
        poolByKey.set(hk, pool);
        pools.push({ credits: farCredits(requirement), periods });
      }
    }
    // Class members differ only in their yearly units, so compatibility is judged for every year at once.
    const anyYear: Requirement = { ...requirement, units: Array.from({ length: periods }, () => 1) };
    const market = marketOf(requirement.type, bio ? requirement.module : requirement.subcatchment);
    for (const c of creditsByMarket.get(market) ?? []) {
      const credit = credits[c] as SupplyCredit;
      const project = projects[credit.project] as Project;
      const item = project.credits[credit.index];
      if (!item) continue;
      const verdict = judgePair(project, item, anyYear, instance, neighbours);
      if (!verdict.compatible) continue;
      if (pool !== null && verdict.multiplier <= 0.5) continue;
      direct.push({ credit: c, multiplier: verdict.multiplier });
    }
    return { requirements: [r], periods, direct, pool };
  }

  /** Credits whose habitat serves the requirement; place is ignored (every place is at least 0.5). */
  function farCredits(requirement: Requirement): number[] {
    const demand = habitatOf(requirement);
    const out: number[] = [];
    for (const c of creditsByMarket.get(marketOf(requirement.type, requirement.module)) ?? []) {
      const credit = credits[c] as SupplyCredit;
      const item = (projects[credit.project] as Project).credits[credit.index];
      if (item?.type !== 'Biodiversity') continue;
      if (requirement.ongoingOnly && !item.permanent) continue;
      if (credit.sellable[0] === 0) continue;
      if (habitatServes(habitatOf(item), demand)) out.push(c);
    }
    return out;
  }

  mergeAlikeClasses(classes, classOf);
  const compatibleProjects = requirements.map((_, r) =>
    projectsServing(classes[classOf[r] ?? 0], credits, pools),
  );
  const prunedProjects = pruneProjects(projects, requirements, compatibleProjects);
  const components = decompose(projects, requirements, credits, classes, classOf, pools, prunedProjects);
  return {
    instance,
    projects,
    requirements,
    credits,
    creditsOfProject,
    classes,
    classOf,
    pools,
    compatibleProjects,
    prunedProjects,
    components,
  };
}

/**
 * Classes that every credit sees alike (same far pool, same near credits at the same multipliers, same
 * periods) are one class, whatever their place: a requirement in an LPA with no near supply is
 * interchangeable with any other such requirement of its habitat key.
 */
function mergeAlikeClasses(classes: RequirementClass[], classOf: number[]): void {
  const bySignature = new Map<string, number>();
  const target = classes.map((cls, k) => {
    const signature = `${cls.pool}|${cls.periods}|${cls.direct.map((d) => `${d.credit}:${d.multiplier}`).join(',')}`;
    const first = bySignature.get(signature);
    if (first === undefined) bySignature.set(signature, k);
    return first ?? k;
  });
  const renumber = new Map<number, number>();
  const merged: RequirementClass[] = [];
  target.forEach((t, k) => {
    if (t !== k) return;
    renumber.set(k, merged.length);
    merged.push({ ...(classes[k] as RequirementClass), requirements: [] });
  });
  classOf.forEach((k, r) => {
    const index = renumber.get(target[k] ?? k) ?? 0;
    classOf[r] = index;
    merged[index]?.requirements.push(r);
  });
  classes.splice(0, classes.length, ...merged);
}

function projectsServing(
  k: RequirementClass | undefined,
  credits: SupplyCredit[],
  pools: FarPool[],
): number[] {
  if (!k) return [];
  const set = new Set<number>();
  for (const { credit } of k.direct) set.add((credits[credit] as SupplyCredit).project);
  if (k.pool !== null)
    for (const c of pools[k.pool]?.credits ?? []) set.add((credits[c] as SupplyCredit).project);
  return [...set].sort((a, b) => a - b);
}

/**
 * A project outside any AND group whose offer exceeds every bid it could ever serve (with those
 * requirements' AND partners) never wins an optimal round: dropping it raises the surplus.
 */
function pruneProjects(
  projects: Project[],
  requirements: Requirement[],
  compatibleProjects: number[][],
): Set<number> {
  const andBids = new Map<string, number>();
  for (const r of requirements) {
    if (r.group?.type === 'AND') andBids.set(r.group.id, (andBids.get(r.group.id) ?? 0) + r.bid);
  }
  const reachable = projects.map(() => 0);
  const counted = projects.map(() => new Set<string>());
  for (const [r, requirement] of requirements.entries()) {
    const group = requirement.group?.type === 'AND' ? requirement.group.id : null;
    for (const p of compatibleProjects[r] ?? []) {
      if (group) {
        const seen = counted[p] as Set<string>;
        if (seen.has(group)) continue;
        seen.add(group);
        reachable[p] = (reachable[p] ?? 0) + (andBids.get(group) ?? 0);
      } else {
        reachable[p] = (reachable[p] ?? 0) + requirement.bid;
      }
    }
  }
  const pruned = new Set<number>();
  for (const [p, project] of projects.entries()) {
    if (project.group?.type === 'AND') continue;
    if (project.offer > (reachable[p] ?? 0)) pruned.add(p);
  }
  return pruned;
}

/**
 * The parts a component falls into when its requirements' AND groups do not join them: each part is then
 * independent once every such group's fill is decided (a development's needs of several credit types
 * join otherwise separate parts). A component that does not fall apart is its own only part.
 */
export function partsApart(round: PreparedRound, component: Component): Component[] {
  const inside = new Set(component.requirements);
  return decompose(
    round.projects,
    round.requirements,
    round.credits,
    round.classes,
    round.classOf,
    round.pools,
    round.prunedProjects,
    { requirementGroups: false },
  ).filter((part) => part.requirements.some((r) => inside.has(r)));
}

/** Union-find over projects, classes and pools; groups also join their members (unless told otherwise). */
function decompose(
  projects: Project[],
  requirements: Requirement[],
  credits: SupplyCredit[],
  classes: RequirementClass[],
  classOf: number[],
  pools: FarPool[],
  pruned: Set<number>,
  { requirementGroups = true }: { requirementGroups?: boolean } = {},
): Component[] {
  const P = projects.length;
  const K = classes.length;
  const parent = Array.from({ length: P + K + pools.length }, (_, i) => i);
  const find = (i: number): number => {
    let root = i;
    while (parent[root] !== root) root = parent[root] as number;
    let node = i;
    while (parent[node] !== root) {
      const next = parent[node] as number;
      parent[node] = root;
      node = next;
    }
    return root;
  };
  const union = (a: number, b: number) => {
    const ra = find(a);
    const rb = find(b);
    if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb);
  };
  const projectOf = (c: number) => (credits[c] as SupplyCredit).project;
  const liveProject = (p: number) => !pruned.has(p);
  const usedPools = new Set<number>();
  for (const [k, cls] of classes.entries()) {
    for (const { credit } of cls.direct) if (liveProject(projectOf(credit))) union(P + k, projectOf(credit));
    if (cls.pool !== null) {
      union(P + k, P + K + cls.pool);
      usedPools.add(cls.pool);
    }
  }
  for (const [g, pool] of pools.entries()) {
    for (const c of pool.credits) if (liveProject(projectOf(c))) union(P + K + g, projectOf(c));
  }
  const firstOfGroup = new Map<string, number>();
  projects.forEach((project, p) => {
    if (!project.group || !liveProject(p)) return;
    const first = firstOfGroup.get(`p:${project.group.id}`);
    if (first === undefined) firstOfGroup.set(`p:${project.group.id}`, p);
    else union(first, p);
  });
  requirements.forEach((requirement, r) => {
    if (!requirement.group || (!requirementGroups && requirement.group.type === 'AND')) return;
    const node = P + (classOf[r] as number);
    const first = firstOfGroup.get(`r:${requirement.group.id}`);
    if (first === undefined) firstOfGroup.set(`r:${requirement.group.id}`, node);
    else union(first, node);
  });

  const byRoot = new Map<number, Component>();
  const componentAt = (node: number) => {
    const root = find(node);
    let component = byRoot.get(root);
    if (!component) {
      component = { projects: [], requirements: [], classes: [], pools: [] };
      byRoot.set(root, component);
    }
    return component;
  };
  for (let p = 0; p < P; p++) if (liveProject(p)) componentAt(p).projects.push(p);
  for (let k = 0; k < K; k++) componentAt(P + k).classes.push(k);
  for (const g of [...usedPools].sort((a, b) => a - b)) componentAt(P + K + g).pools.push(g);
  for (const [r, k] of classOf.entries()) componentAt(P + k).requirements.push(r);
  // Components without both sides cannot trade; they are settled without a solve.
  return [...byRoot.values()].filter((c) => c.projects.length > 0 && c.requirements.length > 0);
}
