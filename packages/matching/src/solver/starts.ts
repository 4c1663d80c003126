import type { Highs } from 'highs';
import type { SolveRequest } from './protocol.ts';

/** A feasible answer of the full model, found before the full solve starts. */
type Start = { objective: number; colValue: Float64Array };

type Bounds = { colLower: Float64Array; colUpper: Float64Array; integrality?: Int32Array };
type HighsModel = ReturnType<Highs['createModel']>;

/** The local search's last step keeps the best answer once this long has passed without a better one. */
const COMPLETION_PATIENCE_MS = 300;
/**
 * Projects tried per round of the local search, most promising first; the first PAIRED_PER_ROUND of
 * them are also tried with partners, PARTNERS_PER_MOVE each. Pairs cost three LPs a project, and on
 * 17 generated rounds (200x800 to 1000x4000) every pair that gained began with one of the first 11
 * projects, single flips with any of the 30.
 */
const MOVES_PER_ROUND = 30;
const PAIRED_PER_ROUND = 12;
const PARTNERS_PER_MOVE = 3;
/**
 * Swaps in local markets, once the moves stop: a switch the relaxation opens in part (between
 * PART_OPEN and 1 - PART_OPEN) is tried with SWAP_PARTNERS of its rivals. On five 500x2000 rounds they
 * lift the start on three (on seed 5 to the optimum, 13,600 GBP higher) and lengthen the search by
 * 0.4-1.8 s.
 */
const PART_OPEN = 0.05;
const SWAP_PARTNERS = 4;
/** Share of the local search's budget for its moves; the rest is the completing MIP's. */
const MOVES_SHARE = 0.8;

/**
 * The request's model with other column bounds, and without integrality unless given. With `negated`,
 * HiGHS minimises the negated objective instead of maximising it (every objective it reports is then
 * the negative of the request's): in a maximisation HiGHS 1.15 drops a better solution handed in from
 * the user-solution callback once it holds one of its own, in a minimisation it adopts it.
 */
export function createModel(
  highs: Highs,
  request: SolveRequest,
  bounds: Bounds,
  { negated = false }: { negated?: boolean } = {},
): HighsModel {
  return highs.createModel({
    numCols: request.numCols,
    numRows: request.numRows,
    sense: negated ? highs.constants.objectiveSense.minimize : highs.constants.objectiveSense.maximize,
    colCost: negated ? request.colCost.map((c) => -c) : request.colCost,
    colLower: bounds.colLower,
    colUpper: bounds.colUpper.map((u) => (Number.isFinite(u) ? u : highs.infinity)),
    rowLower: request.rowLower.map((l) => (Number.isFinite(l) ? l : -highs.infinity)),
    rowUpper: request.rowUpper.map((u) => (Number.isFinite(u) ? u : highs.infinity)),
    ...(bounds.integrality ? { integrality: bounds.integrality } : {}),
    matrix: {
      format: 'csr',
      numRows: request.numRows,
      numCols: request.numCols,
      starts: request.starts,
      indices: request.indices,
      values: request.values,
    },
  });
}

/** Solves the LP relaxation: its optimum and values, or null. */
function solveRelaxation(
  highs: Highs,
  request: SolveRequest,
  seconds: number,
): { model: HighsModel; objective: number; colValue: Float64Array } | null {
  const model = createModel(highs, request, { colLower: request.colLower, colUpper: request.colUpper });
  model.options.set({ output_flag: false, time_limit: Math.max(0.1, seconds) });
  if (model.run().modelStatus !== highs.constants.modelStatus.optimal) {
    model.dispose();
    return null;
  }
  return { model, objective: model.getObjectiveValue(), colValue: model.getSolution().colValue };
}

/**
 * A local-search start for models whose hard decisions are on/off switches (which projects win): the
 * LP relaxation's switches rounded, then improved one switch at a time, or a switch and a partner, each
 * move judged by the LP with every switch fixed (a few dual simplex iterations from the last basis). The
 * LP's reduced costs bound what flipping one switch can gain, so only promising flips are tried. Once
 * no move gains, swaps in local markets (unless `swaps` is false): a switch the relaxation opens in
 * part, switched on in place of a rival. The remaining integer columns are then completed by a short
 * MIP with the switches fixed.
 */
