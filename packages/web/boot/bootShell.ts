import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/** The file's text without its leading comment lines (they say what it is; the page need not carry them). */
const withoutLeadingComments = (text: string): string => text.replace(/^(?:\/\/.*\n)+/, '').trim();

const here = import.meta.dirname;
/** The page's own styles (the dark or light background, the header's brand, the loader), without comments or runs of spaces. */
const BOOT_STYLES = readFileSync(join(here, 'boot.css'), 'utf8')
  .replace(/\/\*[\s\S]*?\*\//g, '')
  .replace(/\s+/g, ' ')
  .trim();
/** Applies the last chosen colour scheme before the first paint (see colour-scheme.js). */
const COLOUR_SCHEME_SCRIPT = withoutLeadingComments(readFileSync(join(here, 'colour-scheme.js'), 'utf8'));
/** The icon, written into the page (a data: address) rather than asked for on its own. */
const ICON = `data:image/svg+xml,${encodeURIComponent(readFileSync(join(here, '../public/favicon.svg'), 'utf8').trim())}`;
/** What the page shows until the app draws: the header's brand and, under it, a loader (a status). */
const BOOT_BODY =
  '<header class="boot-header"><div class="boot-brand">Curlew</div></header>' +
  '<main class="boot-main"><div class="boot-loader" role="status" aria-label="Loading"></div></main>';

/**
 * Writes the first paint of index.html and login.html from one source: the colour scheme applied in the head (inline,
 * so no request holds the paint), the page's own styles, the icon, and the header and loader inside #root, which the
 * app replaces when it draws.
 */
export function bootShell(): Plugin {
  return {
    name: 'curlew-boot-shell',
    transformIndexHtml(html) {
      if (!html.includes('<div id="root"></div>')) throw new Error('bootShell: the page has no empty #root');
      return {
        html: html
          .replace('<div id="root"></div>', `<div id="root">${BOOT_BODY}</div>`)
          .replace('href="/favicon.svg"', `href="${ICON}"`),
        tags: [
          { tag: 'style', children: BOOT_STYLES, injectTo: 'head' },
          { tag: 'script', children: COLOUR_SCHEME_SCRIPT, injectTo: 'head' },
        ],
      };
    },
  };
}
