import {
  type ClearingResult,
  checkResult,
  type Instance,
  judgePair,
  neighboursOf,
  roundResultFlows,
  sellableUnits,
} from '@curlew/matching';
import { CsvFormatError, readCsvRecords } from '../../platform/csv.ts';
import type { BuiltInstance } from './instance.types.ts';
import { WINNERS_COLUMNS } from './winners.csv.ts';
import { type Delivery, kSplit, linesOf, type WinnersProblem } from './winners.payments.ts';

export { winnersCsv } from './winners.csv.ts';
export type { WinnersProblem } from './winners.payments.ts';

/** An imported winners file read into the engine's RESULT (checked by its independent checker), or its problems. */
type WinnersCheck = { ok: true; result: ClearingResult } | { ok: false; problems: WinnersProblem[] };

/** The reason given to a project or requirement the imported file leaves out. */
export const NOT_IMPORTED_WINNER = 'Not among the winners of the imported result';
/** The reason given to a requirement the imported file meets in part. */
const PART_FILLED_IMPORT = 'Met in part by the imported result';

const FILL_TOLERANCE = 1e-4;

/**
 * Reads a winners CSV (WINNERS_COLUMNS; `year` is the calendar year, `requirement` an instance requirement id, the
 * ongoing-only alternative included) against the round's built instance: refuses a line naming what is not in the
 * clearing or breaking the trading rules, a file that sells more than a project's service has in a year, delivers
 * a requirement unevenly, or breaks a group, naming the lines at fault. Otherwise it fills the RESULT (fills from the
 * deliveries, payments by the k-split in pence per trading cluster, reasons) and checks it with the engine's
 * independent checker.
 */
