import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

// The dev server forwards every server-owned path (spec §7: operations, branding, images, logout
// endpoints; DESIGN.md: /api docs, /healthz) to the Fastify server, so the portal runs same-origin
// as in production, where the server serves apps/web/dist at /.
const SERVER = 'http://127.0.0.1:8080';
const SERVER_PATHS = ['/DataModel', '/branding', '/keeper', '/dash', '/api', '/healthz'];

// The shared contracts build zod schemas at module level. The portal imports only constants and
// types from most of them, but a bundler must keep every `z.object(…)` call it cannot prove pure,
// which would put all of zod (~20 KB gzip) into the entry chunk. zod's constructors have no side
// effects, so calls on zod's `z` inside the contracts are marked pure under a name nothing else uses.
const CONTRACTS_ZOD = '__contractsZod';
function pureContractSchemas(): Plugin {
  return {
    name: 'cmp:pure-contract-schemas',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]packages[\\/]contracts[\\/]src[\\/][^\\/]+\.ts$/.test(id) || !code.includes("from 'zod'")) return null;
      return code
        .replace(/import \{ z \} from 'zod';/, `import { z as ${CONTRACTS_ZOD} } from 'zod';`)
        // `z` before a member access, also when a formatter broke the chain (`= z\n  .object(…)`).
        .replace(/(?<![\w$.'"])z(?=\s*\.)/g, CONTRACTS_ZOD);
    },
  };
}

// MUI's createTheme carries the CSS-variables theme builder (~4 KB gzip in the entry chunk) although it
// only calls it for `cssVariables` or `colorSchemes`, which the portal's theme never sets
// (platform/theme/createAppTheme.ts). The build leaves it out; a theme that asked for it would fail
// at start-up with this message rather than quietly (issue 12: entry budget).
const MUI_VARS_THEME = '\0cmp:mui-css-variables-theme-left-out';
function withoutMuiCssVariablesTheme(): Plugin {
  return {
    name: 'cmp:without-mui-css-variables-theme',
    enforce: 'pre',
    apply: 'build',
    resolveId(source, importer) {
      const fromCreateTheme = importer !== undefined && /[\\/]@mui[\\/]material[\\/]styles[\\/]createTheme\.mjs$/.test(importer);
      return fromCreateTheme && source === './createThemeWithVars.mjs' ? MUI_VARS_THEME : null;
    },
    load(id) {
      if (id !== MUI_VARS_THEME) return null;
      return "export default function createThemeWithVars() { throw new Error('The portal is built without MUI CSS-variables themes (apps/web/vite.config.ts).'); }";
    },
  };
}

// The server paints the first screen of a signed-out visit into index.html before any script runs
// (apps/server/src/branding/portalShell.ts, issue 12). Its words are the portal's own, in every
// language: the build hands them over as boot-texts.json beside index.html.
const BOOT_TEXTS_FILE = 'boot-texts.json';
function bootTexts(): Plugin {
  return {
    name: 'cmp:boot-texts',
    apply: 'build',
    generateBundle() {
      const folder = path.resolve(import.meta.dirname, 'src/locales');
      const texts = Object.fromEntries(
        readdirSync(folder)
          .filter((file) => file.endsWith('.json'))
          .map((file) => {
            const locale = JSON.parse(readFileSync(path.join(folder, file), 'utf8')) as { login: { welcome: string }; common: { loading: string } };
            return [file.replace(/\.json$/, ''), { welcome: locale.login.welcome, loading: locale.common.loading }];
          }),
      );
      this.emitFile({ type: 'asset', fileName: BOOT_TEXTS_FILE, source: JSON.stringify(texts) });
    },
  };
}

