import { fileURLToPath } from 'node:url';

/**
 * True when this code runs from the TypeScript sources (tsx, tests); false in the compiled bundle
 * (`packages/server/dist`, made by `npm run build`).
 */
export const RUNNING_FROM_SOURCES = new URL(import.meta.url).pathname.endsWith('.ts');

/**
 * The server package's folder (`packages/server`): this file is `src/platform/paths.ts` in the sources and part
 * of `dist/main.js` in the build, one folder below it.
 */
export const SERVER_ROOT = fileURLToPath(new URL(RUNNING_FROM_SOURCES ? '../../' : '../', import.meta.url));
