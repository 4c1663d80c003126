import { describe, expect, it } from 'vitest';
import {
  CHUNK_RELOAD_KEY,
  CHUNK_RELOAD_RESET_MS,
  type ChunkReloadEnvironment,
  loadChunkWithReload,
  MAX_CHUNK_RELOADS,
} from './lazyPage.ts';

/** A browser stand-in: real in-memory storage, a reload counter and timers run on demand. */
function fakeBrowser(initialCount?: number) {
  const store = new Map<string, string>();
  if (initialCount !== undefined) store.set(CHUNK_RELOAD_KEY, String(initialCount));
  const timers: { callback: () => void; ms: number }[] = [];
  const state = { reloads: 0 };
  const environment: ChunkReloadEnvironment = {
    storage: {
      getItem: (key) => store.get(key) ?? null,
      setItem: (key, value) => void store.set(key, value),
      removeItem: (key) => void store.delete(key),
    },
    reload: () => {
      state.reloads += 1;
    },
    setTimeout: (callback, ms) => void timers.push({ callback, ms }),
  };
  return { environment, store, timers, state };
}

const failing = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('loadChunkWithReload', () => {
  it('reloads the page and counts the reload when a chunk fails', async () => {
    const browser = fakeBrowser();
    void loadChunkWithReload(failing, browser.environment);
    await settle();
    expect(browser.state.reloads).toBe(1);
    expect(browser.store.get(CHUNK_RELOAD_KEY)).toBe('1');
  });

  it('reloads at most 3 times, then lets the error through', async () => {
    expect(MAX_CHUNK_RELOADS).toBe(3);
    const browser = fakeBrowser(2);
    void loadChunkWithReload(failing, browser.environment);
    await settle();
    expect(browser.state.reloads).toBe(1);
    expect(browser.store.get(CHUNK_RELOAD_KEY)).toBe('3');

    await expect(loadChunkWithReload(failing, browser.environment)).rejects.toThrow('dynamically imported');
    expect(browser.state.reloads).toBe(1);
  });

  it('clears the counter 500 ms after a chunk loads', async () => {
    const browser = fakeBrowser(2);
    await expect(loadChunkWithReload(() => Promise.resolve('page'), browser.environment)).resolves.toBe(
      'page',
    );
    expect(browser.store.get(CHUNK_RELOAD_KEY)).toBe('2');
    expect(browser.timers.map((timer) => timer.ms)).toEqual([CHUNK_RELOAD_RESET_MS]);
    expect(CHUNK_RELOAD_RESET_MS).toBe(500);
    for (const timer of browser.timers) timer.callback();
    expect(browser.store.has(CHUNK_RELOAD_KEY)).toBe(false);
  });
});
