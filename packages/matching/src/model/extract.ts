import type { Requirement } from '../instance.schema.ts';
import { requiredUnits } from '../rules/compatibility.ts';
import type { Allocation, InternalFlow } from './allocation.ts';
import { COLUMN, type ComponentModel } from './build.ts';
import type { Component, PreparedRound } from './prepare.ts';

const EPS = 1e-7;

/** A delivery into a class: credit, true multiplier, supply units. */
type Piece = { credit: number; multiplier: number; units: number };

/**
 * Turns a component's column values into won projects, fills and per-requirement flows
 * (undoing the class aggregation and the far pools), writing them into `allocation`.
 */
export function extractComponent(
  round: PreparedRound,
  component: Component,
  model: ComponentModel,
  colValue: Float64Array,
  allocation: Allocation,
): void {
  for (const [p, col] of model.wonColumn) allocation.won[p] = (colValue[col] ?? 0) > 0.5;
  for (const [r, col] of model.fillColumn) {
    const requirement = round.requirements[r] as Requirement;
    const raw = Math.min(1, Math.max(0, colValue[col] ?? 0));
    allocation.fill[r] = !requirement.divisible ? (raw > 0.5 ? 1 : 0) : cleanFraction(raw);
  }
  const piecesOf = new Map<string, Piece[]>();
  const poolSupply = new Map<string, { credit: number; units: number }[]>();
  const poolDraws: { pool: number; cls: number; period: number; credited: number }[] = [];
  const wonCredit = (c: number) => allocation.won[round.credits[c]?.project ?? -1] === true;
  for (let j = 0; j < model.numCols; j++) {
    const value = colValue[j] ?? 0;
    if (value <= EPS) continue;
    const kind = model.kind[j];
    const a = model.a[j] as number;
    const b = model.b[j] as number;
    const t = model.t[j] as number;
    if (kind === COLUMN.direct && wonCredit(a)) {
      const multiplier = round.classes[b]?.direct.find((d) => d.credit === a)?.multiplier ?? 0.5;
      push(piecesOf, `${b}|${t}`, { credit: a, multiplier, units: value });
    } else if (kind === COLUMN.poolIn && wonCredit(a)) {
      push(poolSupply, `${b}|${t}`, { credit: a, units: value });
    } else if (kind === COLUMN.poolOut) {
      poolDraws.push({ pool: a, cls: b, period: t, credited: value * 0.5 });
    }
  }
  // A far pool's supply is handed to the classes drawing on it, in class order.
  poolDraws.sort((x, y) => x.pool - y.pool || x.period - y.period || x.cls - y.cls);
  for (const draw of poolDraws) {
    const supply = poolSupply.get(`${draw.pool}|${draw.period}`) ?? [];
    let credited = draw.credited;
    while (credited > EPS && supply.length > 0) {
      const head = supply[0] as { credit: number; units: number };
      // A near credit drawn through the pool counts at its true (higher) multiplier, so fewer units do.
      const multiplier =
        round.classes[draw.cls]?.direct.find((d) => d.credit === head.credit)?.multiplier ?? 0.5;
      const units = Math.min(head.units, credited / multiplier);
      push(piecesOf, `${draw.cls}|${draw.period}`, { credit: head.credit, multiplier, units });
      credited -= units * multiplier;
      head.units -= units;
      if (head.units <= EPS) supply.shift();
    }
  }
  for (const k of component.classes) {
    const cls = round.classes[k];
    if (!cls) continue;
    for (let t = 0; t < cls.periods; t++) {
      const pieces = piecesOf.get(`${k}|${t}`) ?? [];
      pieces.sort((x, y) => y.multiplier - x.multiplier || x.credit - y.credit);
      allocateSequentially(round, cls.requirements, t, pieces, allocation);
    }
  }
}

/** Fills requirements one after another from the pieces, so each gets few flows. */
function allocateSequentially(
  round: PreparedRound,
  requirements: number[],
  period: number,
  pieces: Piece[],
  allocation: Allocation,
): void {
  let i = 0;
  for (const r of requirements) {
    let need = requiredUnits(round.requirements[r] as Requirement, period) * (allocation.fill[r] ?? 0);
    const out = new Map<number, number>();
    while (need > EPS && i < pieces.length) {
      const piece = pieces[i] as Piece;
      const units = Math.min(piece.units, need / piece.multiplier);
      out.set(piece.credit, (out.get(piece.credit) ?? 0) + units);
      need -= units * piece.multiplier;
      piece.units -= units;
      if (piece.units <= EPS) i++;
    }
    for (const [credit, units] of out) allocation.flows.push({ credit, requirement: r, period, units });
  }
}

function push<T>(map: Map<string, T[]>, key: string, item: T): void {
  const list = map.get(key);
  if (list) list.push(item);
  else map.set(key, [item]);
}

/** Fractions within a millionth of 0 or 1 are that bound; others keep six decimals. */
function cleanFraction(value: number): number {
  if (value < 1e-6) return 0;
  if (value > 1 - 1e-6) return 1;
  return Math.round(value * 1e6) / 1e6;
}

/** Objective of an allocation: sum of bids x fill - sum of winning offers. */
export function surplusOf(round: PreparedRound, allocation: Pick<Allocation, 'won' | 'fill'>): number {
  let surplus = 0;
  round.requirements.forEach((r, i) => {
    surplus += r.bid * (allocation.fill[i] ?? 0);
  });
  round.projects.forEach((p, i) => {
    if (allocation.won[i]) surplus -= p.offer;
  });
  return surplus;
}

/**
 * Merges flows of the same credit, requirement and period, and leaves out the solver's noise (what trades is
 * decided when the flows are rounded to hundredths: `clearRound`).
 */
export function mergeFlows(flows: InternalFlow[]): InternalFlow[] {
  const merged = new Map<string, InternalFlow>();
  for (const flow of flows) {
    const key = `${flow.credit}|${flow.requirement}|${flow.period}`;
    const known = merged.get(key);
    if (known) known.units += flow.units;
    else merged.set(key, { ...flow });
  }
  return [...merged.values()].filter((flow) => flow.units > 1e-9);
}
