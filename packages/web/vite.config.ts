import react from '@vitejs/plugin-react';
import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';
import { bootShell } from './boot/bootShell.ts';
import { checkMantineStyles } from './build/mantineStyles.ts';
import { DEFERRED_STYLES_ATTRIBUTE } from './src/app/pageStyles.ts';

/** The Mantine components of the sign-in form. */
const SIGN_IN_COMPONENTS =
  'Alert|Anchor|Burger|Button|CloseButton|Container|Group|Input|InputBase|Loader|Paper|Stack|Text|TextInput|Title|Transition|UnstyledButton';
/**
 * What the sign-in page loads before it shows: React, Mantine's base and the components of its form, and the
 * app's own modules it shares. One chunk (shared with the app, which needs the same at once) compresses better
 * than the dozen small ones the bundler would cut by who imports what.
 */
const SIGN_IN_CORE = [
  /\/node_modules\/(react|react-dom|scheduler|clsx)\//,
  /\/node_modules\/@mantine\/hooks\/esm\/use-disclosure\//,
  /\/node_modules\/@mantine\/notifications\/styles\.css$/,
  /\/packages\/domain\/src\/auth\/current-user\.ts$/,
  /\/node_modules\/@mantine\/core\/esm\/core\//,
  new RegExp(`/node_modules/@mantine/core/esm/components/(${SIGN_IN_COMPONENTS})/`),
  // Their styles (and Mantine's base and notifications'), which the app's own list (app/mantineStyles.ts) repeats.
  new RegExp(
    `/node_modules/@mantine/core/styles/(baseline|default-css-variables|global|Notification|${SIGN_IN_COMPONENTS})\\.css$`,
  ),
  /\/packages\/web\/src\/app\/(api|env|lazyPage|pageStyles|redirect|roles|schemeHint|theme|toasts)\.tsx?$/,
  /\/packages\/web\/src\/app\/shell\/(DisclosureMenu|Footer|icons|pageLink|SkipLink|ToastHost|usePageTitle)\.tsx?$/,
  /\/packages\/web\/src\/auth\/(AuthCard|FormError|LoginForm|loginFlow|PasswordField|useSchemaForm)\.tsx?$/,
];

/**
 * Every signed-in page needs the `record` chunk (the action panel and breadcrumbs, with the project pages): index.html
 * names it, and its styles, for the browser to fetch beside the app's own chunks, rather than once the app has started
 * and asked for it. /login (login.html) stays as light as it is.
 */
function preloadRecordChunk(): Plugin {
  return {
    name: 'curlew-preload-record-chunk',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!context.filename.endsWith('/index.html') || context.bundle === undefined) return html;
        const record = Object.values(context.bundle).find(
          (output) => output.type === 'chunk' && output.name === 'record',
        );
        if (record?.type !== 'chunk') return html;
        const tags: HtmlTagDescriptor[] = [
          {
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${record.fileName}` },
            injectTo: 'head',
          },
          ...[...(record.viteMetadata?.importedCss ?? [])].map(
            (css): HtmlTagDescriptor => ({
              tag: 'link',
              attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `/${css}` },
              injectTo: 'head',
            }),
          ),
        ];
        return { html, tags };
      },
    },
  };
}

/**
 * index.html and login.html ask for their stylesheets without holding the first paint on them: the page's header
 * (drawn by the page's own styles) shows while they arrive, and `applyDeferredStyles` (app/pageStyles.ts) applies
 * them, in their order, before the app draws anything.
 */
function deferAppStyles(): Plugin {
  return {
    name: 'curlew-defer-app-styles',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        return html.replace(
          /<link rel="stylesheet" crossorigin href="([^"]+\.css)">/g,
          `<link rel="preload" as="style" crossorigin href="$1" ${DEFERRED_STYLES_ATTRIBUTE}>`,
        );
      },
    },
  };
}

/** Builds the browser app into `dist`; in development `/api` goes to the Curlew server on port 3000. */
export default defineConfig({
  plugins: [react(), bootShell(), preloadRecordChunk(), deferAppStyles(), checkMantineStyles()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The manifest lets the bundle-size benchmark follow what a route loads.
    manifest: true,
    // Every browser the app supports knows modulepreload: no polyfill, and no request for one.
    modulePreload: { polyfill: false },
    sourcemap: false,
    rolldownOptions: {
      // Two pages: the whole app, and /login on its own (served for a page load of /login; see signin/).
      input: { index: 'index.html', login: 'login.html' },
      output: {
        codeSplitting: {
          groups: [
            { name: 'core', test: (id) => SIGN_IN_CORE.some((core) => core.test(id)), priority: 3 },
            // The app's frame, with the few styles of the pages' own parts (CSS modules): one stylesheet, not one
            // more request for a record page's.
            {
              name: 'app',
              test: /\/packages\/web\/src\/(app\/start\.tsx|(components|features)\/.*\.module\.css)$/,
              priority: 2,
            },
            {
              name: 'record',
              test: /\/packages\/web\/src\/(features\/projects\/ProjectPage\.tsx|actions\/ActionPanelProvider\.tsx|app\/shell\/Breadcrumbs\.tsx)$/,
              priority: 1,
            },
          ],
        },
      },
      treeshake: {
        // @curlew/domain is pure (no I/O, no global effects), so unused schemas and vocabularies are dropped.
        moduleSideEffects: (id: string) => !id.includes('/packages/domain/src/'),
        manualPureFunctions: ['z'],
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
});
