import { type Allocation, emptyAllocation } from './model/allocation.ts';
import { buildComponentModel, type ComponentModel } from './model/build.ts';
import { extractComponent, surplusOf } from './model/extract.ts';
import { greedyComponent } from './model/greedy.ts';
import { greedyByProject } from './model/greedy-projects.ts';
import type { Component, PreparedRound } from './model/prepare.ts';
import type { SolveOutcome } from './solver/pool.ts';

/** An allocation of one part and its surplus. */
export type Answer = { allocation: Allocation; surplus: number };

/**
 * A component, its model (null when not solved), and its answer without the solver: the greedy one,
 * computed on first use, unless a better one is known (`fallback` is replaced then).
 */
export type Part = { component: Component; model: ComponentModel | null; fallback: () => Answer };

/** How parts are modelled. */
export type PlanOptions = { greedyOnly: boolean; maxNonzeros: number; dominance: boolean };

/** A component's model (unless too large or not wanted) and its greedy answer, computed when first asked for. */
export function planPart(round: PreparedRound, component: Component, options: PlanOptions): Part {
  const model = options.greedyOnly
    ? null
    : buildComponentModel(round, component, { dominance: options.dominance });
  const tooLarge = model !== null && model.indices.length > options.maxNonzeros;
  // The greedy answer waits until something needs it, so the largest part's solve need not wait for it.
  let greedy: Answer | null = null;
  const greedyAnswer = () => {
    if (greedy) return greedy;
    // Projects first (each opened where its units earn most), then requirements left over.
    const allocation = emptyAllocation(round.projects.length, round.requirements.length);
    greedyByProject(round, component, allocation);
    greedyComponent(round, component, allocation);
    greedy = { allocation, surplus: surplusOf(round, allocation) };
    return greedy;
  };
  return { component, model: tooLarge ? null : model, fallback: greedyAnswer };
}

/**
 * A part's answer after its solve: the solver's, unless the fallback beats it by more than the gap it was
 * solved to (`absoluteGap` plus the objective's tie-breaks); `optimal` when the solver's answer stands proven.
 */
export function answerOf(
  round: PreparedRound,
  part: Part,
  outcome: SolveOutcome | null,
  absoluteGap: number,
): Answer & { optimal: boolean } {
  const fallback = part.fallback();
  if (!outcome?.colValue || !part.model) return { ...fallback, optimal: false };
  const candidate = emptyAllocation(round.projects.length, round.requirements.length);
  extractComponent(round, part.component, part.model, outcome.colValue, candidate);
  const surplus = surplusOf(round, candidate);
  if (surplus < fallback.surplus - absoluteGap - part.model.tieBreakBudget)
    return { ...fallback, optimal: false };
  return { allocation: candidate, surplus, optimal: outcome.status === 'Optimal' };
}

/** Every bid met in full and no offer paid: no allocation of the component can do better. */
export function trivialBound(round: PreparedRound, component: Component): number {
  return component.requirements.reduce((sum, r) => sum + (round.requirements[r]?.bid ?? 0), 0);
}

/** Copies a component's decisions and flows from one allocation into another. */
export function copyComponent(component: Component, from: Allocation, to: Allocation): void {
  for (const p of component.projects) to.won[p] = from.won[p] ?? false;
  for (const r of component.requirements) to.fill[r] = from.fill[r] ?? 0;
  const inside = new Set(component.requirements);
  for (const flow of from.flows) if (inside.has(flow.requirement)) to.flows.push(flow);
}