export function localSearchStart(
  highs: Highs,
  request: SolveRequest,
  seconds: number,
  onBound: (bound: number) => void,
  { swaps = true }: { swaps?: boolean } = {},
): Start | null {
  const started = Date.now();
  const deadline = started + seconds * 1000;
  // The moves stop in time to leave the completing MIP a share of the budget.
  const movesUntil = started + seconds * 1000 * MOVES_SHARE;
  const relaxation = solveRelaxation(highs, request, seconds * 2);
  if (!relaxation) return null;
  onBound(relaxation.objective);
  const { model } = relaxation;
  const switches = switchColumns(request);
  try {
    // How far the relaxation opens each switch.
    const share = switches.map(
      (columns) => columns.reduce((sum, j) => sum + (relaxation.colValue[j] ?? 0), 0) / columns.length,
    );
    const on = share.map((open) => open > 0.5);
    const set = (s: number, value: boolean) => {
      on[s] = value;
      for (const j of switches[s] ?? []) model.changeColBounds(j, value ? 1 : 0, value ? 1 : 0);
    };
    const evaluate = () =>
      model.run().modelStatus === highs.constants.modelStatus.optimal
        ? model.getObjectiveValue()
        : Number.NEGATIVE_INFINITY;
    /**
     * The candidates whose flip could gain most by the current LP's reduced costs (an upper bound on
     * what flipping one alone gains), gaining more than `above`; at most `count`, best first.
     */
    const ranked = (candidates: number[], count: number, above: number) => {
      const reduced = model.getSolution().colDual;
      if (!reduced) return [];
      return candidates
        .map((s) => {
          const slope = (switches[s] ?? []).reduce((sum, j) => sum + (reduced[j] ?? 0), 0);
          return { s, gain: on[s] ? -slope : slope };
        })
        .filter(({ gain }) => gain > above)
        .sort((x, y) => y.gain - x.gain || x.s - y.s)
        .slice(0, count)
        .map(({ s }) => s);
    };
    const everySwitch = switches.map((_, s) => s);
    const promising = (except: number, count: number) =>
      ranked(
        everySwitch.filter((s) => s !== except),
        count,
        request.absoluteGap,
      );
    for (const [s, value] of on.entries()) set(s, value);
    let value = evaluate();
    /** Flips a switch and keeps the flip if the LP gains more than the gap (else the caller undoes it). */
    const improves = (s: number) => {
      set(s, !on[s]);
      const after = evaluate();
      if (after <= value + request.absoluteGap) return false;
      value = after;
      return true;
    };
    /** Flips `s` with the first of `partners` whose opposite flip makes it gain; or flips nothing. */
    const improvesWithPartner = (s: number, partners: () => number[]) => {
      if (improves(s)) return true;
      for (const partner of partners()) {
        if (improves(partner)) return true;
        set(partner, !on[partner]);
      }
      set(s, !on[s]);
      return false;
    };
    /** The most promising flips, alone or with a partner; true at the first that gains. */
    const moveRound = () => {
      for (const [rank, s] of promising(-1, MOVES_PER_ROUND).entries()) {
        if (Date.now() >= movesUntil) return false;
        // Often a flip pays only with a partner's opposite flip (a cheaper project replacing another).
        if (improvesWithPartner(s, () => (rank < PAIRED_PER_ROUND ? promising(s, PARTNERS_PER_MOVE) : [])))
          return true;
      }
      return false;
    };
    /**
     * Swaps in local markets, which the moves' partners (ranked over all projects) miss: each switch the
     * relaxation opens in part and the search left off, switched on with one of its rivals switched
     * off, the SWAP_PARTNERS rated highest once it is on. True if any gained.
     */
    const partlyOpen = everySwitch
      .filter((s) => share[s] !== undefined && share[s] >= PART_OPEN && share[s] <= 1 - PART_OPEN)
      .sort((x, y) => (share[y] ?? 0) - (share[x] ?? 0) || x - y);
    const swapRound = () => {
      let gained = false;
      for (const s of partlyOpen) {
        if (Date.now() >= movesUntil) break;
        if (on[s]) continue;
        const rivals = () =>
          ranked(
            rivalsOf(request, s).filter((r) => on[r]),
            SWAP_PARTNERS,
            Number.NEGATIVE_INFINITY,
          );
        if (improvesWithPartner(s, rivals)) gained = true;
      }
      // The LP at the current switches again, for the next round's reduced costs.
      if (gained) value = evaluate();
      return gained;
    };
    while (Date.now() < movesUntil && (moveRound() || (swaps && swapRound())));
    const colLower = Float64Array.from(request.colLower);
    const colUpper = Float64Array.from(request.colUpper);
    switches.forEach((columns, s) => {
      for (const j of columns) colLower[j] = colUpper[j] = on[s] ? 1 : 0;
    });
    // The LP at the final switches (a move tried last may have left it elsewhere), if it solves.
    const relaxed = evaluate() > Number.NEGATIVE_INFINITY ? model.getSolution().colValue : null;
    return completeWithSwitchesFixed(highs, request, { colLower, colUpper }, relaxed, deadline);
  } finally {
    model.dispose();
  }
}

