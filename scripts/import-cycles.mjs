#!/usr/bin/env node
// Reports import circles between the TypeScript files of every package (type-only imports included: a circle of
// types still ties the files together). Exits 1 when there is one. Usage: node scripts/import-cycles.mjs [folder...]
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const folders = process.argv.length > 2 ? process.argv.slice(2) : ['packages', 'e2e', 'bench', 'scripts'];
const SKIPPED = new Set(['node_modules', 'dist', '.web-dist', 'drizzle', 'coverage']);
const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;

const sourceFiles = (folder) =>
  readdirSync(folder).flatMap((name) => {
    const full = path.join(folder, name);
    if (SKIPPED.has(name) || name.startsWith('.')) return [];
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return SOURCE.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });

// Static imports and re-exports (`import ... from`, `export ... from`, bare `import '...'`) and dynamic imports.
const SPECIFIER =
  /(?:^|[\s;}])(?:import|export)\s+(?:type\s+)?(?:[^'"`;]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

const resolve = (from, specifier) => {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')];
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
};

const files = folders.flatMap((folder) => sourceFiles(path.resolve(root, folder)));
const edges = new Map(
  files.map((file) => {
    const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm, '');
    const targets = new Set();
    for (const match of text.matchAll(SPECIFIER)) {
      const target = resolve(file, match[1] ?? match[2]);
      if (target !== undefined) targets.add(target);
    }
    return [file, [...targets]];
  }),
);

// Tarjan's strongly connected components: each component of more than one file is a circle.
let counter = 0;
const index = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
const circles = [];
const visit = (file) => {
  index.set(file, counter);
  low.set(file, counter);
  counter += 1;
  stack.push(file);
  onStack.add(file);
  for (const next of edges.get(file) ?? []) {
    if (!index.has(next)) {
      visit(next);
      low.set(file, Math.min(low.get(file), low.get(next)));
    } else if (onStack.has(next)) low.set(file, Math.min(low.get(file), index.get(next)));
  }
  if (low.get(file) === index.get(file)) {
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || (edges.get(file) ?? []).includes(file)) circles.push(component);
  }
};
for (const file of files) if (!index.has(file)) visit(file);

if (circles.length === 0) {
  console.log(`No import circles in ${files.length} files.`);
} else {
  for (const circle of circles) {
    console.log(`Import circle of ${circle.length} files:`);
    for (const file of circle.sort()) console.log(`  ${path.relative(root, file)}`);
  }
  process.exitCode = 1;
}