// Without groups the bundler cuts the portal into ~200 small chunks by sharing, and a signed-in first
// visit fetched about 95 of them before its first paint: over HTTP/1.1's six connections per origin
// that is 16 requests in a row, each a round trip (Lighthouse's dashboard FCP 4 s). The first screens
// load few, whole chunks instead (issue 12):
// - boot: the entry with everything it imports statically (one file, not twenty);
// - frame: the signed-in layout (header, consent banner, footer) with its imports;
// - header: the header's search and menus, which come once the first screen is painted;
// - dashboard: the default landing screen with what it needs beyond the frame;
// - ui: the MUI components the other screens use, cached once for all of them.
// A higher priority takes a module first, so a group never holds what an earlier one loaded.
const sourceFile = (file: string) => new RegExp(`src[\\\\/]${file.replaceAll('/', '[\\\\/]')}\\.tsx?$`);
const anyOf = (files: string[]) => {
  const patterns = files.map(sourceFile);
  return (id: string) => patterns.some((pattern) => pattern.test(id));
};
// Date and number formats and MUI's Alert are shared by the dashboard and the header's menus: left to the
// header group (taken before the dashboard's), they made the dashboard import the header's chunk, which then
// came before the first paint instead of after it (scripts/entry-size.mjs fails the build if that comes back).
const FRAME_FILES = ['app/layouts/FullLayout', 'app/layouts/ConsentAndAnalytics', 'support/components/SupportFooterLinks', 'platform/dates/formatDateTime', 'platform/i18n/intlFormats'];
// The same for the form-control context and MUI's controlled-state hook, which the dashboard's lists
// (DataTable's selection check boxes) and the header's search field both use.
const FRAME_PACKAGES =
  /node_modules[\\/]@mui[\\/](material[\\/]Alert[\\/]|material[\\/]FormControl[\\/](FormControlContext|useFormControl)\.|material[\\/]utils[\\/]useControlled\.|utils[\\/]useControlled[\\/])/;
const inFrameFiles = anyOf(FRAME_FILES);
const HEADER_FILES = ['search/components/GlobalSearch', 'support/components/SupportMenu', 'terms/components/TermsMenu'];
// The screen and the data start-up asks for beside it (the route's prefetch).
const DASHBOARD_FILES = ['dashboard/screens/DashboardScreen', 'dashboard/api/prefetchDashboard'];
const CHUNK_GROUPS = [
  { name: 'boot', tags: ['$initial' as const], priority: 40 },
  { name: 'frame', test: (id: string) => inFrameFiles(id) || FRAME_PACKAGES.test(id), priority: 30 },
  { name: 'header', test: anyOf(HEADER_FILES), priority: 28 },
  { name: 'dashboard', test: anyOf(DASHBOARD_FILES), priority: 25 },
  { name: 'ui', test: /node_modules[\\/](@mui[\\/](material|system|utils|styled-engine)|@emotion|react-transition-group|@popperjs|clsx)[\\/]/, priority: 20 },
];

function reactRouterProductionBuild(): string {
  const packageJson = createRequire(import.meta.url).resolve('react-router/package.json');
  return path.join(path.dirname(packageJson), 'dist/production/index.mjs');
}

export default defineConfig(({ mode }) => ({
  plugins: [pureContractSchemas(), withoutMuiCssVariablesTheme(), bootTexts(), react()],
  // react-router's package exports point every bundler at its development build (warnings and all);
  // a production bundle takes its production build instead (about 10 KB gzip less in the entry).
  resolve: mode === 'production' ? { alias: [{ find: /^react-router$/, replacement: reactRouterProductionBuild() }] } : {},
  server: {
    // The live-notification WebSocket (issue 16) is at /ws/ in development, / in production.
    proxy: { ...Object.fromEntries(SERVER_PATHS.map((path) => [path, { target: SERVER }])), '/ws/': { target: SERVER, ws: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Every browser the portal supports knows <link rel="modulepreload">; the polyfill only costs bytes.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      treeshake: { manualPureFunctions: [CONTRACTS_ZOD] },
      output: { codeSplitting: { groups: CHUNK_GROUPS } },
    },
  },
}));
