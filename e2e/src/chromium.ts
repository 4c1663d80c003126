import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Debian's Chromium unless CHROMIUM_PATH says otherwise (the end-to-end tests drive it). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The one command that installs what the end-to-end tests need. */
const INSTALL_COMMAND = 'sudo apt-get install -y chromium';

/**
 * Makes sure Chromium is there before any test runs, as `.ci/run` does: when it is missing and this process runs
 * as root on a machine with apt-get, installs Debian's package; otherwise stops at once with the command to run.
 */
export function ensureChromium(): void {
  if (existsSync(CHROMIUM_PATH)) return;
  const custom = process.env.CHROMIUM_PATH !== undefined;
  const root = process.getuid?.() === 0;
  if (!custom && root && existsSync('/usr/bin/apt-get')) {
    console.log("Chromium is missing: installing Debian's package (apt-get install chromium)...");
    const run = (args: string[]) =>
      spawnSync('apt-get', args, {
        stdio: 'inherit',
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      }).status === 0;
    if (run(['update', '-qq']) && run(['install', '-y', '-qq', 'chromium']) && existsSync(CHROMIUM_PATH))
      return;
    throw new Error(`Installing Chromium failed: run \`${INSTALL_COMMAND}\` and try again.`);
  }
  throw new Error(
    custom
      ? `CHROMIUM_PATH names ${CHROMIUM_PATH}, which does not exist: point it at a Chromium or Chrome binary.`
      : `The end-to-end tests need Chromium at ${CHROMIUM_PATH}. Install it with \`${INSTALL_COMMAND}\` (or set CHROMIUM_PATH).`,
  );
}
