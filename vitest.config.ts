import { defineConfig } from 'vitest/config';

// One Vitest run covers the contracts, the server (API tests on a real database) and the portal's
// component tests; each project keeps its own environment.
export default defineConfig({
  test: {
    // Two test files at a time on the 2-core CI machine (Vitest's default is one fewer than the cores,
    // so one): the suite had grown to about 27 minutes run serially, most of it spent waiting on
    // PGlite and jsdom. The timeouts below are sized for a file sharing the machine with another.
    maxWorkers: 2,
    projects: [
      { test: { name: 'contracts', include: ['packages/contracts/src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'scripts', include: ['scripts/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          // Prepares the demo world once; each test server starts from a copy of it.
          globalSetup: ['./apps/server/src/test/globalSetup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Cheap password hashing for the many sign-ins of the API tests (production cost: see passwords.ts).
          env: { ARGON2_MEMORY_KIB: '8192', ARGON2_TIME_COST: '1' },
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
          // Typing into forms in jsdom is slow on a busy 2-core machine; 5 s was not enough there.
          testTimeout: 40_000,
        },
      },
    ],
  },
});
