import { emptyAllocation } from './model/allocation.ts';
import { surplusOf } from './model/extract.ts';
import { type Component, type PreparedRound, partsApart } from './model/prepare.ts';
import { type Answer, answerOf, copyComponent, type Part, type PlanOptions, planPart } from './parts.ts';
import { dropUnpayableClusters } from './payments.ts';
import type { SolveOutcome } from './solver/pool.ts';

/** Solves parts until a deadline (`solveParts` on the caller's pool). */
type SolvePieces = (parts: Part[], deadline: number) => Promise<(SolveOutcome | null)[]>;

/**
 * Shares of the time left that the answer apart may use: the small pieces, each grouped requirement free,
 * until OUTER_SHARE; the largest piece until HUB_SHARE; the small pieces again, every grouped fill fixed,
 * until FINAL_SHARE. The joined solve has the rest.
 */
const OUTER_SHARE = 0.3;
const HUB_SHARE = 0.6;
const FINAL_SHARE = 0.85;

/**
 * An answer of a part that AND groups of requirements join (a development's needs of several credit
 * types link the biodiversity part to nutrient parts), found by solving its pieces apart, each far faster
 * than the joined model. First the small pieces, each grouped requirement free at its own bid. Then the
 * largest piece (the hub), once: a grouped requirement there may be met only as far as all its partners
 * were (and wholly or not at all when one of them is indivisible). Each group's fill is then what the hub
 * gave it (or, without a member in the hub, the least of its members'), and the small pieces whose members
 * were met further are solved again with every grouped fill fixed. Null when the part does not fall apart.
 */
export async function solveApart(
  round: PreparedRound,
  part: Part,
  solve: SolvePieces,
  deadline: number,
  options: PlanOptions & { absoluteGap: number },
  pieces: Component[] = partsApart(round, part.component),
): Promise<Answer | null> {
  if (pieces.length < 2) return null;
  const started = Date.now();
  const until = (share: number) => started + (deadline - started) * share;
  const groups = andGroups(round, part.component);
  const pieceOf = new Map<number, number>();
  pieces.forEach((piece, n) => {
    for (const r of piece.requirements) pieceOf.set(r, n);
  });
  const size = (piece: Component) => piece.projects.length + piece.requirements.length;
  const hub = pieces.reduce((h, piece, n) => (size(piece) > size(pieces[h] as Component) ? n : h), 0);
  const outer = pieces.flatMap((_, n) => (n === hub ? [] : [n]));
  // A member in no piece has no supply at all: its group is never met.
  const fixed = new Map<number, number>();
  for (const members of groups)
    if (members.some((r) => !pieceOf.has(r))) for (const r of members) fixed.set(r, 0);
  const answers: Answer[] = pieces.map(() => unmet(round));
  const fillOf = (r: number) => answers[pieceOf.get(r) ?? -1]?.allocation.fill[r] ?? 0;
  const indivisible = (members: number[]) => members.some((r) => !round.requirements[r]?.divisible);

  const first = await solvePieces(
    round,
    select(pieces, outer),
    { fixed },
    solve,
    until(OUTER_SHARE),
    options,
  );
  outer.forEach((n, j) => {
    answers[n] = first[j] as Answer;
  });
  // The hub's grouped requirements, met no further than their partners elsewhere were.
  const upper = new Map<number, number>();
  const integer = new Set<number>();
  for (const members of groups) {
    const inHub = members.filter((r) => pieceOf.get(r) === hub);
    if (inHub.length === 0) continue;
    const elsewhere = members.filter((r) => pieceOf.get(r) !== hub).map(fillOf);
    const most = Math.min(1, ...elsewhere);
    for (const r of inHub) {
      upper.set(r, fixed.get(r) ?? (indivisible(members) && most < 1 ? 0 : most));
      if (indivisible(members)) integer.add(r);
    }
  }
  const [hubAnswer] = await solvePieces(
    round,
    [pieces[hub] as Component],
    { upper, integer },
    solve,
    until(HUB_SHARE),
    options,
  );
  answers[hub] = hubAnswer as Answer;
  // Each group's fill: the hub's, or the least its members elsewhere reached.
  const final = new Map<number, number>();
  for (const members of groups) {
    const inHub = members.find((r) => pieceOf.get(r) === hub);
    let fill = inHub !== undefined ? fillOf(inHub) : Math.min(...members.map(fillOf));
    if (indivisible(members) && fill < 1) fill = 0;
    for (const r of members) final.set(r, fill);
  }
  // Members met further than their group are met less far (the hub's own only when its answer was not
  // the solver's); the small pieces where that happened are solved again.
  const again = outer.filter((n) =>
    (pieces[n] as Component).requirements.some((r) => final.has(r) && fillOf(r) !== final.get(r)),
  );
  for (const [r, fill] of final) {
    const n = pieceOf.get(r);
    if (n !== undefined && fillOf(r) !== fill) reduceFill(round, answers[n] as Answer, r, fill);
  }
  if (again.length > 0 && Date.now() < until(FINAL_SHARE)) {
    const starts = again.map((n) => answers[n] as Answer);
    const last = await solvePieces(
      round,
      select(pieces, again),
      { fixed: final, starts },
      solve,
      until(FINAL_SHARE),
      options,
    );
    again.forEach((n, j) => {
      const answer = last[j];
      if (answer && answer.surplus > (answers[n] as Answer).surplus) answers[n] = answer;
    });
  }
  const allocation = emptyAllocation(round.projects.length, round.requirements.length);
  pieces.forEach((piece, n) => {
    copyComponent(piece, (answers[n] as Answer).allocation, allocation);
  });
  // A piece made to meet its share of a group the hub met in part may have a project that no longer pays;
  // its trading cluster (the group's members with it) is better left out.
  dropUnpayableClusters(round, allocation);
  return { allocation, surplus: surplusOf(round, allocation) };
}

