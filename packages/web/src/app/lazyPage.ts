import { LAZY_RELOAD_LIMIT, LAZY_RELOAD_RESET_MS } from '@curlew/domain';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** Local-storage key counting reloads caused by a page chunk that failed to load. */
export const CHUNK_RELOAD_KEY = 'curlew.chunkReloads';
/** A failing chunk reloads the page at most this many times (SPEC 2). */
export const MAX_CHUNK_RELOADS = LAZY_RELOAD_LIMIT;
/** The counter is cleared this long after a chunk loads (SPEC 2). */
export const CHUNK_RELOAD_RESET_MS = LAZY_RELOAD_RESET_MS;

/** What the reload logic needs from the browser; tests pass their own. */
export interface ChunkReloadEnvironment {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  reload: () => void;
  setTimeout: (callback: () => void, ms: number) => unknown;
}

const browserEnvironment = (): ChunkReloadEnvironment => ({
  storage: window.localStorage,
  reload: () => window.location.reload(),
  setTimeout: (callback, ms) => window.setTimeout(callback, ms),
});

/**
 * Loads a chunk; when it fails, reloads the page (a new deployment may have replaced the chunk) up to
 * MAX_CHUNK_RELOADS times, then lets the error reach the error page; success clears the counter after 500 ms.
 */
export async function loadChunkWithReload<T>(
  load: () => Promise<T>,
  environment: ChunkReloadEnvironment = browserEnvironment(),
): Promise<T> {
  try {
    const loaded = await load();
    environment.setTimeout(() => environment.storage.removeItem(CHUNK_RELOAD_KEY), CHUNK_RELOAD_RESET_MS);
    return loaded;
  } catch (error) {
    const reloads = Number.parseInt(environment.storage.getItem(CHUNK_RELOAD_KEY) ?? '0', 10) || 0;
    // The counter stays at its limit until some chunk loads, so a persistent failure shows the error page.
    if (reloads >= MAX_CHUNK_RELOADS) throw error;
    environment.storage.setItem(CHUNK_RELOAD_KEY, String(reloads + 1));
    environment.reload();
    // The page is going away; keep the component suspended rather than flashing an error.
    return new Promise<T>(() => {});
  }
}

/** Any component, as React's own `lazy` takes it. */
// biome-ignore lint/suspicious/noExplicitAny: a component of any props, as in React's `lazy<T extends ComponentType<any>>`
type AnyComponent = ComponentType<any>;

/** A lazily loaded component whose chunk can be asked for before it renders. */
export type LazyComponent<T extends AnyComponent> = LazyExoticComponent<T> & { preload: () => void };

/** A lazily loaded page component whose chunk can be asked for before it renders. */
export type LazyPage = LazyComponent<ComponentType>;

/**
 * A lazily loaded component (its own chunk) with the reload-on-failure behaviour; `preload()` starts loading its chunk
 * at once (the page's first load asks for it alongside the signed-in user). Once the chunk has loaded, the component
 * renders at once where it is first used: React's `lazy` would otherwise suspend for a turn even then, showing its
 * fallback, and React holds what follows a shown fallback back for up to 300 ms.
 */
export function lazyPage<T extends AnyComponent>(load: () => Promise<{ default: T }>): LazyComponent<T> {
  let loading: Promise<{ default: T }> | undefined;
  let loaded: { default: T } | undefined;
  const start = () => {
    loading ??= loadChunkWithReload(load).then((module) => {
      loaded = module;
      return module;
    });
    return loading;
  };
  // A thenable that answers at once: `lazy` then has the module before it would suspend.
  const already = (module: { default: T }) =>
    // biome-ignore lint/suspicious/noThenProperty: `lazy` reads a module through `then`; this one answers synchronously
    ({ then: (resolve: (value: { default: T }) => unknown) => resolve(module) }) as unknown as Promise<{
      default: T;
    }>;
  return Object.assign(
    lazy(() => (loaded === undefined ? start() : already(loaded))),
    { preload: () => void start() },
  );
}
