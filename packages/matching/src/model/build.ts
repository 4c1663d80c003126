import type { Requirement } from '../instance.schema.ts';
import { requiredUnits } from '../rules/compatibility.ts';
import type { ModelArrays, Switches } from '../solver/protocol.ts';
import { type Dominance, dominancePairs } from './dominance.ts';
import type { Component, PreparedRound } from './prepare.ts';

/** What a model column stands for. */
export const COLUMN = { won: 0, fill: 1, chosen: 2, direct: 3, poolIn: 4, poolOut: 5 } as const;

/**
 * A component's mixed-integer model as plain arrays (row-wise), ready to hand to a solver thread.
 * Column j means: kind[j] (COLUMN), about a[j] (project, requirement or credit), b[j] (class or
 * pool) in period t[j].
 */
export type ComponentModel = ModelArrays & {
  kind: Int8Array;
  a: Int32Array;
  b: Int32Array;
  t: Int32Array;
  /** Column of each project's `won` and each requirement's `fill`, for warm starts. */
  wonColumn: Map<number, number>;
  fillColumn: Map<number, number>;
  chosenColumn: Map<number, number>;
  /**
   * The projects' `won` columns as on/off switches (one per project, one per AND group of projects),
   * with their rivals in the requirement classes they sell into.
   */
  switches: Switches;
  /** Sum of the objective's tie-break terms at most; surplus differences below it are ties. */
  tieBreakBudget: number;
  /** The dominance rows between indivisible requirements of a class (`fill[better] >= fill[worse]`). */
  dominance: Dominance[];
};

/** Tie-breaks inside the objective: total weight of traded volume, then of earlier (lower) ids. */
const VOLUME_BUDGET = 0.2;
const ORDER_BUDGET = 0.05;

