/**
 * An incumbent exchange between threads racing on one model: a shared buffer holding the best known
 * solution. The main thread writes every improvement any racer reports; each racer reads it at HiGHS's
 * user-solution checkpoints and hands it to HiGHS when it beats its own, so a thread tuned for the
 * proof prunes with the answers a thread tuned for finding them has found.
 *
 * A sequence lock without waiting: only the main thread writes, making the counter odd while it
 * writes and even after; a reader that sees an odd counter, or a different one after copying, drops
 * what it read and looks again at the next checkpoint. No thread ever waits for another, so a solver
 * thread terminated in the middle of a read cannot block anyone.
 *
 * Layout: Int32 counter, Int32 unused, Float64 objective, Float64 column values.
 */
const HEADER_BYTES = 16;

export type Incumbent = { sequence: number; objective: number; colValue: Float64Array };

/** A buffer for a model of `numCols` columns, empty (sequence 0). */
export function createExchange(numCols: number): SharedArrayBuffer {
  return new SharedArrayBuffer(HEADER_BYTES + 8 * numCols);
}

/** Stores a solution if it beats the stored one; returns whether it did. Main thread only. */
export function offerIncumbent(
  exchange: SharedArrayBuffer,
  objective: number,
  colValue: Float64Array,
): boolean {
  const counter = new Int32Array(exchange, 0, 1);
  const view = new Float64Array(exchange, 8);
  if (Atomics.load(counter, 0) > 0 && objective <= (view[0] ?? Number.NEGATIVE_INFINITY)) return false;
  Atomics.add(counter, 0, 1);
  view[0] = objective;
  view.set(colValue.subarray(0, view.length - 1), 1);
  Atomics.add(counter, 0, 1);
  return true;
}

/** The stored solution when it is newer than `seen` (a sequence number), else null. */
export function takeIncumbent(exchange: SharedArrayBuffer, seen: number): Incumbent | null {
  const counter = new Int32Array(exchange, 0, 1);
  const before = Atomics.load(counter, 0);
  if (before % 2 === 1 || before / 2 <= seen) return null;
  const view = new Float64Array(exchange, 8);
  const objective = view[0] ?? Number.NEGATIVE_INFINITY;
  const colValue = view.slice(1);
  // A write began meanwhile: what was copied may be torn.
  if (Atomics.load(counter, 0) !== before) return null;
  return { sequence: before / 2, objective, colValue };
}
