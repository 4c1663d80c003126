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
