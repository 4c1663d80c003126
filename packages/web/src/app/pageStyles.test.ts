import { afterEach, describe, expect, it } from 'vitest';
import { applyDeferredStyles, DEFERRED_STYLES_ATTRIBUTE } from './pageStyles.ts';

const hrefs = (selector: string) =>
  [...document.head.querySelectorAll<HTMLLinkElement>(selector)].map((link) => new URL(link.href).pathname);

afterEach(() => {
  document.head.innerHTML = '';
});

describe('applyDeferredStyles', () => {
  it('turns each marked preload into a stylesheet where it stands and resolves once all have loaded', async () => {
    document.head.innerHTML = `
      <link rel="preload" as="style" crossorigin href="/assets/core.css" ${DEFERRED_STYLES_ATTRIBUTE}>
      <link rel="preload" as="style" crossorigin href="/assets/app.css" ${DEFERRED_STYLES_ATTRIBUTE}>
      <link rel="preload" as="style" crossorigin href="/assets/record.css">
      <link rel="stylesheet" href="/assets/later.css">`;
    let applied = false;
    const done = applyDeferredStyles().then(() => {
      applied = true;
    });
    // In the cascade's order: the app's sheets first, the record preload untouched, later sheets after them.
    expect(hrefs('link[rel="stylesheet"]')).toEqual([
      '/assets/core.css',
      '/assets/app.css',
      '/assets/later.css',
    ]);
    expect(hrefs('link[rel="preload"]')).toEqual(['/assets/record.css']);
    const [core, app] = document.head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]');
    expect(core?.getAttribute('crossorigin')).toBe('');
    core?.dispatchEvent(new Event('load'));
    await Promise.resolve();
    await Promise.resolve();
    expect(applied).toBe(false);
    // A sheet that fails to load does not keep the app from starting.
    app?.dispatchEvent(new Event('error'));
    await done;
    expect(applied).toBe(true);
  });

  it('resolves at once when the page marks none (the development server)', async () => {
    document.head.innerHTML = '<link rel="stylesheet" href="/src/styles.css">';
    await expect(applyDeferredStyles()).resolves.toBeUndefined();
    expect(hrefs('link[rel="stylesheet"]')).toEqual(['/src/styles.css']);
  });
});