/** Builds the model of one component: maximise surplus subject to the trading rules. */
export function buildComponentModel(
  round: PreparedRound,
  component: Component,
  options: { demandBounds?: boolean; dominance?: boolean } = {},
): ComponentModel {
  const demandBounds = options.demandBounds ?? true;
  /**
   * Demand bounds, per project and destination (a class or a pool) in a period: what all the project's
   * credits deliver there is at most the destination's demand, and only if the project wins
   * (`sum m x <= D x won`, the strong fixed-charge form, aggregated over the project's credits).
   */
  const demandBound = new Map<
    string,
    { project: number; demand: number; supply: number; terms: [number, number][] }
  >();
  const boundFlow = (
    destination: string,
    credit: number,
    col: number,
    weight: number,
    demand: number,
    supply: number,
  ) => {
    const project = round.credits[credit]?.project ?? -1;
    const key = `${destination}|${project}`;
    const entry = demandBound.get(key) ?? { project, demand, supply: 0, terms: [] };
    entry.supply += weight * supply;
    entry.terms.push([col, weight]);
    demandBound.set(key, entry);
  };
  const poolDemand = new Map<number, number>();
  const cols = { cost: [] as number[], lower: [] as number[], upper: [] as number[], int: [] as number[] };
  const meta = { kind: [] as number[], a: [] as number[], b: [] as number[], t: [] as number[] };
  const addColumn = (
    kind: number,
    a: number,
    b: number,
    t: number,
    cost: number,
    upper: number,
    int: boolean,
  ) => {
    cols.cost.push(cost);
    cols.lower.push(0);
    cols.upper.push(upper);
    cols.int.push(int ? 1 : 0);
    meta.kind.push(kind);
    meta.a.push(a);
    meta.b.push(b);
    meta.t.push(t);
    return cols.cost.length - 1;
  };
  const rows = { lower: [] as number[], upper: [] as number[], starts: [0] as number[] };
  const entries = { indices: [] as number[], values: [] as number[] };
  const addRow = (lower: number, upper: number, terms: [number, number][]) => {
    for (const [col, value] of terms) {
      entries.indices.push(col);
      entries.values.push(value);
    }
    rows.lower.push(lower);
    rows.upper.push(upper);
    rows.starts.push(entries.indices.length);
  };

  const inComponent = new Set(component.projects);
  const totalUnits = component.requirements.reduce((sum, r) => sum + unitsOf(round.requirements[r]), 0);
  const volumeWeight = totalUnits > 0 ? VOLUME_BUDGET / totalUnits : 0;
  const orderSlots = component.projects.length + component.requirements.length + 1;
  const orderWeight = (position: number) =>
    (ORDER_BUDGET * (orderSlots - position)) / (orderSlots * orderSlots);

  const wonColumn = new Map<number, number>();
  component.projects.forEach((p, i) => {
    const offer = round.projects[p]?.offer ?? 0;
    wonColumn.set(p, addColumn(COLUMN.won, p, -1, -1, -offer + orderWeight(i), 1, true));
  });
  const fillColumn = new Map<number, number>();
  const chosenColumn = new Map<number, number>();
  component.requirements.forEach((r, i) => {
    const requirement = round.requirements[r] as Requirement;
    const cost =
      requirement.bid + volumeWeight * unitsOf(requirement) + orderWeight(component.projects.length + i);
    fillColumn.set(r, addColumn(COLUMN.fill, r, -1, -1, cost, 1, !requirement.divisible));
    if (requirement.divisible && requirement.group?.type === 'XOR') {
      chosenColumn.set(r, addColumn(COLUMN.chosen, r, -1, -1, 0, 1, true));
    }
  });

  // Supply rows collect every flow out of a credit in a period.
  const outflows = new Map<number, [number, number][]>();
  const periodsOfCredit = (c: number) => round.credits[c]?.sellable.length ?? 0;
  const creditKey = (c: number, t: number) => c * 64 + t;
  const addOutflow = (c: number, t: number, col: number) => {
    const list = outflows.get(creditKey(c, t));
    if (list) list.push([col, 1]);
    else outflows.set(creditKey(c, t), [[col, 1]]);
  };
  const live = (c: number) => inComponent.has(round.credits[c]?.project ?? -1);
  const sellable = (c: number, t: number) => round.credits[c]?.sellable[t] ?? 0;

  const poolOutflows = new Map<number, [number, number][]>();
  for (const k of component.classes) {
    const cls = round.classes[k];
    if (!cls) continue;
    for (let t = 0; t < cls.periods; t++) {
      const demand = cls.requirements.reduce(
        (sum, r) => sum + requiredUnits(round.requirements[r] as Requirement, t),
        0,
      );
      if (demand <= 0) continue;
      const terms: [number, number][] = [];
      for (const { credit, multiplier } of cls.direct) {
        if (!live(credit) || t >= periodsOfCredit(credit) || sellable(credit, t) <= 0) continue;
        const col = addColumn(COLUMN.direct, credit, k, t, 0, sellable(credit, t), false);
        addOutflow(credit, t, col);
        boundFlow(`k${k}|${t}`, credit, col, multiplier, demand, sellable(credit, t));
        terms.push([col, multiplier]);
      }
      if (cls.pool !== null) {
        const col = addColumn(COLUMN.poolOut, cls.pool, k, t, 0, Number.POSITIVE_INFINITY, false);
        terms.push([col, 0.5]);
        const list = poolOutflows.get(cls.pool * 64 + t) ?? [];
        list.push([col, -1]);
        poolOutflows.set(cls.pool * 64 + t, list);
        poolDemand.set(cls.pool * 64 + t, (poolDemand.get(cls.pool * 64 + t) ?? 0) + demand / 0.5);
      }
      for (const r of cls.requirements) {
        const units = requiredUnits(round.requirements[r] as Requirement, t);
        const fill = fillColumn.get(r);
        if (units > 0 && fill !== undefined) terms.push([fill, -units]);
      }
      addRow(0, 0, terms);
    }
  }
  for (const g of component.pools) {
    const pool = round.pools[g];
    if (!pool) continue;
    for (let t = 0; t < pool.periods; t++) {
      const out = poolOutflows.get(g * 64 + t);
      if (!out) continue;
      const terms: [number, number][] = [...out];
      for (const c of pool.credits) {
        if (!live(c) || sellable(c, t) <= 0) continue;
        const col = addColumn(COLUMN.poolIn, c, g, t, 0, sellable(c, t), false);
        addOutflow(c, t, col);
        boundFlow(`g${g}|${t}`, c, col, 1, poolDemand.get(g * 64 + t) ?? 0, sellable(c, t));
        terms.push([col, 1]);
      }
      addRow(0, 0, terms);
    }
  }
  const sortedOutflows = [...outflows.entries()].sort((x, y) => x[0] - y[0]);
  for (const [key, terms] of sortedOutflows) {
    const c = Math.floor(key / 64);
    const t = key % 64;
    const won = wonColumn.get(round.credits[c]?.project ?? -1);
    if (won === undefined) continue;
    addRow(Number.NEGATIVE_INFINITY, 0, [...terms, [won, -sellable(c, t)]]);
  }
  if (demandBounds) {
    for (const { project, demand, supply, terms } of demandBound.values()) {
      const won = wonColumn.get(project);
      // Where the project could not exceed the demand anyway, its supply rows say it all.
      if (won !== undefined && supply > demand + 1e-9)
        addRow(Number.NEGATIVE_INFINITY, 0, [...terms, [won, -demand]]);
    }
  }
  addGroupRows(round, component, wonColumn, fillColumn, chosenColumn, addRow);
  const dominance =
    options.dominance !== true
      ? []
      : dominancePairs(round, component, (r) => cols.cost[fillColumn.get(r) ?? -1] ?? 0);
  for (const { better, worse } of dominance)
    addRow(0, Number.POSITIVE_INFINITY, [
      [fillColumn.get(better) as number, 1],
      [fillColumn.get(worse) as number, -1],
    ]);

  return {
    numCols: cols.cost.length,
    numRows: rows.lower.length,
    colCost: Float64Array.from(cols.cost),
    colLower: Float64Array.from(cols.lower),
    colUpper: Float64Array.from(cols.upper),
    integrality: Int32Array.from(cols.int),
    rowLower: Float64Array.from(rows.lower),
    rowUpper: Float64Array.from(rows.upper),
    starts: Int32Array.from(rows.starts),
    indices: Int32Array.from(entries.indices),
    values: Float64Array.from(entries.values),
    kind: Int8Array.from(meta.kind),
    a: Int32Array.from(meta.a),
    b: Int32Array.from(meta.b),
    t: Int32Array.from(meta.t),
    wonColumn,
    fillColumn,
    chosenColumn,
    switches: projectSwitches(round, component, wonColumn),
    tieBreakBudget: VOLUME_BUDGET + ORDER_BUDGET,
    dominance,
  };
}

