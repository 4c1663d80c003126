import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The sign-in pages load auth.schema.ts: one runtime import of classic zod anywhere below it would put all
// of classic zod (~25 kB gzipped) into their JavaScript, since bundles split by module, not by export.
const runtimeImports = (file: string): string[] =>
  [...readFileSync(file, 'utf8').matchAll(/^(?:import|export)\s+(?!type\s)[^;]*?\sfrom\s+'([^']+)'/gms)].map(
    (match) => match[1] ?? '',
  );

/** Every module auth.schema.ts loads at run time, local files as absolute paths, packages by name. */
const moduleGraph = (entry: string): Set<string> => {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const specifier of runtimeImports(file)) {
      if (specifier.startsWith('.')) visit(resolve(dirname(file), specifier));
      else seen.add(specifier);
    }
  };
  visit(entry);
  return seen;
};

describe('authentication schemas', () => {
  const graph = moduleGraph(fileURLToPath(new URL('./auth.schema.ts', import.meta.url)));

  it('load zod/mini and zod core only, never classic zod', () => {
    const packages = [...graph].filter((module) => !module.startsWith('/'));
    expect(packages.sort()).toEqual(['zod/mini', 'zod/v4/core']);
  });

  it('leave the phone rules (libphonenumber) to the forms with a phone', () => {
    const phoneForms = moduleGraph(fileURLToPath(new URL('./auth.phone.schema.ts', import.meta.url)));
    expect([...phoneForms].filter((module) => !module.startsWith('/')).sort()).toEqual([
      'libphonenumber-js/min',
      'zod/mini',
      'zod/v4/core',
    ]);
  });

  it('check the sign-in form without zod at all', () => {
    const signIn = moduleGraph(fileURLToPath(new URL('./login.check.ts', import.meta.url)));
    expect([...signIn].filter((module) => !module.startsWith('/'))).toEqual([]);
  });

  it('reach the shared rules through their zod/mini variants', () => {
    const local = [...graph]
      .filter((module) => module.startsWith('/'))
      .map((module) => module.split('/src/')[1]);
    expect(local).toContain('validation/rules.mini.ts');
    expect(local).not.toContain('validation/rules.ts');
    expect(local).not.toContain('vocab/organisation.ts');
  });
});
