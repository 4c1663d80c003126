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

/** What a handler that drops an error answers instead: nothing, or an empty value. */
const NOTHING = String.raw`(?:null|undefined|\{\s*\}|\[\s*\]|0|false|''|""|void 0)`;
/** A rejection handler that ignores its error and answers nothing (`() => null`, `(_error) => {}`). */
const DROPS_ERROR = new RegExp(
  String.raw`^(?:async\s*)?(?:\(\s*\)|\(?\s*_\w*(?:\s*:\s*\w+)?\s*\)?)\s*=>\s*${NOTHING}$`,
);
/** A catch block holding nothing but comments. */
const EMPTY_CATCH = /\bcatch\s*(?:\([^)]*\))?\s*\{\s*(?:\/\/[^\n]*\s*|\/\*[\s\S]*?\*\/\s*)*\}/;

/** The top-level arguments of the call whose opening parenthesis is at `open` (strings skipped). */
function callArguments(text: string, open: number): string[] {
  const args: string[] = [];
  let depth = 0;
  let start = open + 1;
  for (let i = open; i < text.length; i += 1) {
    const char = text[i] ?? '';
    if (char === "'" || char === '"' || char === '`') {
      const end = text.indexOf(char, i + 1);
      i = end < 0 ? text.length : end;
    } else if ('([{'.includes(char)) depth += 1;
    else if (')]}'.includes(char)) {
      depth -= 1;
      if (depth === 0) return [...args, text.slice(start, i)].map((arg) => arg.trim()).filter(Boolean);
    } else if (char === ',' && depth === 1) {
      args.push(text.slice(start, i));
      start = i + 1;
    }
  }
  return args;
}

/** Where a text drops an error: a rejection handler answering nothing, or an empty catch block. */
function swallowedErrors(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/\.(catch|then)\(/g)) {
    const args = callArguments(text, (match.index ?? 0) + match[0].length - 1);
    const handler = match[1] === 'catch' ? args[0] : args[1];
    if (handler !== undefined && DROPS_ERROR.test(handler)) found.push(`.${match[1]}(… ${handler})`);
  }
  const empty = text.match(EMPTY_CATCH);
  if (empty) found.push(empty[0]);
  return found;
}

describe('errors', () => {
  it('drops no error in production code: every rejection and catch logs, answers or rethrows it', () => {
    const offending = productionFiles('.').flatMap((file) =>
      swallowedErrors(readFileSync(file, 'utf8')).map(
        (found) => `${path.relative(SOURCE, file)}: ${found.replace(/\s+/g, ' ')}`,
      ),
    );
    expect(offending).toEqual([]);
  });

  it('catches the ways an error is dropped, and not the ways it is handled', () => {
    const dropped = [
      'this.run().catch(() => null).finally(next);',
      'await db.select().from(t).where(w).catch(() => []);',
      'send().catch((_error) => {});',
      'beat().then((answer) => use(answer), () => undefined);',
      'try { parse(text); } catch { }',
      'try { parse(text); } catch (error) {\n  // ignored\n}',
    ];
    const handled = [
      'this.run().catch((error: unknown) => log.error({ err: error }, "failed"));',
      'beat().then((answer) => use(answer), (error: unknown) => log.warn({ err: error }, "failed"));',
      'try { parse(text); } catch { throw new Refused("damaged"); }',
      'const flags = Array.from({ length: 3 }, () => false);',
      'read().then((rows) => rows.map((row) => [row.id, null]));',
    ];
    expect(dropped.map((text) => swallowedErrors(text).length)).toEqual(dropped.map(() => 1));
    expect(handled.flatMap(swallowedErrors)).toEqual([]);
  });
});
