// Prints the gzipped JavaScript a route loads, from the Vite manifest of `packages/web/dist`:
// the entry chunk, its static imports, and the route's page chunk with its static imports.
// Usage: node packages/web/scripts/route-bundle-size.mjs [PageFileName ...]   (default: LoginPage)
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');

/** The chunk files a route needs and their gzipped size in bytes. */
export function routeBundle(pageFiles, distDir = dist) {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8'));
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error('The manifest has no entry chunk');
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entryKey);
  for (const pageFile of pageFiles) {
    const pageKey = Object.keys(manifest).find((key) => key.endsWith(`/${pageFile}.tsx`));
    if (!pageKey) throw new Error(`No chunk for ${pageFile}`);
    visit(pageKey);
  }
  const chunks = [...files]
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({ file, gzipBytes: gzipSync(readFileSync(join(distDir, file))).length }));
  return { chunks, gzipBytes: chunks.reduce((sum, chunk) => sum + chunk.gzipBytes, 0) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const pages = process.argv.slice(2);
  const { chunks, gzipBytes } = routeBundle(pages.length > 0 ? pages : ['LoginPage']);
  for (const chunk of chunks)
    console.log(`${(chunk.gzipBytes / 1024).toFixed(1).padStart(8)} kB  ${chunk.file}`);
  console.log(`${(gzipBytes / 1024).toFixed(1).padStart(8)} kB  total gzipped JS`);
}
