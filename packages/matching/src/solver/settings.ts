import type { SolveRequest } from './protocol.ts';

/** How one solver thread solves a part. */
export type SolverConfig = Pick<
  SolveRequest,
  | 'presolve'
  | 'heuristicEffort'
  | 'subMipHeuristics'
  | 'randomSeed'
  | 'start'
  | 'startShare'
  | 'startMaxSeconds'
  | 'adoptShared'
>;

/**
 * Solver settings, measured on generated rounds. HiGHS's sub-MIP heuristics (RINS, RENS, root reduced
 * cost) are off except in the finder: on small parts they triple the time, and on the largest 500x2000
 * part they take 40 % of it and, given a good answer, only delay the bound. A large part starts from a
 * local search over which projects win; its proof is fast only from a good answer, and faster without
 * presolve (from the local search's answer, one core: 3.1-6.5 s against 4.0-9.2 s on five 500x2000
 * parts); the second prover keeps presolve, so the two take different paths. When two cores are
 * free the largest part also gets a second thread, which shares answers with the first through the
 * exchange: a second prover (another path to the same proof, taking up the local search's answer
 * while its root is under way) or, on parts too large to prove in the time, a finder: HiGHS's own
 * heuristics from the greedy answer, which give their answers to the prover but take up none (from
 * the local search's answer they find nothing better in 30 s at 1000x4000; from their own start they
 * come within 0.04 % of the optimum).
 */
export const SMALL_PART: SolverConfig = {
  presolve: 'on',
  heuristicEffort: 0,
  subMipHeuristics: false,
  randomSeed: 0,
  start: 'none',
  startShare: 0,
  startMaxSeconds: 0,
  adoptShared: true,
};
export const PROVER: SolverConfig = {
  presolve: 'off',
  heuristicEffort: 0,
  subMipHeuristics: false,
  randomSeed: 0,
  start: 'local-search',
  startShare: 0.25,
  startMaxSeconds: 5,
  adoptShared: true,
};
export const SECOND_PROVER: SolverConfig = { ...SMALL_PART, randomSeed: 1 };
export const FINDER: SolverConfig = {
  presolve: 'on',
  heuristicEffort: 0.05,
  subMipHeuristics: true,
  randomSeed: 1,
  start: 'none',
  startShare: 0,
  startMaxSeconds: 0,
  adoptShared: false,
};

/**
 * The second thread on the largest part: on a part of up to this many integer columns a second prover
 * (from the greedy answer, adopting the local search's as soon as it is found), on a larger one a finder.
 */
export const SECOND_PROVER_MAX_INTEGERS = 1000;

/** Parts from this many columns on are large: they get a local-search start and, if a core is free, a race. */
export const LARGE_PART_COLUMNS = 2000;
