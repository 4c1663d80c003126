import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { HtmlTagDescriptor, IndexHtmlTransformResult } from 'vite';
import { describe, expect, it } from 'vitest';
import { bootShell } from './bootShell.ts';

/** The plugin's transform of `html`, as Vite calls it for a page. */
function transform(html: string): { html: string; tags: HtmlTagDescriptor[] } {
  const hook = bootShell().transformIndexHtml;
  const handler = typeof hook === 'function' ? hook : hook?.handler;
  if (handler === undefined) throw new Error('bootShell has no transformIndexHtml');
  const result = handler.call({} as never, html, {
    path: '/index.html',
    filename: 'index.html',
  }) as IndexHtmlTransformResult;
  if (typeof result !== 'object' || Array.isArray(result)) throw new Error('expected html and tags');
  return { html: result.html, tags: result.tags as HtmlTagDescriptor[] };
}

describe('the boot shell of index.html and login.html', () => {
  const page = readFileSync(join(import.meta.dirname, '../index.html'), 'utf8');

  it('draws the header and a loader inside #root, which the app replaces', () => {
    const { html } = transform(page);
    expect(html).toContain(
      '<div id="root"><header class="boot-header"><div class="boot-brand">Curlew</div></header><main class="boot-main"><div class="boot-loader" role="status" aria-label="Loading"></div></main></div>',
    );
  });

  it('writes the icon into the page rather than asking for it', () => {
    const { html } = transform(page);
    expect(html).not.toContain('href="/favicon.svg"');
    expect(html).toMatch(
      /<link rel="icon" type="image\/svg\+xml" href="data:image\/svg\+xml,%3Csvg[^"]*%3C%2Fsvg%3E"/,
    );
  });

  it("puts the page's styles and the colour-scheme script in the head, without comments", () => {
    const { tags } = transform(page);
    expect(tags.map((tag) => [tag.tag, tag.injectTo])).toEqual([
      ['style', 'head'],
      ['script', 'head'],
    ]);
    const [style, script] = tags.map((tag) => String(tag.children));
    expect(style).toContain('.boot-loader {');
    expect(style).not.toContain('/*');
    expect(script).toContain("window.localStorage.getItem('curlew.colourScheme')");
    expect(script).not.toMatch(/^\/\//);
  });

  it('refuses a page without an empty #root', () => {
    expect(() => transform('<html><body><div id="app"></div></body></html>')).toThrow('no empty #root');
  });
});
