import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SOURCE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const filesUnder = (folder: string): string[] =>
  readdirSync(folder).flatMap((name) => {
    const full = path.join(folder, name);
    return statSync(full).isDirectory() ? filesUnder(full) : full.endsWith('.ts') ? [full] : [];
  });

const productionFiles = (folder: string) =>
  filesUnder(path.join(SOURCE, folder)).filter((file) => !/\.(test|testing)\.ts$/.test(file));

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
