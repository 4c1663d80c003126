import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clearRound } from '../clear.ts';
import { isProfile } from '../generator/families.ts';
import { generateRound } from '../generator/generate.ts';
import { parseInstance } from '../instance.schema.ts';
import { buildComponentModel } from '../model/build.ts';
import { prepareRound } from '../model/prepare.ts';
import { SolverPool } from '../solver/pool.ts';
import { toLpFormat } from './lp-format.ts';

/** One measurement, printed as a JSON line by a child process so each gets its own peak memory. */
export type Measurement = {
  seconds: number;
  status: string;
  surplus: number;
  bound: number;
  gap: number;
  peakMb: number;
  /** CPU seconds of the process, all threads (wall seconds are inflated when the machine is busy). */
  cpuSeconds?: number;
  /** Seconds to start the solver threads and compile HiGHS before the timed clear (a server pays it once). */
  warmUpSeconds?: number;
  /** Model size: parts, and the largest part's columns, integer columns and rows. */
  model?: { parts: number; columns: number; integers: number; rows: number };
  detail?: string;
};

const [projects, requirements, mode, limit, seedArg, profileArg, apartArg] = process.argv.slice(2);
const shape = {
  projects: Number(projects),
  requirements: Number(requirements),
  seed: Number(seedArg ?? 1),
  profile: profileArg && isProfile(profileArg) ? profileArg : ('realistic' as const),
};
const timeLimitSeconds = Number(limit ?? 60);
const instance = generateRound(shape);
const peakMb = () => Math.round(process.resourceUsage().maxRSS / 1024);

async function measure(): Promise<Measurement> {
  if (mode === 'cbc') return solveWithCbc();
  const pool = new SolverPool(2);
  try {
    const warm = performance.now();
    if (mode !== 'greedy')
      await clearRound(generateRound({ projects: 30, requirements: 120, seed: 7 }), { pool });
    const warmUpSeconds = (performance.now() - warm) / 1000;
    const before = process.cpuUsage();
    const result = await clearRound(instance, {
      timeLimitSeconds,
      greedyOnly: mode === 'greedy',
      pool,
      apart: apartArg === 'apart',
    });
    const used = process.cpuUsage(before);
    return {
      ...pick(result),
      peakMb: peakMb(),
      cpuSeconds: (used.user + used.system) / 1e6,
      warmUpSeconds,
      model: modelSize(),
    };
  } finally {
    await pool.close();
  }
}

function pick(r: { seconds: number; status: string; surplus: number; bound: number; gap: number }) {
  return { seconds: r.seconds, status: r.status, surplus: r.surplus, bound: r.bound, gap: r.gap };
}

/** The round's parts and its largest part's model (most columns), built again after the timed clear. */
function modelSize(): Measurement['model'] {
  const round = prepareRound(parseInstance(instance));
  let largest = { columns: 0, integers: 0, rows: 0 };
  for (const component of round.components) {
    const model = buildComponentModel(round, component);
    if (model.numCols <= largest.columns) continue;
    const integers = model.integrality.reduce((sum, kind) => sum + (kind === 1 ? 1 : 0), 0);
    largest = { columns: model.numCols, integers, rows: model.numRows };
  }
  return { parts: round.components.length, ...largest };
}

/** The same component models, written as LP text and solved by CBC (absolute gap 1 GBP). */
function solveWithCbc(): Measurement {
  const started = performance.now();
  const round = prepareRound(parseInstance(instance));
  const models = round.components.map((component) => buildComponentModel(round, component));
  const dir = mkdtempSync(join(tmpdir(), 'curlew-cbc-'));
  const lp = join(dir, 'round.lp');
  const out = join(dir, 'solution.txt');
  writeFileSync(lp, toLpFormat(models));
  const run = spawnSync(
    'cbc',
    [lp, 'sec', String(timeLimitSeconds), 'allow', '1', 'ratio', '0', 'solve', 'solu', out],
    {
      encoding: 'utf8',
      timeout: (timeLimitSeconds * 4 + 60) * 1000,
    },
  );
  const seconds = (performance.now() - started) / 1000;
  if (run.status !== 0)
    return { seconds, status: 'Error', surplus: 0, bound: 0, gap: 0, peakMb: 0, detail: run.stderr };
  const first = readFileSync(out, 'utf8').split('\n')[0] ?? '';
  const objective = Number(/objective value\s+(-?[\d.e+]+)/i.exec(first)?.[1] ?? Number.NaN);
  const status = first.startsWith('Optimal') ? 'Optimal' : first.split(' - ')[0] || 'Unknown';
  return { seconds, status, surplus: objective, bound: Number.NaN, gap: Number.NaN, peakMb: 0 };
}

try {
  process.stdout.write(`${JSON.stringify(await measure())}\n`);
} catch (error) {
  const detail = error instanceof Error ? error.message : String(error);
  process.stdout.write(
    `${JSON.stringify({ seconds: 0, status: 'Error', surplus: 0, bound: 0, gap: 0, peakMb: peakMb(), detail })}\n`,
  );
  process.exitCode = 1;
}
