import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';

/** Chromium flags of the machine's notes: headless, no sandbox, no background networking. */
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A page's Lighthouse mobile performance: the score (0-100) and the metrics it is made of, as Lighthouse shows them. */
export interface LighthouseResult {
  label: string;
  score: number;
  /** First and largest contentful paint, total blocking time, speed index, cumulative layout shift. */
  metrics: string;
}

const METRICS = [
  ['FCP', 'first-contentful-paint'],
  ['LCP', 'largest-contentful-paint'],
  ['TBT', 'total-blocking-time'],
  ['SI', 'speed-index'],
  ['CLS', 'cumulative-layout-shift'],
] as const;

/** Lighthouse's mobile performance of each page, in one Chromium, with the given cookie. */
export async function lighthousePerformance(
  pages: readonly { label: string; url: string; cookie?: string }[],
): Promise<LighthouseResult[]> {
  const chrome = await launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROMIUM_FLAGS,
  });
  try {
    const scores: LighthouseResult[] = [];
    for (const { label, url, cookie } of pages) {
      // Lighthouse's defaults: a mobile device, simulated slow 4G and a 4x slower CPU. A run whose trace failed
      // (its runtimeError, e.g. NO_NAVSTART, asks to run again) is run again, up to three times in all.
      let result: Awaited<ReturnType<typeof lighthouse>>;
      for (let attempt = 1; ; attempt++) {
        result = await lighthouse(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
          ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
        });
        if (result?.lhr.runtimeError === undefined || attempt === 3) break;
        console.log(`  (Lighthouse: ${result.lhr.runtimeError.code} on ${label}; running it again)`);
      }
      // LIGHTHOUSE_REPORT_DIR keeps each page's full report (its metrics and audits) for reading afterwards.
      const reportDir = process.env.LIGHTHOUSE_REPORT_DIR;
      if (reportDir && result) {
        mkdirSync(reportDir, { recursive: true });
        const file = join(
          reportDir,
          `lighthouse-${label.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}.json`,
        );
        writeFileSync(file, JSON.stringify(result.lhr));
      }
      const score = result?.lhr.categories.performance?.score;
      if (score === undefined || score === null)
        throw new Error(`Lighthouse gave ${url} no performance score`);
      const audits = result?.lhr.audits ?? {};
      const metrics = METRICS.map(([name, id]) => `${name} ${audits[id]?.displayValue ?? '?'}`).join(', ');
      scores.push({ label, score: Math.round(score * 100), metrics });
    }
    return scores;
  } finally {
    chrome.kill();
  }
}