function select<T>(items: T[], at: number[]): T[] {
  return at.map((n) => items[n] as T);
}

/** The members of each AND group of requirements in a component, in canonical order. */
export function andGroups(round: PreparedRound, component: Component): number[][] {
  const byGroup = new Map<string, number[]>();
  for (const r of component.requirements) {
    const group = round.requirements[r]?.group;
    if (group?.type !== 'AND') continue;
    const members = byGroup.get(group.id) ?? [];
    members.push(r);
    byGroup.set(group.id, members);
  }
  return [...byGroup.values()];
}

/** How pieces are solved: fills held at a value, fills bounded above, fills made integer, starts. */
type Restrictions = {
  fixed?: Map<number, number>;
  upper?: Map<number, number>;
  integer?: Set<number>;
  starts?: Answer[];
};

/**
 * Solves pieces under restrictions on their fills, each from its start (else its greedy answer, used only
 * when it keeps the fixed and bounded fills).
 */
async function solvePieces(
  round: PreparedRound,
  pieces: Component[],
  { fixed = new Map(), upper = new Map(), integer = new Set(), starts }: Restrictions,
  solve: SolvePieces,
  deadline: number,
  options: PlanOptions & { absoluteGap: number },
): Promise<Answer[]> {
  const parts = pieces.map((piece, n) => {
    const part = planPart(round, piece, options);
    const start = starts?.[n];
    if (start) part.fallback = () => start;
    else {
      const greedy = part.fallback;
      part.fallback = () => keepsBounds(greedy(), piece, fixed, upper) ?? unmet(round);
    }
    const model = part.model;
    for (const [r, col] of model?.fillColumn ?? []) {
      if (!model) continue;
      const value = fixed.get(r);
      if (value !== undefined) model.colLower[col] = value;
      const most = value ?? upper.get(r);
      if (most !== undefined) model.colUpper[col] = most;
      if (integer.has(r)) model.integrality[col] = 1;
    }
    return part;
  });
  const outcomes = await solve(parts, deadline);
  return parts.map((part, n) => answerOf(round, part, outcomes[n] ?? null, options.absoluteGap));
}

/** The answer when it keeps every fixed fill and upper bound of the piece, else null. */
function keepsBounds(
  answer: Answer,
  piece: Component,
  fixed: Map<number, number>,
  upper: Map<number, number>,
): Answer | null {
  const breaks = piece.requirements.some((r) => {
    const fill = answer.allocation.fill[r] ?? 0;
    const value = fixed.get(r);
    return (value !== undefined && fill !== value) || fill > (upper.get(r) ?? 1);
  });
  return breaks ? null : answer;
}

/** Nothing trades. */
function unmet(round: PreparedRound): Answer {
  return { allocation: emptyAllocation(round.projects.length, round.requirements.length), surplus: 0 };
}

/** Meets a requirement less far (`fill` below its own): its flows scaled down alike (the projects stay won). */
function reduceFill(round: PreparedRound, answer: Answer, r: number, fill: number): void {
  const before = answer.allocation.fill[r] ?? 0;
  const scale = before > 0 ? fill / before : 0;
  answer.allocation.fill[r] = fill;
  answer.allocation.flows = answer.allocation.flows.flatMap((flow) =>
    flow.requirement !== r ? [flow] : scale > 0 ? [{ ...flow, units: flow.units * scale }] : [],
  );
  answer.surplus -= (round.requirements[r]?.bid ?? 0) * (before - fill);
}
