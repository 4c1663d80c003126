import { readFile } from 'node:fs/promises';
import { ClearingError, clearRound } from './clear.ts';
import { InstanceError } from './instance.schema.ts';

/** Exit codes of `npm run clear`. */
export const EXIT = { ok: 0, usage: 2, badInstance: 3, failedCheck: 4, internal: 5 } as const;

const USAGE = 'Usage: npm run clear -- INSTANCE.json [--time-limit SECONDS]';

/** Parses the command line: one instance path and an optional time limit. */
export function parseArguments(argv: string[]): { path: string; timeLimitSeconds: number } | string {
  let path: string | null = null;
  let timeLimitSeconds = 60;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--time-limit') {
      const value = Number(argv[++i]);
      if (!Number.isFinite(value) || value <= 0) return '--time-limit needs a number of seconds above 0';
      timeLimitSeconds = value;
    } else if (arg.startsWith('--time-limit=')) {
      const value = Number(arg.slice('--time-limit='.length));
      if (!Number.isFinite(value) || value <= 0) return '--time-limit needs a number of seconds above 0';
      timeLimitSeconds = value;
    } else if (arg.startsWith('-')) {
      return `Unknown option ${arg}`;
    } else if (path === null) {
      path = arg;
    } else {
      return `Unexpected argument ${arg}`;
    }
  }
  return path === null ? 'Missing INSTANCE.json' : { path, timeLimitSeconds };
}

async function main(): Promise<number> {
  const args = parseArguments(process.argv.slice(2));
  if (typeof args === 'string') {
    process.stderr.write(`${args}\n${USAGE}\n`);
    return EXIT.usage;
  }
  let json: unknown;
  try {
    json = JSON.parse(await readFile(args.path, 'utf8'));
  } catch (error) {
    const why = error instanceof SyntaxError ? `is not valid JSON (${error.message})` : 'cannot be read';
    process.stderr.write(`Invalid instance: ${args.path} ${why}\n`);
    return EXIT.badInstance;
  }
  let lastReport = 0;
  try {
    const result = await clearRound(json, {
      timeLimitSeconds: args.timeLimitSeconds,
      onProgress: (p) => {
        const now = Date.now();
        if (now - lastReport < 1000 && p.solved < p.components) return;
        lastReport = now;
        process.stderr.write(
          `clearing: ${p.solved}/${p.components} parts solved, best surplus ${p.best.toFixed(2)}, bound ${p.bound.toFixed(2)}, gap ${(p.gap * 100).toFixed(4)}%\n`,
        );
      },
    });
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    process.stderr.write(`clearing: ${result.status}, surplus ${result.surplus}, ${result.seconds} s\n`);
    return EXIT.ok;
  } catch (error) {
    if (error instanceof InstanceError) {
      process.stderr.write(`${error.message}\n`);
      return EXIT.badInstance;
    }
    if (error instanceof ClearingError) {
      process.stderr.write(`${error.message}\n`);
      return EXIT.failedCheck;
    }
    process.stderr.write(`Clearing failed: ${error instanceof Error ? error.message : String(error)}\n`);
    return EXIT.internal;
  }
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'))) {
  process.exitCode = await main();
}
