// The round map benchmark (`BENCH_ONLY=map npm run bench`): a server on a fresh data folder with two generated
// 500 x 2,000 rounds (closed for bids and offers; cleared and accepted), the operator signed in in headless
// Chromium (software WebGL). Each run opens the round page, shows the map and times, from navigation start, until
// the map has drawn its data (AreaMap's `curlew:map-drawn` mark) and the page answers input (a place's button
// focused shows its label on the map). Prints the median and worst of the runs, the round map's API answer and the
// planning areas file, and whether pages without a map load the map's code. Figures, not pass/fail.
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { type BenchBrowser, launchChromium } from './chromium.ts';
import { collectScripts } from './login-bundle.ts';
import { type BenchServer, repoRoot, spawnServer } from './spawn-server.ts';

const TARGET_SECONDS = 2;
const AREAS_TARGET_KB = 500;
const RUNS = Number(process.env.BENCH_MAP_RUNS ?? 5);
/** The map's own code: the lazy AreaMap chunk (MapLibre inside) and MapLibre's worker. */
const MAP_CODE = /AreaMap|maplibre/i;

interface BenchRound {
  state: string;
  roundId: string;
  marketId: string;
  status: string;
  seconds: number;
}

/** One run's times in milliseconds from navigation start. */
interface MapRun {
  shown: number;
  answer: number;
  areas: number;
  drawn: number;
  interactive: number;
  longTasks: number;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? 0;
const secondsText = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** Records the page's long tasks (main thread busy over 50 ms) from its first script on. */
const LONG_TASKS = `window.__longTasks = 0; new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__longTasks += entry.duration;
}).observe({ type: 'longtask', buffered: true });`;

/** Opens the round page, shows the map and times it until it is drawn and answers a focused place. */
async function timeMapRun(page: Page, url: string): Promise<MapRun> {
  await page.goto(url, { waitUntil: 'commit' });
  const show = page.getByRole('button', { name: 'Show the map' });
  await show.waitFor({ timeout: 120_000 });
  const shown = (await page.evaluate('performance.now()')) as number;
  await show.click();
  // Waits in the page for AreaMap's mark: polling a page of thousands of elements would slow what it measures.
  await page.evaluate(`new Promise((resolve, reject) => {
    setTimeout(() => reject(new Error('The map was not drawn within 120 s')), 120000);
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('curlew:map-drawn').length > 0) resolve(observer.disconnect());
    });
    observer.observe({ type: 'mark', buffered: true });
  })`);
  // The first place's button focused: its label must show on the map (MapLibre's popup) on the next frame.
  const interactive = (await page.evaluate(`(async () => {
    const button = document.querySelector('ul[aria-label="Places on the map"] button');
    if (!button) throw new Error('No place on the map');
    button.focus();
    await new Promise((resolve) => requestAnimationFrame(resolve));
    if (!document.querySelector('.maplibregl-popup')) throw new Error('No label shown for the focused place');
    return performance.now();
  })()`)) as number;
  // A string, so the bundler's helpers never reach the page.
  const timings = (await page.evaluate(`(() => {
    const ended = (part) => performance.getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname.endsWith(part))
      .reduce((last, entry) => Math.max(last, entry.responseEnd), 0);
    return {
      answer: ended('/map'),
      areas: ended('/api/map/areas'),
      drawn: performance.getEntriesByName('curlew:map-drawn')[0]?.startTime ?? Number.NaN,
      longTasks: window.__longTasks,
    };
  })()`)) as Omit<MapRun, 'shown' | 'interactive'>;
  return { shown, interactive, ...timings };
}

/** The round map's API answer: median time of several GETs, its size and its size gzipped. */
async function weighAnswer(baseUrl: string, cookie: string, roundId: string): Promise<string> {
  const times: number[] = [];
  let body = '';
  for (let i = 0; i < 5; i += 1) {
    const started = performance.now();
    const response = await fetch(`${baseUrl}/api/round/${roundId}/map`, { headers: { cookie } });
    body = await response.text();
    if (!response.ok) throw new Error(`round map: ${response.status}`);
    times.push(performance.now() - started);
  }
  const answer = JSON.parse(body) as { projects: unknown[]; requirements: unknown[]; flows: unknown[] };
  return `GET /api/round/{id}/map median ${median(times).toFixed(0)} ms (worst ${Math.max(...times).toFixed(0)} ms), ${kb(body.length)} (${kb(gzipSync(body).length)} gzipped): ${answer.projects.length} projects, ${answer.requirements.length} requirements, ${answer.flows.length} flows`;
}

async function signIn(page: Page, baseUrl: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

/** Whether loading `path` (and waiting for the network to settle) loads any of the map's code. */
async function loadsMapCode(browser: BenchBrowser, baseUrl: string, path: string): Promise<string[]> {
  const page = await browser.context.newPage();
  try {
    const collected = collectScripts(page);
    await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
    return (await collected.done()).map((script) => script.url).filter((url) => MAP_CODE.test(url));
  } finally {
    await page.close();
  }
}

async function benchRoundMap(
  browser: BenchBrowser,
  server: Pick<BenchServer, 'baseUrl'>,
  round: BenchRound,
): Promise<void> {
  const page = await browser.context.newPage();
  await page.addInitScript(LONG_TASKS);
  const url = `${server.baseUrl}/markets/${round.marketId}/round/${round.roundId}`;
  const runs: MapRun[] = [];
  try {
    for (let i = 0; i < RUNS; i += 1) runs.push(await timeMapRun(page, url));
  } finally {
    await page.close();
  }
  const interactive = runs.map((run) => run.interactive);
  const load = (await import('node:os')).loadavg()[0]?.toFixed(1);
  console.log(
    `\nRound map, ${round.state} (round ${round.status}; load ${load}; ${RUNS} runs, the first with an empty cache):`,
  );
  for (const [i, run] of runs.entries())
    console.log(
      `  run ${i + 1}: button ${secondsText(run.shown)}, answer ${secondsText(run.answer)}, areas ${secondsText(run.areas)}, drawn ${secondsText(run.drawn)}, interactive ${secondsText(run.interactive)} (long tasks ${secondsText(run.longTasks)})`,
    );
  const middle = median(interactive);
  console.log(
    `  interactive from navigation start: median ${secondsText(middle)}, worst ${secondsText(Math.max(...interactive))}, best ${secondsText(Math.min(...interactive))} (target <= ${TARGET_SECONDS} s): ${middle <= TARGET_SECONDS * 1000 ? 'met' : 'NOT met'}`,
  );
}

/** Runs the round map benchmark; `password` is the demo accounts' password. */
export async function benchMap(password: string): Promise<void> {
  const started = performance.now();
  const server = await spawnServer(
    join(repoRoot, 'bench/src/map-server.ts'),
    { CURLEW_DEMO_PASSWORD: password },
    1800,
  );
  try {
    console.log(
      `\nRound map bench server ready after ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
    await measureMaps(server, password);
  } finally {
    await server.stop();
  }
}

/** The figures of a running bench map server (what it printed names its rounds). */
export async function measureMaps(
  server: Pick<BenchServer, 'baseUrl' | 'printed'>,
  password: string,
): Promise<void> {
  const rounds = [...server.printed.matchAll(/^BENCH_ROUND (.+)$/gm)].map(
    (match) => JSON.parse(match[1] ?? '{}') as BenchRound,
  );
  console.log(
    `  ${rounds.map((round) => `${round.state} round seeded in ${round.seconds.toFixed(0)} s`).join(', ')}`,
  );
  const areas = await fetch(`${server.baseUrl}/api/map/areas`);
  const areasBody = Buffer.from(await areas.arrayBuffer());
  const areasGzip = gzipSync(areasBody).length;
  console.log(
    `  planning areas file ${kb(areasBody.length)}, ${kb(areasGzip)} gzipped (target <= ${AREAS_TARGET_KB} kB): ${areasGzip <= AREAS_TARGET_KB * 1024 ? 'met' : 'NOT met'}`,
  );
  const login = await fetch(`${server.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password }),
  });
  const cookie = (login.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
  for (const round of rounds)
    console.log(`  ${round.state}: ${await weighAnswer(server.baseUrl, cookie, round.roundId)}`);

  const browser = await launchChromium({ webgl: true });
  try {
    const first = browser.context.pages()[0] ?? (await browser.context.newPage());
    const loginMapCode = await loadsMapCode(browser, server.baseUrl, '/login');
    await signIn(first, server.baseUrl, password);
    const projectsMapCode = await loadsMapCode(browser, server.baseUrl, '/projects');
    for (const [path, found] of [
      ['/login', loginMapCode],
      ['/projects', projectsMapCode],
    ] as const)
      console.log(
        `  ${path} loads map code: ${found.length === 0 ? 'no (met)' : `yes, ${found.join(', ')} (NOT met)`}`,
      );
    for (const round of rounds) await benchRoundMap(browser, server, round);
  } finally {
    await browser.close();
  }
}

if (process.argv[1] === import.meta.filename) await benchMap('bench-demo-password-2026');
