/**
 * An incumbent exchange between threads racing on one model: a shared buffer holding the best known
 * solution. The main thread writes every improvement any racer reports; each racer reads it at HiGHS's
 * user-solution checkpoints and adopts it when it beats its own, so a thread tuned for the proof prunes
 * with the answers a thread tuned for finding them has found.
 *
 * Layout: Int32 lock, Int32 sequence number, Float64 objective, Float64 column values.
 */
const HEADER_BYTES = 16;

export type Incumbent = { sequence: number; objective: number; colValue: Float64Array };

/** A buffer for a model of `numCols` columns, empty (sequence 0). */
export function createExchange(numCols: number): SharedArrayBuffer {
  return new SharedArrayBuffer(HEADER_BYTES + 8 * numCols);
}

function locked<T>(exchange: SharedArrayBuffer, body: (view: Float64Array, header: Int32Array) => T): T {
  const header = new Int32Array(exchange, 0, 2);
  while (Atomics.compareExchange(header, 0, 0, 1) !== 0) {
    // The critical sections are a copy of one vector: spin.
  }
  try {
    return body(new Float64Array(exchange, 8), header);
  } finally {
    Atomics.store(header, 0, 0);
  }
}

/** Stores a solution if it beats the stored one; returns whether it did. */
export function offerIncumbent(
  exchange: SharedArrayBuffer,
  objective: number,
  colValue: Float64Array,
): boolean {
  return locked(exchange, (view, header) => {
    const sequence = Atomics.load(header, 1);
    if (sequence > 0 && objective <= (view[0] ?? Number.NEGATIVE_INFINITY)) return false;
    view[0] = objective;
    view.set(colValue.subarray(0, view.length - 1), 1);
    Atomics.store(header, 1, sequence + 1);
    return true;
  });
}

/** The stored solution when it is newer than `seen` (a sequence number), else null. */
export function takeIncumbent(exchange: SharedArrayBuffer, seen: number): Incumbent | null {
  const header = new Int32Array(exchange, 0, 2);
  if (Atomics.load(header, 1) <= seen) return null;
  return locked(exchange, (view) => ({
    sequence: Atomics.load(header, 1),
    objective: view[0] ?? Number.NEGATIVE_INFINITY,
    colValue: view.slice(1),
  }));
}