export function checkWinnersCsv(text: string, built: BuiltInstance, firstDeliveryYear: number): WinnersCheck {
  const { instance } = built;
  let parsed: ReturnType<typeof readCsvRecords>;
  try {
    parsed = readCsvRecords(text);
  } catch (error) {
    if (error instanceof CsvFormatError) return refuse([{ lines: [], message: error.message }]);
    throw error;
  }
  const missing = WINNERS_COLUMNS.filter((column) => !parsed.header.includes(column));
  if (missing.length > 0)
    return refuse([{ lines: [1], message: `The file needs the columns ${WINNERS_COLUMNS.join(', ')}` }]);
  if (parsed.records.length === 0) return refuse([{ lines: [], message: 'The file lists no winners' }]);

  const projects = new Map(instance.projects.map((p) => [p.id, p]));
  const requirements = new Map(instance.requirements.map((r) => [r.id, r]));
  const neighbours = neighboursOf(instance);
  const problems: WinnersProblem[] = [];
  const deliveries = new Map<string, Delivery>();
  for (const { line, values } of parsed.records) {
    const fail = (message: string) => problems.push({ lines: [line], message });
    const project = projects.get(values.project?.trim() ?? '');
    const requirement = requirements.get(values.requirement?.trim() ?? '');
    if (!project) {
      fail(`Project "${values.project}" is not in this round's clearing`);
      continue;
    }
    if (!requirement) {
      fail(`Requirement "${values.requirement}" is not in this round's clearing`);
      continue;
    }
    const credit = (built.credits[project.id] ?? []).indexOf(values.service?.trim() ?? '');
    const creditRecord = project.credits[credit];
    if (!creditRecord) {
      fail(`Service "${values.service}" is not a service of project ${project.id} in this clearing`);
      continue;
    }
    const units = Number(values.units);
    if (!(values.units?.trim() !== '' && Number.isFinite(units) && units > 0)) {
      fail(`Units "${values.units}" must be a number above 0`);
      continue;
    }
    const calendarYear = Number(values.year);
    const year = calendarYear - firstDeliveryYear;
    const periods = creditRecord.type === 'Biodiversity' ? 1 : instance.years;
    if (!Number.isInteger(calendarYear) || year < 0 || year >= periods) {
      const last = firstDeliveryYear + periods - 1;
      fail(
        `Year "${values.year}" is outside the round: ${last === firstDeliveryYear ? firstDeliveryYear : `${firstDeliveryYear} to ${last}`}`,
      );
      continue;
    }
    const verdict = judgePair(project, creditRecord, requirement, instance, neighbours);
    if (!verdict.compatible) {
      fail(
        `Project ${project.id}'s service ${values.service} cannot serve requirement ${requirement.id} (${verdict.because})`,
      );
      continue;
    }
    const key = `${project.id}|${credit}|${requirement.id}|${year}`;
    const known = deliveries.get(key);
    if (known) {
      known.units += units;
      known.lines.push(line);
    } else {
      deliveries.set(key, {
        project,
        credit,
        requirement,
        year,
        units,
        multiplier: verdict.multiplier,
        lines: [line],
      });
    }
  }
  if (problems.length > 0) return refuse(problems);

  const flows = [...deliveries.values()];
  checkSupply(instance, flows, firstDeliveryYear, built, problems);
  const fills = requirementFills(instance, flows, firstDeliveryYear, problems);
  const won = new Set(flows.map((flow) => flow.project.id));
  checkGroups(
    instance.projects.map((p) => ({ id: p.id, group: p.group ?? null, level: won.has(p.id) ? 1 : 0 })),
    'project',
    (id) => flows.filter((flow) => flow.project.id === id),
    problems,
  );
  checkGroups(
    instance.requirements.map((r) => ({ id: r.id, group: r.group ?? null, level: fills.get(r.id) ?? 0 })),
    'requirement',
    (id) => flows.filter((flow) => flow.requirement.id === id),
    problems,
  );
  if (problems.length > 0) return refuse(problems);

  const payments = kSplit(instance, flows, won, fills, problems);
  if (problems.length > 0 || !payments) return refuse(problems);
  const value = instance.requirements.reduce((sum, r) => sum + r.bid * (fills.get(r.id) ?? 0), 0);
  const cost = instance.projects.reduce((sum, p) => sum + (won.has(p.id) ? p.offer : 0), 0);
  const surplus = Math.round((value - cost) * 100) / 100;
  const result: ClearingResult = {
    status: 'Feasible',
    surplus,
    bound: surplus,
    gap: 0,
    seconds: 0,
    projects: instance.projects.map((p) => ({
      id: p.id,
      won: won.has(p.id),
      receives: (payments.receives.get(p.id) ?? 0) / 100,
      reason: won.has(p.id) ? null : NOT_IMPORTED_WINNER,
    })),
    requirements: instance.requirements.map((r) => {
      const fill = fills.get(r.id) ?? 0;
      return {
        id: r.id,
        fill,
        pays: (payments.pays.get(r.id) ?? 0) / 100,
        reason: fill >= 1 ? null : fill > 0 ? PART_FILLED_IMPORT : NOT_IMPORTED_WINNER,
      };
    }),
    flows: roundResultFlows(
      instance,
      fills,
      flows.map((flow) => ({
        project: flow.project.id,
        credit: flow.credit,
        requirement: flow.requirement.id,
        year: flow.year,
        units: flow.units,
      })),
    ).sort(
      (a, b) =>
        order(a.project, b.project) ||
        a.credit - b.credit ||
        order(a.requirement, b.requirement) ||
        a.year - b.year,
    ),
  };
  const findings = checkResult(instance, result);
  if (findings.length > 0) return refuse(findings.map((message) => ({ lines: [], message })));
  return { ok: true, result };
}

const refuse = (problems: WinnersProblem[]): WinnersCheck => ({ ok: false, problems });
const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** No service sells more in a year than it has to sell (after the reserve). */
function checkSupply(
  instance: Instance,
  flows: readonly Delivery[],
  firstDeliveryYear: number,
  built: BuiltInstance,
  problems: WinnersProblem[],
): void {
  const sold = new Map<string, Delivery[]>();
  for (const flow of flows) {
    const key = `${flow.project.id}|${flow.credit}|${flow.year}`;
    sold.set(key, [...(sold.get(key) ?? []), flow]);
  }
  for (const group of sold.values()) {
    const [first] = group;
    if (!first) continue;
    const credit = first.project.credits[first.credit];
    if (!credit) continue;
    const has = sellableUnits(credit, first.year, instance.reservePercent);
    const sells = group.reduce((sum, flow) => sum + flow.units, 0);
    if (sells > has + 1e-9) {
      const service = built.credits[first.project.id]?.[first.credit] ?? String(first.credit);
      problems.push({
        lines: linesOf(group),
        message: `Project ${first.project.id} sells ${round2(sells)} units of service ${service} in ${firstDeliveryYear + first.year}, more than the ${round2(has)} it has to sell`,
      });
    }
  }
}

