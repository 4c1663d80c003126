/** The part of the WebAssembly global this package uses (its TypeScript lib has no DOM types). */
declare namespace WebAssembly {
  /** A compiled module; it can be shared with worker threads. */
  class Module {
    private constructor();
  }
  /** A module's linear memory. */
  class Memory {
    private constructor();
    readonly buffer: ArrayBuffer;
  }
  /** An instantiated module. */
  class Instance {
    private constructor();
    readonly exports: Record<string, unknown>;
  }
  type Imports = Record<string, Record<string, unknown>>;
  /** Compiles module bytes. */
  function compile(bytes: ArrayBufferView): Promise<Module>;
  /** Instantiates a compiled module. */
  function instantiate(module: Module, imports: Imports): Promise<Instance>;
}