/** The rivals of switch `s` (see `SolveRequest.switches`). */
function rivalsOf(request: SolveRequest, s: number): number[] {
  const { rivalStarts, rivals } = request.switches;
  return Array.from(rivals.subarray(rivalStarts[s] ?? 0, rivalStarts[s + 1] ?? 0));
}

/** The switch columns of a request, one list per switch. */
function switchColumns(request: SolveRequest): number[][] {
  const { starts, columns } = request.switches;
  return Array.from({ length: Math.max(0, starts.length - 1) }, (_, s) =>
    Array.from(columns.subarray(starts[s] ?? 0, starts[s + 1] ?? 0)),
  );
}

/**
 * Settles what is left once the switches are fixed: which indivisible requirements are met. First a
 * small MIP that keeps every integer the LP at those switches sets to 0 or 1 and decides only the
 * fractional ones (on the largest 500x2000 parts: 7-14 of them, solved in 0.13-0.47 s; the whole MIP
 * alone, after its patience, ended 1,700-8,500 GBP lower on four of five), then the whole MIP from that
 * answer until the deadline or COMPLETION_PATIENCE_MS after its last better answer (0.24-0.41 s there,
 * up to 13,600 GBP better).
 */
function completeWithSwitchesFixed(
  highs: Highs,
  request: SolveRequest,
  bounds: { colLower: Float64Array; colUpper: Float64Array },
  relaxed: Float64Array | null,
  deadline: number,
): Start | null {
  if (!relaxed) return solveFixed(highs, request, bounds, deadline, { start: null, patient: true });
  const narrowed = {
    colLower: Float64Array.from(bounds.colLower),
    colUpper: Float64Array.from(bounds.colUpper),
  };
  request.integrality.forEach((integer, j) => {
    const value = Math.round(relaxed[j] ?? 0);
    if (integer && Math.abs((relaxed[j] ?? 0) - value) < INTEGRAL)
      narrowed.colLower[j] = narrowed.colUpper[j] = value;
  });
  const first = solveFixed(highs, request, narrowed, deadline, { start: null, patient: false });
  if (Date.now() >= deadline) return first;
  const second = solveFixed(highs, request, bounds, deadline, { start: first, patient: true });
  return second && (!first || second.objective > first.objective) ? second : first;
}

/** How near an integer the LP's value must be for the completion to keep it. */
const INTEGRAL = 1e-6;

/**
 * The model under these bounds as a MIP, from a start if given, until the deadline; if patient, also
 * until COMPLETION_PATIENCE_MS after its last better answer (the start counts). Null when no answer
 * was found.
 */
function solveFixed(
  highs: Highs,
  request: SolveRequest,
  bounds: { colLower: Float64Array; colUpper: Float64Array },
  deadline: number,
  { start, patient }: { start: Start | null; patient: boolean },
): Start | null {
  const restricted = createModel(
    highs,
    request,
    { ...bounds, integrality: request.integrality },
    { negated: true },
  );
  try {
    restricted.options.set({
      output_flag: false,
      time_limit: Math.max(0.2, (deadline - Date.now()) / 1000),
      mip_abs_gap: request.absoluteGap,
      mip_rel_gap: 0,
      random_seed: request.randomSeed,
      // With the switches fixed, branching alone finds the same answers: on five 500x2000 parts
      // HiGHS's heuristics (sub-MIPs included) made both steps 1.7-4.6 times as long.
      ...heuristicOptions(0, false),
    });
    if (start) restricted.setSolution({ colValue: start.colValue });
    let lastBetter: number | null = start ? Date.now() : null;
    restricted.run({
      [highs.constants.callbackType.mipImprovingSolution]() {
        lastBetter = Date.now();
      },
      [highs.constants.callbackType.mipInterrupt](event) {
        if (patient && lastBetter !== null && Date.now() - lastBetter > COMPLETION_PATIENCE_MS)
          event.interrupt();
      },
    });
    if (restricted.info.get('primal_solution_status') !== highs.constants.solutionStatus.feasible)
      return null;
    return { objective: -restricted.getObjectiveValue(), colValue: restricted.getSolution().colValue };
  } finally {
    restricted.dispose();
  }
}

/** HiGHS's primal-heuristic options: their effort, and whether its sub-MIP heuristics run. */
export function heuristicOptions(effort: number, subMips: boolean) {
  return {
    mip_heuristic_effort: effort,
    mip_heuristic_run_rins: subMips,
    mip_heuristic_run_rens: subMips,
    mip_heuristic_run_root_reduced_cost: subMips,
  };
}

/** A HiGHS figure, or null where HiGHS reports infinity or nothing. */
export function finite(value: number | undefined): number | null {
  return value !== undefined && Number.isFinite(value) && Math.abs(value) < 1e29 ? value : null;
}
