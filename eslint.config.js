import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importPlugin from 'eslint-plugin-import';
import globals from 'globals';
import { readdirSync } from 'node:fs';

// The portal's features (issue 32): every folder of apps/web/src but the app that composes them, the
// shared ground floor and the non-code folders — read from disk, so a new feature is covered by the
// import rules below without editing this list.
const WEB_SRC = './apps/web/src';
const WEB_NON_FEATURES = ['app', 'platform', 'locales', 'test', 'assets'];
const webFeatures = readdirSync(new URL(WEB_SRC, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !WEB_NON_FEATURES.includes(entry.name))
  .map((entry) => entry.name)
  .sort();

// STYLE.md: code flows one way, app → features → platform. platform/ imports no feature and not the
// app; a feature reaches another only through its declared entry, <feature>/public.ts, which names
// what the others use (so a feature's inside can change without breaking its neighbours).
const webImportZones = [
  {
    target: `${WEB_SRC}/platform`,
    from: WEB_SRC,
    except: ['./platform', './locales', './test'],
    message: 'platform/ is the ground floor: it imports no feature and not app/. Move the shared piece into platform/, or let the feature hand it in.',
  },
  ...webFeatures.map((feature) => ({
    target: webFeatures.filter((other) => other !== feature).map((other) => `${WEB_SRC}/${other}`),
    from: `${WEB_SRC}/${feature}`,
    except: ['./public.ts'],
    message: `Another feature reaches ${feature}/ only through ${feature}/public.ts: re-export what you need there (named, no export *), or move a generic piece into platform/.`,
  })),
];
// The app composes the features, so a feature does not import the app; tests may, to render a screen
// inside the app's providers (test/renderWithProviders.tsx does the same).
const webAppZone = {
  target: webFeatures.map((feature) => `${WEB_SRC}/${feature}`),
  from: `${WEB_SRC}/app`,
  message: 'app/ composes the features: a feature does not import it. Move what both need into platform/.',
};
const WEB_TESTS = ['apps/web/src/**/__tests__/**', 'apps/web/src/**/*.test.{ts,tsx}'];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'apps/server/drizzle/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, import: importPlugin },
    // The node resolver with TypeScript extensions, so the path rule below can see where imports lead.
    settings: { 'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // Tests too: a test reaches another feature only through its public.ts, as the code does.
      'import/no-restricted-paths': ['error', { zones: webImportZones }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: WEB_TESTS,
    rules: { 'import/no-restricted-paths': ['error', { zones: [...webImportZones, webAppZone] }] },
  },
  {
    // A feature's public entry names what it lends: `export *` would hand out its whole inside.
    files: ['apps/web/src/*/public.ts'],
    rules: {
      'no-restricted-syntax': ['error', { selector: 'ExportAllDeclaration', message: 'Re-export by name what other features use.' }],
    },
  },
  {
    // The server's ground floor (issue 32): platform/ imports no domain. What a domain must add to
    // every request (the MFA policy, the IP lists) is handed in by app.ts (sessionCache.ts SessionGuards).
    files: ['apps/server/src/platform/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts'],
    plugins: { import: importPlugin },
    settings: { 'import/resolver': { node: { extensions: ['.ts', '.js'] } } },
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './apps/server/src/platform',
              from: './apps/server/src',
              except: ['./platform'],
              message: 'platform/ is the ground floor: it imports no domain. Hand the domain rule in from app.ts, or move the shared piece into platform/.',
            },
          ],
        },
      ],
    },
  },
  {
    // DESIGN.md "dates": month and day arithmetic lives in the server's one date module, with the
    // billing calendar's month-end clamp; a hand-written setUTCMonth(m + 1) overflows 31 Jan to 3 Mar.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/platform/dates.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['setUTCMonth', 'setMonth', 'setUTCFullYear', 'setFullYear', 'setUTCDate', 'setDate'].map((property) => ({
          property,
          message: 'Calendar arithmetic goes through apps/server/src/platform/dates.ts (addCalendarMonths, termEnd, addDays …).',
        })),
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/platform/dates.ts', 'apps/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'Literal[value=86400000]', message: 'Use DAY_MS or a day helper from apps/server/src/platform/dates.ts.' },
      ],
    },
  },
  {
    files: ['scripts/**', 'e2e/**'],
    rules: { 'no-console': 'off' },
  },
);