/**
 * Each requirement's fill: what it receives (units x multiplier) over what it needs, in its year of largest need;
 * every other year must receive the same share. An indivisible requirement is met wholly or not at all.
 */
function requirementFills(
  instance: Instance,
  flows: readonly Delivery[],
  firstDeliveryYear: number,
  problems: WinnersProblem[],
): Map<string, number> {
  const fills = new Map<string, number>();
  for (const requirement of instance.requirements) {
    const own = flows.filter((flow) => flow.requirement.id === requirement.id);
    if (own.length === 0) continue;
    const received = (year: number) =>
      own.filter((flow) => flow.year === year).reduce((sum, flow) => sum + flow.units * flow.multiplier, 0);
    const needs = requirement.units;
    const peak = needs.reduce((best, need, year) => (need > (needs[best] ?? 0) ? year : best), 0);
    let fill = Math.min(1, received(peak) / (needs[peak] ?? 1));
    if (fill > 1 - FILL_TOLERANCE) fill = 1;
    fill = Math.round(fill * 1e6) / 1e6;
    if (!requirement.divisible && fill !== 1) {
      problems.push({
        lines: linesOf(own),
        message: `Requirement ${requirement.id} must be met wholly or not at all; the file meets ${round2(fill * 100)} % of it`,
      });
      continue;
    }
    needs.forEach((need, year) => {
      const got = received(year);
      const count = own.filter((flow) => flow.year === year).length;
      if (Math.abs(got - need * fill) > 0.01 * (count + 1) + 1e-6 * (1 + need)) {
        problems.push({
          lines: linesOf(
            own.filter((flow) => flow.year === year).length > 0 ? own.filter((f) => f.year === year) : own,
          ),
          message: `Requirement ${requirement.id} receives ${round2(got)} units in ${firstDeliveryYear + year}, but needs ${round2(need * fill)} (${round2(fill * 100)} % of its need, as in its other years)`,
        });
      }
    });
    fills.set(requirement.id, fill);
  }
  return fills;
}

/** XOR groups have at most one winner; AND groups win all together, to the same degree. */
function checkGroups(
  members: readonly { id: string; group: { id: string; type: 'XOR' | 'AND' } | null; level: number }[],
  kind: 'project' | 'requirement',
  flowsOf: (id: string) => Delivery[],
  problems: WinnersProblem[],
): void {
  const groups = new Map<string, { type: 'XOR' | 'AND'; members: { id: string; level: number }[] }>();
  for (const member of members) {
    if (!member.group) continue;
    const entry = groups.get(member.group.id) ?? { type: member.group.type, members: [] };
    entry.members.push({ id: member.id, level: member.level });
    groups.set(member.group.id, entry);
  }
  for (const [id, group] of groups) {
    const winners = group.members.filter((m) => m.level > 0);
    const lines = linesOf(winners.flatMap((m) => flowsOf(m.id)));
    if (group.type === 'XOR' && winners.length > 1) {
      problems.push({
        lines,
        message: `The ${kind}s ${winners.map((m) => m.id).join(', ')} of XOR group ${id} all win: at most one of them may`,
      });
    }
    const first = group.members[0]?.level ?? 0;
    if (group.type === 'AND' && group.members.some((m) => Math.abs(m.level - first) > 1e-9)) {
      const short = group.members.filter((m) => m.level < Math.max(...group.members.map((x) => x.level)));
      problems.push({
        lines,
        message: `AND group ${id} wins in part: its ${kind}s ${short.map((m) => m.id).join(', ')} ${kind === 'project' ? 'sell nothing' : 'are met less'}, but the group wins all together or not at all`,
      });
    }
  }
}

const round2 = (x: number) => Math.round(x * 100) / 100;
