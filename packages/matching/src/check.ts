import type { Credit, Instance, Project, Requirement } from './instance.schema.ts';
import { type ClearingResult, resultSchema } from './result.schema.ts';

/**
 * The independent result checker: a second, deliberately separate reading of CLEARING.md's rules
 * (it shares no code with the model). It returns every violation it finds; an empty list passes.
 */
export function checkResult(instance: Instance, candidate: unknown): string[] {
  const parsed = resultSchema.safeParse(candidate);
  if (!parsed.success) return parsed.error.issues.map((i) => `result.${i.path.join('.')}: ${i.message}`);
  const result = parsed.data;
  const errors: string[] = [];
  const fail = (message: string) => {
    if (errors.length < 50) errors.push(message);
  };
  const projects = indexById(instance.projects, result.projects, 'project', fail);
  const requirements = indexById(instance.requirements, result.requirements, 'requirement', fail);
  if (errors.length > 0) return errors;

  const supplied = new Map<string, { used: number; count: number; cap: number }>();
  const delivered = new Map<string, { credited: number; count: number }>();
  for (const flow of result.flows) {
    const project = projects.get(flow.project);
    const requirement = requirements.get(flow.requirement);
    const credit = project?.input.credits[flow.credit];
    if (!project || !requirement || !credit) {
      fail(`flow ${JSON.stringify(flow)} names an unknown project, credit or requirement`);
      continue;
    }
    if (!project.output.won) fail(`flow from ${flow.project}, which did not win`);
    if (Math.abs(flow.units * 100 - Math.round(flow.units * 100)) > 1e-6)
      fail(
        `flow ${flow.project}#${flow.credit}->${flow.requirement} trades ${flow.units}, not whole hundredths`,
      );
    if (requirement.output.fill <= 0) fail(`flow to ${flow.requirement}, which is not met`);
    const periods = credit.type === 'Biodiversity' ? 1 : instance.years;
    if (flow.year >= periods)
      fail(`flow ${flow.project}->${flow.requirement} in year ${flow.year} beyond the round`);
    const multiplier = tradeMultiplier(instance, project.input, credit, requirement.input);
    if (multiplier === 0) {
      fail(`flow ${flow.project}#${flow.credit}->${flow.requirement} breaks the trading rules`);
      continue;
    }
    const sk = `${flow.project}|${flow.credit}|${flow.year}`;
    const s = supplied.get(sk) ?? { used: 0, count: 0, cap: creditUnitsInYear(credit, flow.year, instance) };
    s.used += flow.units;
    s.count++;
    supplied.set(sk, s);
    const dk = `${flow.requirement}|${flow.year}`;
    const d = delivered.get(dk) ?? { credited: 0, count: 0 };
    d.credited += flow.units * multiplier;
    d.count++;
    delivered.set(dk, d);
  }
  // Flows trade whole hundredths: a credit-year sells at most its sellable units rounded down to the hundredth.
  for (const [key, s] of supplied) {
    if (s.used > s.cap + 1e-6) fail(`credit ${key} sells ${round2(s.used)} > sellable ${s.cap}`);
  }
  for (const { input, output } of requirements.values()) {
    if (!input.divisible && output.fill !== 0 && output.fill !== 1)
      fail(`indivisible ${input.id} filled ${output.fill}`);
    const periods = input.type === 'Biodiversity' ? 1 : instance.years;
    for (let year = 0; year < periods; year++) {
      const need = (input.units[year] ?? 0) * output.fill;
      const got = delivered.get(`${input.id}|${year}`) ?? { credited: 0, count: 0 };
      // Flows are rounded down to 0.01 units: a requirement-year may fall short by a little, never receive more.
      if (got.credited > need + 1e-6 * (1 + need))
        fail(
          `requirement ${input.id} year ${year} receives ${got.credited} credited units, more than ${need}`,
        );
      else if (need - got.credited > 0.01 * (got.count + 1) + 1e-6 * (1 + need)) {
        fail(`requirement ${input.id} year ${year} receives ${got.credited} credited units, needs ${need}`);
      }
    }
    if ((output.reason === null) !== output.fill >= 1)
      fail(`requirement ${input.id}: reason must explain a fill below 1`);
    if (output.fill <= 0 && output.pays !== 0) fail(`requirement ${input.id} pays without being met`);
    if (output.pays > input.bid * output.fill + 0.005)
      fail(`requirement ${input.id} pays more than bid x fill`);
  }
  for (const { input, output } of projects.values()) {
    if ((output.reason === null) !== output.won) fail(`project ${input.id}: reason must explain a loss`);
    if (!output.won && output.receives !== 0) fail(`project ${input.id} receives money without winning`);
    if (output.won && output.receives < input.offer - 0.005)
      fail(`project ${input.id} receives less than its offer`);
  }
  checkGroups(
    [...projects.values()].map((p) => ({ group: p.input.group, level: p.output.won ? 1 : 0 })),
    'project',
    fail,
  );
  checkGroups(
    [...requirements.values()].map((r) => ({ group: r.input.group, level: r.output.fill })),
    'requirement',
    fail,
  );
  checkMoney(instance, result, projects, requirements, fail);
  return errors;
}

