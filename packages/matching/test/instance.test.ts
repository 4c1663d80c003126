import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EXIT, parseArguments } from '../src/cli.ts';
import { InstanceError, parseInstance } from '../src/instance.schema.ts';
import { bio, need, project, round } from './fixtures.ts';

const valid = () => round([project('P1', 10_000, [bio(10)])], [need('R1', 40_000, 3)]);
const messageFor = (json: unknown): string => {
  try {
    parseInstance(json);
  } catch (error) {
    if (error instanceof InstanceError) return error.message;
    throw error;
  }
  return 'valid';
};

describe('instance validation', () => {
  it('accepts a valid instance and applies defaults', () => {
    const { localOnly, ongoingOnly, ...rest } = valid().requirements[0] ?? need('R1', 1, 1);
    const instance = parseInstance({ ...valid(), requirements: [rest] });
    expect(instance.requirements[0]?.localOnly).toBe(false);
    expect(instance.requirements[0]?.ongoingOnly).toBe(false);
  });

  it.each([
    [
      'a missing field, by path',
      (i: Record<string, unknown>) => ({ ...i, projects: [{ id: 'P1', credits: [bio(1)] }] }),
      'projects[0].offer: Field required',
    ],
    [
      'negative units',
      (i: Record<string, unknown>) => ({ ...i, projects: [project('P1', 1, [bio(-2)])] }),
      'projects[0].credits[0].units[0]: Value must be 0 or more',
    ],
    [
      'an unknown group type',
      (i: Record<string, unknown>) => ({
        ...i,
        requirements: [{ ...need('R1', 1, 1), group: { id: 'H', type: 'OR' } }],
      }),
      'requirements[0].group.type: Unknown group type: use "XOR" or "AND"',
    ],
    [
      'duplicate ids',
      (i: Record<string, unknown>) => ({ ...i, requirements: [need('R1', 1, 1), need('R1', 2, 1)] }),
      'requirements[1].id: Duplicate requirement id "R1"',
    ],
    [
      'a reserve of 100%',
      (i: Record<string, unknown>) => ({ ...i, reservePercent: 100 }),
      'reservePercent: Must be below 100',
    ],
    [
      'a nutrient credit without subcatchment',
      (i: Record<string, unknown>) => ({
        ...i,
        projects: [
          project('P1', 1, [{ type: 'NutrientMitigationNitrogen', permanent: true, units: [1] }], {
            subcatchment: null,
          }),
        ],
      }),
      'projects[0].credits[0].subcatchment: Field required',
    ],
    [
      'one group with two types',
      (i: Record<string, unknown>) => ({
        ...i,
        requirements: [
          need('R1', 1, 1, { group: { id: 'H', type: 'XOR' } }),
          need('R2', 1, 1, { group: { id: 'H', type: 'AND' } }),
        ],
      }),
      'Group "H" is both XOR and AND',
    ],
  ])('rejects %s with a message naming the path', (_label, mutate, expected) => {
    expect(messageFor(mutate(valid() as unknown as Record<string, unknown>))).toContain(expected);
  });
});

describe('command line', () => {
  const cli = fileURLToPath(new URL('../src/cli.ts', import.meta.url));
  const dir = mkdtempSync(join(tmpdir(), 'curlew-clear-'));
  const run = (instance: unknown, extra: string[] = []) => {
    const path = join(dir, `${Math.random().toString(36).slice(2)}.json`);
    writeFileSync(path, typeof instance === 'string' ? instance : JSON.stringify(instance));
    return spawnSync(process.execPath, ['--import', 'tsx', cli, path, ...extra], {
      encoding: 'utf8',
      cwd: fileURLToPath(new URL('../../..', import.meta.url)),
    });
  };

  it('parses its options', () => {
    expect(parseArguments(['a.json', '--time-limit', '5'])).toEqual({ path: 'a.json', timeLimitSeconds: 5 });
    expect(parseArguments(['a.json', '--time-limit=0'])).toBe(
      '--time-limit needs a number of seconds above 0',
    );
    expect(parseArguments([])).toBe('Missing INSTANCE.json');
  });

  it('prints one RESULT on stdout and exits 0', () => {
    const out = run(valid(), ['--time-limit', '20']);
    expect(out.status).toBe(EXIT.ok);
    const result = JSON.parse(out.stdout);
    expect(result.status).toBe('Optimal');
    expect(result.surplus).toBe(30_000);
  });

  it('rejects a bad instance with a clear message and exit code, never a stack trace', () => {
    const out = run({ ...valid(), projects: [project('P1', 1, [bio(-1)]), project('P1', 1, [bio(1)])] });
    expect(out.status).toBe(EXIT.badInstance);
    expect(out.stdout).toBe('');
    expect(out.stderr).toContain('projects[0].credits[0].units[0]: Value must be 0 or more');
    expect(out.stderr).toContain('Duplicate project id "P1"');
    expect(out.stderr).not.toMatch(/\n\s+at /);
    const notJson = run('{ nope');
    expect(notJson.status).toBe(EXIT.badInstance);
    expect(notJson.stderr).toContain('is not valid JSON');
  });
});
