/** The part of the WebAssembly global this package uses (its TypeScript lib has no DOM types). */
declare namespace WebAssembly {
  /** A compiled module; it can be shared with worker threads. */
  class Module {
    private constructor();
  }
  /** Compiles module bytes. */
  function compile(bytes: ArrayBufferView): Promise<Module>;
}
