/** A mixed-integer model as plain typed arrays: row-wise matrix, maximised. */
export type ModelArrays = {
  numCols: number;
  numRows: number;
  colCost: Float64Array;
  colLower: Float64Array;
  colUpper: Float64Array;
  integrality: Int32Array;
  rowLower: Float64Array;
  rowUpper: Float64Array;
  starts: Int32Array;
  indices: Int32Array;
  values: Float64Array;
};

/** On/off switches of a model and their rivals (see `SolveRequest.switches`). */
export type Switches = {
  starts: Int32Array;
  columns: Int32Array;
  rivalStarts: Int32Array;
  rivals: Int32Array;
};

/** A model sent to a solver thread, with how to solve it. */
export type SolveRequest = ModelArrays & {
  id: number;
  timeLimitSeconds: number;
  absoluteGap: number;
  /** HiGHS presolve and primal-heuristic effort for this solve. */
  presolve: 'on' | 'off';
  heuristicEffort: number;
  /** HiGHS's sub-MIP heuristics (RINS, RENS, root reduced cost): off for a thread that only proves. */
  subMipHeuristics: boolean;
  randomSeed: number;
  /**
   * How to find a start before the full solve (`starts.ts`), with what share of the time limit (0: no
   * start), at most this many seconds.
   */
  start: 'none' | 'local-search';
  startShare: number;
  startMaxSeconds: number;
  /**
   * The model's on/off switches for the local-search start: each a list of binary columns set together
   * (a project's `won`, or every `won` of an AND group), as `columns[starts[s]..starts[s+1]]`; and each
   * switch's rivals, the switches whose projects sell into a requirement class its projects sell into
   * (at the class's near multiplier), as `rivals[rivalStarts[s]..rivalStarts[s+1]]`.
   */
  switches: Switches;
  /** A known feasible start (column index, value) for the integer columns; may be empty. */
  warmStart: { indices: Int32Array; values: Float64Array };
  /** Where racing threads share their best solutions (`exchange.ts`); null when solved alone. */
  exchange: SharedArrayBuffer | null;
  /**
   * Whether this thread takes up the exchange's answers (it always gives its own). A finder does not:
   * from another thread's answer HiGHS's neighbourhood heuristics find nothing better, from its own
   * start they go on finding better answers.
   */
  adoptShared: boolean;
};

/** Messages a solver thread posts back. */
export type SolverMessage =
  | { type: 'ready' }
  | { type: 'progress'; id: number; best: number | null; bound: number | null; gap: number | null }
  | { type: 'incumbent'; id: number; objective: number; colValue: Float64Array }
  | {
      type: 'done';
      id: number;
      status: 'Optimal' | 'TimeLimit' | 'Infeasible' | 'Other';
      detail: string;
      objective: number | null;
      bound: number | null;
      colValue: Float64Array | null;
    }
  | { type: 'failed'; id: number; message: string };