type Pair<I, O> = { input: I; output: O };

function indexById<I extends { id: string }, O extends { id: string }>(
  inputs: I[],
  outputs: O[],
  what: string,
  fail: (m: string) => void,
): Map<string, Pair<I, O>> {
  const byId = new Map(inputs.map((input) => [input.id, input]));
  const out = new Map<string, Pair<I, O>>();
  for (const output of outputs) {
    const input = byId.get(output.id);
    if (!input) fail(`result names unknown ${what} ${output.id}`);
    else if (out.has(output.id)) fail(`result lists ${what} ${output.id} twice`);
    else out.set(output.id, { input, output });
  }
  if (out.size !== inputs.length) fail(`result lists ${out.size} of ${inputs.length} ${what}s`);
  return out;
}

const BAND = ['Low', 'Medium', 'High', 'VeryHigh'];

/** The multiplier at which this credit may serve this requirement, or 0 when it may not. */
function tradeMultiplier(
  instance: Instance,
  project: Project,
  credit: Credit,
  requirement: Requirement,
): number {
  if (credit.type !== requirement.type) return 0;
  if (requirement.ongoingOnly && !credit.permanent) return 0;
  if (credit.type !== 'Biodiversity') {
    return project.subcatchment && project.subcatchment === requirement.subcatchment ? 1 : 0;
  }
  if (credit.module !== requirement.module) return 0;
  const supplyBand = BAND.indexOf(credit.distinctiveness ?? '');
  const demandBand = BAND.indexOf(requirement.distinctiveness ?? '');
  const sameType =
    credit.habitatType === requirement.habitatType &&
    (credit.broadHabitat ?? '') === (requirement.broadHabitat ?? '');
  let habitatOk: boolean;
  if (demandBand >= 2) habitatOk = sameType;
  else if (requirement.module === 'Area' && demandBand === 1) {
    habitatOk = supplyBand >= 2 || (supplyBand === 1 && credit.broadHabitat === requirement.broadHabitat);
  } else habitatOk = supplyBand >= demandBand;
  if (!habitatOk) return 0;
  const near = (a?: string | null, b?: string | null) => a != null && a === b;
  const listed = (pairs: [string, string][] | undefined, a?: string | null, b?: string | null) =>
    a != null && b != null && (pairs ?? []).some(([x, y]) => (x === a && y === b) || (x === b && y === a));
  let multiplier = 0.5;
  if (near(project.lpa, requirement.lpa) || near(project.nca, requirement.nca)) multiplier = 1;
  else if (
    listed(instance.neighbours?.lpa, project.lpa, requirement.lpa) ||
    listed(instance.neighbours?.nca, project.nca, requirement.nca)
  ) {
    multiplier = 0.75;
  }
  if (requirement.localOnly && multiplier !== 1) return 0;
  return multiplier;
}

function creditUnitsInYear(credit: Credit, year: number, instance: Instance): number {
  const listed = credit.units[year];
  const units =
    listed !== undefined
      ? listed
      : credit.type !== 'Biodiversity' && credit.permanent
        ? (credit.units[credit.units.length - 1] ?? 0)
        : 0;
  return Math.floor(units * (100 - instance.reservePercent) + 1e-6) / 100;
}