function unitsOf(requirement: Requirement | undefined): number {
  return requirement ? requirement.units.reduce((sum, u) => sum + u, 0) : 0;
}

/**
 * The `won` columns that are set together (a project alone, or every project of an AND group), and
 * each switch's rivals: the switches with a credit that can sell directly into a class that one of
 * its own credits can sell directly into.
 */
function projectSwitches(
  round: PreparedRound,
  component: Component,
  wonColumn: Map<number, number>,
): Switches {
  // Switches in order of their first project; a key's switch is its place in that order.
  const together = new Map<string, { s: number; columns: number[] }>();
  const switchOf = new Map<number, number>();
  for (const p of component.projects) {
    const group = round.projects[p]?.group;
    const col = wonColumn.get(p);
    if (col === undefined) continue;
    const key = group?.type === 'AND' ? `and:${group.id}` : `project:${p}`;
    const entry = together.get(key) ?? { s: together.size, columns: [] };
    together.set(key, entry);
    entry.columns.push(col);
    switchOf.set(p, entry.s);
  }
  const starts = [0];
  const columns: number[] = [];
  for (const entry of together.values()) {
    columns.push(...entry.columns);
    starts.push(columns.length);
  }
  const rivals = Array.from({ length: together.size }, () => new Set<number>());
  for (const k of component.classes) {
    const sellers = new Set<number>();
    for (const { credit } of round.classes[k]?.direct ?? []) {
      const s = switchOf.get(round.credits[credit]?.project ?? -1);
      if (s !== undefined) sellers.add(s);
    }
    for (const s of sellers) for (const rival of sellers) if (rival !== s) rivals[s]?.add(rival);
  }
  const rivalStarts = [0];
  const rivalList: number[] = [];
  for (const set of rivals) {
    rivalList.push(...[...set].sort((x, y) => x - y));
    rivalStarts.push(rivalList.length);
  }
  return {
    starts: Int32Array.from(starts),
    columns: Int32Array.from(columns),
    rivalStarts: Int32Array.from(rivalStarts),
    rivals: Int32Array.from(rivalList),
  };
}

/** XOR: at most one member wins. AND: all members win (or fill) alike. */
function addGroupRows(
  round: PreparedRound,
  component: Component,
  wonColumn: Map<number, number>,
  fillColumn: Map<number, number>,
  chosenColumn: Map<number, number>,
  addRow: (lower: number, upper: number, terms: [number, number][]) => void,
): void {
  const projectGroups = new Map<string, { type: string; cols: number[] }>();
  for (const p of component.projects) {
    const group = round.projects[p]?.group;
    const col = wonColumn.get(p);
    if (!group || col === undefined) continue;
    const entry = projectGroups.get(group.id) ?? { type: group.type, cols: [] };
    entry.cols.push(col);
    projectGroups.set(group.id, entry);
  }
  const requirementGroups = new Map<string, { type: string; cols: number[] }>();
  for (const r of component.requirements) {
    const requirement = round.requirements[r];
    const group = requirement?.group;
    const fill = fillColumn.get(r);
    if (!group || fill === undefined) continue;
    const chosen = chosenColumn.get(r);
    if (chosen !== undefined)
      addRow(Number.NEGATIVE_INFINITY, 0, [
        [fill, 1],
        [chosen, -1],
      ]);
    const entry = requirementGroups.get(group.id) ?? { type: group.type, cols: [] };
    entry.cols.push(group.type === 'XOR' ? (chosen ?? fill) : fill);
    requirementGroups.set(group.id, entry);
  }
  for (const { type, cols } of [...projectGroups.values(), ...requirementGroups.values()]) {
    if (cols.length < 2) continue;
    if (type === 'XOR')
      addRow(
        Number.NEGATIVE_INFINITY,
        1,
        cols.map((col) => [col, 1]),
      );
    else
      for (let i = 1; i < cols.length; i++)
        addRow(0, 0, [
          [cols[0] as number, 1],
          [cols[i] as number, -1],
        ]);
  }
}
