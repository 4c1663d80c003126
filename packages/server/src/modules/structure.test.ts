import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isTable } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MODULES } from './index.ts';

const SOURCE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const filesUnder = (folder: string): string[] =>
  readdirSync(folder).flatMap((name) => {
    const full = path.join(folder, name);
    return statSync(full).isDirectory() ? filesUnder(full) : full.endsWith('.ts') ? [full] : [];
  });

const productionFiles = (folder: string) =>
  filesUnder(path.join(SOURCE, folder)).filter((file) => !/\.(test|testing)\.ts$/.test(file));

/** Who owns a file's tables and writes: its module's folder under `modules/`, otherwise its top folder (auth, platform). */
const ownerOf = (file: string): string => {
  const [top, name] = path.relative(SOURCE, file).split(path.sep);
  return top === 'modules' && name !== undefined ? name : (top ?? '');
};

/** Every table by the identifier its tables file exports it as, with the owner of that file. */
const tableOwners = (): Map<string, string> =>
  new Map(
    filesUnder(SOURCE)
      .filter((file) => file.endsWith('.tables.ts'))
      .flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(/export const (\w+) = pgTable\(/g)].map(
          ([, name]) => [name as string, ownerOf(file)] as const,
        ),
      ),
  );

/** The tables a source writes: `.insert(x)`, `.update(x)`, `.delete(x)` with x a table's identifier. */
const writesIn = (text: string, tables: ReadonlyMap<string, string>) =>
  [...text.matchAll(/\.(insert|update|delete)\(\s*(\w+)\s*\)/g)].flatMap(([, verb, name]) =>
    name !== undefined && tables.has(name) ? [{ verb, table: name, owner: tables.get(name) }] : [],
  );

/** The files held to table ownership: production code, not the demo seed (it fills every table, as tests do). */
const writingFiles = () =>
  productionFiles('.').filter(
    (file) => !path.basename(file).startsWith('seed.') && !file.endsWith('.tables.ts'),
  );

/** Writes of a table from outside the module (or folder) that declares it. */
const foreignWrites = (files: readonly string[], tables: ReadonlyMap<string, string>) =>
  files.flatMap((file) =>
    writesIn(readFileSync(file, 'utf8'), tables)
      .filter((write) => write.owner !== ownerOf(file))
      .map(
        (write) => `${path.relative(SOURCE, file)}: ${write.verb}(${write.table}), owned by ${write.owner}`,
      ),
  );

/** Handler files: those that implement action handlers (what the runner calls between the checks and the status). */
const handlerFiles = () =>
  productionFiles('modules').filter((file) =>
    /RecordHandlers|RecordActionHandler|CreateHandlers/.test(readFileSync(file, 'utf8')),
  );

/** What a handler must not do with its record's status: the lifecycle is the runner's. */
const STATUS_WORK = [
  /\bassertTransition\b/,
  /\bcanTransition\b/,
  /\bInvalidStatusError\b/,
  /\bwriteStatus\b/,
  /\bstatusOf\b/,
  /\btransition\(/,
  /\brecord(\.\w+)*\.(status|approved|disabled)\b/,
  /\.set\(\{[^}]*\b(status|approved|disabled)\s*:/s,
  /\b(agentAuthorityStatus|userAccountStatus)\(/,
];

describe('module structure', () => {
  it('keeps the platform free of module imports', () => {
    const offending = productionFiles('platform').filter((file) =>
      /from '(\.\.\/)+modules\//.test(readFileSync(file, 'utf8')),
    );
    expect(offending.map((file) => path.relative(SOURCE, file))).toEqual([]);
  });

  it('finds the handler files it checks', () => {
    const names = handlerFiles().map((file) => path.basename(file));
    expect(names).toEqual(
      expect.arrayContaining([
        'organisations.handlers.ts',
        'agent-authorities.actions.ts',
        'users.actions.ts',
      ]),
    );
  });

  it('lets no handler read or write its record’s status (the runner checks and writes it)', () => {
    const offending = handlerFiles().flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return STATUS_WORK.filter((pattern) => pattern.test(text)).map(
        (pattern) => `${path.relative(SOURCE, file)}: ${pattern}`,
      );
    });
    expect(offending).toEqual([]);
  });

  it('catches a handler that writes a status column', () => {
    const handler = 'await tx.update(users).set({ disabled: true, updatedAt: now })';
    expect(STATUS_WORK.some((pattern) => pattern.test(handler))).toBe(true);
  });

  it('declares each module’s tables in its own folder and lists them on its module object', () => {
    const tables = tableOwners();
    const declared = (module: string) =>
      [...tables]
        .filter(([, owner]) => owner === module)
        .map(([name]) => name)
        .sort();
    for (const module of MODULES) {
      const listed = Object.entries(module.tables ?? {})
        .filter(([, value]) => isTable(value))
        .map(([name]) => name)
        .sort();
      expect({ module: module.name, tables: listed }).toEqual({
        module: module.name,
        tables: declared(module.name),
      });
    }
    expect(tables.get('marketRounds')).toBe('rounds');
    expect(tables.get('users')).toBe('auth');
  });

  it('lets only the module that owns a table write it (others call the owner’s functions)', () => {
    const files = writingFiles();
    expect(files.map((file) => path.relative(SOURCE, file))).toEqual(
      expect.arrayContaining([
        'modules/rounds/rounds.repo.ts',
        'auth/users.repo.ts',
        'platform/actions/activity.ts',
      ]),
    );
    expect(foreignWrites(files, tableOwners())).toEqual([]);
  });

  it('imports tables under their own names (so that every write is seen)', () => {
    const renamed = productionFiles('.').flatMap((file) =>
      [
        ...readFileSync(file, 'utf8').matchAll(/import (?:type )?\{([^}]*)\} from '[^']*\.tables\.ts'/g),
      ].flatMap(([, names]) => (/\bas\b/.test(names ?? '') ? [path.relative(SOURCE, file)] : [])),
    );
    expect(renamed).toEqual([]);
  });

  it('catches a write of another module’s table', () => {
    const tables = new Map([
      ['participations', 'participations'],
      ['marketRounds', 'rounds'],
    ]);
    const write = `await tx\n  .update(marketRounds)\n  .set({ name });\nawait tx.insert(participations).values(row);`;
    expect(writesIn(write, tables)).toEqual([
      { verb: 'update', table: 'marketRounds', owner: 'rounds' },
      { verb: 'insert', table: 'participations', owner: 'participations' },
    ]);
    expect(writesIn('storage.delete(storageKey); hash.update(text)', tables)).toEqual([]);
  });
});
