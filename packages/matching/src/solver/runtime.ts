import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import highsLoader, { type Highs } from 'highs';

/** HiGHS's WebAssembly, compiled; a compiled module can be shared with worker threads. */
export function compileHighs(): Promise<WebAssembly.Module> {
  return WebAssembly.compile(readFileSync(createRequire(import.meta.url).resolve('highs/runtime')));
}

/**
 * Loads a HiGHS runtime from a compiled module (compiled here when none is given). The module is
 * instantiated here because the loader's own `wasmModule` option is not read by this build; holding the
 * instance's memory also allows the callback-solution repair below.
 */
export async function loadHighs(compiled?: WebAssembly.Module): Promise<Highs> {
  let memory: WebAssembly.Memory | null = null;
  const highs = await highsLoader({
    instantiateWasm(imports: WebAssembly.Imports, done: (instance: WebAssembly.Instance) => void) {
      void (compiled ? Promise.resolve(compiled) : compileHighs())
        .then((module) => WebAssembly.instantiate(module, imports))
        .then((instance) => {
          memory =
            (Object.values(instance.exports).find((e) => e instanceof WebAssembly.Memory) as
              | WebAssembly.Memory
              | undefined) ?? null;
          done(instance);
        });
      return {};
    },
  } as Parameters<typeof highsLoader>[0]);
  acceptCallbackSolutions(highs, () => memory);
  return highs;
}

/**
 * HiGHS 1.15's callback bridge hands the callback a snapshot of its input and copies the snapshot back
 * afterwards; `Highs_setCallbackSolution` records an accepted solution on the live input only, so the
 * copy-back drops it and a solution handed in from the user-solution callback is silently ignored.
 * Setting the snapshot's `user_has_solution` after a successful call lets it through (the fourth 32-bit
 * field of `HighsCallbackDataIn`: interrupt, solution pointer, callback data pointer, has-solution,
 * size). HiGHS still checks the solution's feasibility before adopting it.
 */
function acceptCallbackSolutions(highs: Highs, memory: () => WebAssembly.Memory | null): void {
  const runtime = highs as unknown as Record<string, unknown>;
  const original = runtime._Highs_setCallbackSolution;
  if (typeof original !== 'function') return;
  const setSolution = original as (dataIn: number, numCols: number, values: number) => number;
  runtime._Highs_setCallbackSolution = (dataIn: number, numCols: number, values: number) => {
    const status = setSolution(dataIn, numCols, values);
    const buffer = memory()?.buffer;
    if (status === 0 && buffer) new Int32Array(buffer)[(dataIn >> 2) + 3] = 1;
    return status;
  };
}
