import type { SolverPool } from './solver/pool.ts';

/** Live figures of a clearing run, summed over its components. */
export type ClearingProgress = {
  best: number;
  bound: number;
  gap: number;
  solved: number;
  components: number;
};

/** How to clear. */
export type ClearOptions = {
  /** Wall-clock budget for the whole clear, in seconds (default 60): the solve stops in time for the rest. */
  timeLimitSeconds?: number;
  /** Solver threads (default: the cores, at most 2). */
  threads?: number;
  /** Absolute optimality gap in GBP at which a component counts as solved (default 1). */
  absoluteGap?: number;
  /** Skip the solver and return the greedy allocation (the benchmark's baseline). */
  greedyOnly?: boolean;
  onProgress?: (progress: ClearingProgress) => void;
  /** Solver threads to reuse across rounds; the caller closes them. */
  pool?: SolverPool;
  /** Largest model handed to HiGHS, in nonzeros (default MAX_MODEL_NONZEROS). */
  maxModelNonzeros?: number;
  /**
   * Dominance rows between indivisible requirements (default false: measured without gain on the connected
   * 500x2000 round). They leave the optimum as it is (`src/model/dominance.ts`).
   */
  dominance?: boolean;
  /**
   * Solve a large part that AND groups of requirements join by its pieces first (`apart.ts`; default false:
   * at 60 s on a machine so loaded that a clear gets 7-16 CPU seconds its answers were 1-3 % poorer, given
   * four times the time 14 % better: README, "Rounds of real shapes").
   */
  apart?: boolean;
  /**
   * Parts from this many columns on are large (default LARGE_PART_COLUMNS): a local-search start, both
   * threads, and, with `apart`, when AND groups of requirements join them, an answer apart first.
   */
  largePartColumns?: number;
};