const round2 = (x: number) => Math.round(x * 100) / 100;

function checkGroups(
  members: { group?: { id: string; type: string } | null | undefined; level: number }[],
  what: string,
  fail: (m: string) => void,
): void {
  const groups = new Map<string, { type: string; levels: number[] }>();
  for (const { group, level } of members) {
    if (!group) continue;
    const entry = groups.get(group.id) ?? { type: group.type, levels: [] };
    entry.levels.push(level);
    groups.set(group.id, entry);
  }
  for (const [id, { type, levels }] of groups) {
    if (type === 'XOR' && levels.filter((l) => l > 0).length > 1)
      fail(`${what} XOR group ${id} has several winners`);
    if (type === 'AND' && levels.some((l) => Math.abs(l - (levels[0] ?? 0)) > 1e-9))
      fail(`${what} AND group ${id} is split`);
  }
}

type ProjectPair = Pair<Project, ClearingResult['projects'][number]>;
type RequirementPair = Pair<Requirement, ClearingResult['requirements'][number]>;

/** Surplus, budget balance overall and per trading cluster, and the buyers' share k. */
function checkMoney(
  instance: Instance,
  result: ClearingResult,
  projects: Map<string, ProjectPair>,
  requirements: Map<string, RequirementPair>,
  fail: (m: string) => void,
): void {
  let value = 0;
  let cost = 0;
  let pays = 0;
  let receives = 0;
  for (const { input, output } of requirements.values()) {
    value += input.bid * output.fill;
    pays += output.pays;
  }
  for (const { input, output } of projects.values()) {
    if (output.won) cost += input.offer;
    receives += output.receives;
  }
  const surplus = value - cost;
  const members = projects.size + requirements.size;
  if (Math.abs(surplus - result.surplus) > 0.01 + 1e-9 * Math.abs(surplus)) {
    fail(`surplus ${result.surplus} differs from bids x fill - offers = ${surplus}`);
  }
  if (Math.abs(pays - receives) > 0.005 * members + 1e-6)
    fail(`payments do not balance: ${pays} paid, ${receives} received`);
  const buyersGain = value - pays;
  const expected = instance.buyerShareOfSurplus * surplus;
  if (Math.abs(buyersGain - expected) > 0.01 * members + 1e-6) {
    fail(`buyers keep ${buyersGain}, not k x surplus = ${expected}`);
  }
  if (result.bound < result.surplus - 0.01)
    fail(`bound ${result.bound} is below the surplus ${result.surplus}`);
  // Money stays inside each cluster of parties trading directly or through a shared project.
  const parent = new Map<string, string>();
  const find = (x: string): string => {
    let root = x;
    while (parent.has(root) && parent.get(root) !== root) root = parent.get(root) as string;
    parent.set(x, root);
    return root;
  };
  const join = (a: string, b: string) => {
    const ra = find(a);
    const rb = find(b);
    if (ra !== rb) parent.set(ra, rb);
  };
  for (const flow of result.flows) join(`p:${flow.project}`, `r:${flow.requirement}`);
  for (const { input, output } of projects.values()) {
    if (output.won && input.group?.type === 'AND') join(`p:${input.id}`, `pg:${input.group.id}`);
  }
  for (const { input, output } of requirements.values()) {
    if (output.fill > 0 && input.group?.type === 'AND') join(`r:${input.id}`, `rg:${input.group.id}`);
  }
  const balance = new Map<string, { net: number; members: number }>();
  const book = (node: string, amount: number) => {
    const root = find(node);
    const entry = balance.get(root) ?? { net: 0, members: 0 };
    entry.net += amount;
    entry.members++;
    balance.set(root, entry);
  };
  for (const { input, output } of requirements.values())
    if (output.pays !== 0) book(`r:${input.id}`, output.pays);
  for (const { input, output } of projects.values())
    if (output.receives !== 0) book(`p:${input.id}`, -output.receives);
  for (const [root, { net, members: n }] of balance) {
    if (Math.abs(net) > 0.005 * n + 1e-6)
      fail(`money leaves the trading cluster of ${root.slice(2)} (${net.toFixed(2)})`);
  }
}
