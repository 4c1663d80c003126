import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import {
  CHUNK_RELOAD_KEY,
  CHUNK_RELOAD_RESET_MS,
  type ChunkReloadEnvironment,
  lazyPage,
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

describe('lazyPage', () => {
  /** Every render of the boundary, in order: the fallback's, then the page's. */
  function renderLazy(Page: ReturnType<typeof lazyPage>) {
    const shown: string[] = [];
    const Fallback = () => {
      shown.push('fallback');
      return <p>Loading</p>;
    };
    render(
      <Suspense fallback={<Fallback />}>
        <Page />
      </Suspense>,
    );
    return shown;
  }
  const page = () => Promise.resolve({ default: () => <h1>The page</h1> });

  it('draws a page whose chunk has loaded at once, never its fallback', async () => {
    const Page = lazyPage(page);
    Page.preload();
    await settle();
    const shown = renderLazy(Page);
    // In the same turn as the render: nothing was suspended.
    expect(screen.getByRole('heading', { name: 'The page' })).toBeInTheDocument();
    expect(shown).toEqual([]);
    expect(screen.queryByText('Loading')).not.toBeInTheDocument();
  });

  it('shows the fallback while a chunk still loads, then the page', async () => {
    const Page = lazyPage(page);
    const shown = renderLazy(Page);
    expect(screen.getByText('Loading')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'The page' })).toBeInTheDocument();
    expect(shown[0]).toBe('fallback');
  });

  it('loads a chunk once, however often it is preloaded and drawn', async () => {
    let loads = 0;
    const Page = lazyPage(() => {
      loads += 1;
      return page();
    });
    Page.preload();
    Page.preload();
    await settle();
    renderLazy(Page);
    expect(screen.getByRole('heading', { name: 'The page' })).toBeInTheDocument();
    expect(loads).toBe(1);
  });
});
