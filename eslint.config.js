import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importPlugin from 'eslint-plugin-import';
import globals from 'globals';

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
      // STYLE.md: code flows one way, app → domains → platform; platform never imports a domain or the app.
      'import/no-restricted-paths': [
        'error',
        {
          zones: [{ target: './apps/web/src/platform', from: './apps/web/src', except: ['./platform', './locales', './test'] }],
        },
      ],
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
