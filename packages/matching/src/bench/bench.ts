import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { isProfile, PROFILES } from '../generator/families.ts';
import type { Measurement } from './run-one.ts';

/**
 * `npm run bench:clear`: clears generated rounds of growing size and prints, per size, the seconds
 * to proven optimality (or the gap at the limit), surplus, bound, the greedy baseline's share of
 * the surplus and peak memory; with `cbc` on the PATH it also solves the same models with CBC.
 * Each size runs in its own process; the solver threads are started and HiGHS compiled on a small
 * round first (the warm-up a long-running server pays once), then the timed clear runs.
 * Options: --sizes 50x200,200x800 --time-limit S --seed N (or --seeds 1,2,3: rounds differ more than
 * configurations do, so compare changes over several) --no-cbc --profile connected (rounds whose biodiversity
 * nearly all forms one connected part: the generator's `profile`; several, comma-separated, are reported apart;
 * `real` rounds have every shape of real rounds, `families` is the generator's two profiles and each family of
 * real shapes: `src/generator/families.ts`); --apart solves a part that AND groups of requirements join by
 * its pieces first (`clearRound`'s `apart`).
 */
const SIZES = ['50x200', '200x800', '500x2000', '1000x4000'];
const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const sizes = (option('--sizes') ?? SIZES.join(',')).split(',');
const timeLimit = Number(option('--time-limit') ?? 60);
const seeds = (option('--seeds') ?? option('--seed') ?? '1').split(',').map(Number);
const profiles = (option('--profile') ?? 'realistic')
  .split(',')
  .flatMap((name): string[] => (name === 'families' ? [...PROFILES] : [name]));
const unknown = profiles.filter((name) => !isProfile(name));
if (unknown.length > 0) {
  process.stderr.write(`Unknown profile ${unknown.join(', ')}: use ${PROFILES.join(', ')} or families\n`);
  process.exit(2);
}
const runOne = fileURLToPath(new URL('./run-one.ts', import.meta.url));
const hasCbc = !args.includes('--no-cbc') && spawnSync('cbc', ['-quit'], { encoding: 'utf8' }).status === 0;

function measure(
  projects: string,
  requirements: string,
  mode: string,
  seed: number,
  profile: string,
): Measurement {
  const run = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      runOne,
      projects,
      requirements,
      mode,
      String(timeLimit),
      String(seed),
      profile,
      args.includes('--apart') ? 'apart' : '',
    ],
    {
      encoding: 'utf8',
      timeout: (timeLimit * 6 + 180) * 1000,
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  const line = run.stdout.trim().split('\n').at(-1) ?? '';
  try {
    return JSON.parse(line) as Measurement;
  } catch {
    const why = run.signal
      ? `killed by ${run.signal}`
      : `exit ${run.status}: ${run.stderr.trim().split('\n').at(-1) ?? ''}`;
    return { seconds: 0, status: 'Crashed', surplus: 0, bound: 0, gap: 0, peakMb: 0, detail: why };
  }
}

const money = (x: number) => (Number.isFinite(x) ? Math.round(x).toLocaleString('en-GB') : '-');
const header = [
  ...(profiles.length > 1 ? ['profile'] : []),
  ...(seeds.length > 1 ? ['seed'] : []),
  'size',
  'status',
  'seconds',
  'cpu s',
  'warm-up s',
  'gap',
  'surplus',
  'bound',
  'greedy/opt',
  'greedy s',
  'peak MB',
  'parts',
  'largest part: cols / int / rows',
];
if (hasCbc) header.push('cbc s', 'cbc surplus', 'time ratio');
const rows: string[][] = [];
process.stderr.write(
  `clearing benchmark: ${profiles.join(', ')} rounds, seed ${seeds.join(', ')}, time limit ${timeLimit} s, cbc ${hasCbc ? 'present' : 'absent'}, load ${loadavg()[0]?.toFixed(1)}\n`,
);
for (const profile of profiles) {
  for (const seed of seeds) {
    for (const size of sizes) {
      const row = [
        ...(profiles.length > 1 ? [profile] : []),
        ...(seeds.length > 1 ? [String(seed)] : []),
        ...measureSize(size, seed, profile),
      ];
      rows.push(row);
      process.stderr.write(`${row.join(' | ')} (load ${loadavg()[0]?.toFixed(1)})\n`);
    }
  }
}

/** One size of one seed: the engine, the greedy baseline and, when present, CBC. */
function measureSize(size: string, seed: number, profile: string): string[] {
  const [projects = '0', requirements = '0'] = size.split('x');
  const engine = measure(projects, requirements, 'engine', seed, profile);
  const greedy = measure(projects, requirements, 'greedy', seed, profile);
  const row = [
    size,
    engine.status === 'Optimal' ? 'Optimal' : `${engine.status}${engine.detail ? ` (${engine.detail})` : ''}`,
    engine.seconds.toFixed(1),
    (engine.cpuSeconds ?? 0).toFixed(1),
    (engine.warmUpSeconds ?? 0).toFixed(1),
    `${(engine.gap * 100).toFixed(3)}%`,
    money(engine.surplus),
    money(engine.bound),
    engine.surplus > 0
      ? greedy.surplus / engine.surplus > 0
        ? (greedy.surplus / engine.surplus).toFixed(3)
        : '0'
      : '-',
    greedy.seconds.toFixed(1),
    String(engine.peakMb),
    String(engine.model?.parts ?? '-'),
    engine.model
      ? `${engine.model.columns.toLocaleString('en-GB')} / ${engine.model.integers.toLocaleString('en-GB')} / ${engine.model.rows.toLocaleString('en-GB')}`
      : '-',
  ];
  if (hasCbc) {
    const cbc = measure(projects, requirements, 'cbc', seed, profile);
    row.push(
      `${cbc.seconds.toFixed(1)}${cbc.status === 'Optimal' ? '' : ` (${cbc.status})`}`,
      money(cbc.surplus),
      engine.seconds > 0 ? (cbc.seconds / engine.seconds).toFixed(2) : '-',
    );
  }
  return row;
}
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
process.stdout.write(
  `${[line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n')}\n`,
);
