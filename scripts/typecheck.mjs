// Type-checks every workspace (each has its own compiler settings), failing on the first error.
import { execFileSync } from 'node:child_process';

const projects = ['packages/domain', 'packages/matching', 'packages/server', 'packages/web', 'e2e', 'bench'];
let failed = false;
for (const project of projects) {
  try {
    execFileSync('node_modules/.bin/tsc', ['-p', project], { stdio: 'inherit' });
  } catch {
    failed = true;
    console.error(`typecheck failed in ${project}`);
  }
}
process.exit(failed ? 1 : 0);
