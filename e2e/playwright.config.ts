import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4173);
/** The SMTP receiver the identity specs start; the server mails to it. */
export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 4125);

// Debian's Chromium, never a downloaded browser; the flags keep it off the closed network (DESIGN.md).
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  timeout: 45_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['json']],
  globalTeardown: './dataChecksTeardown.ts',
  outputDir: '../test-results',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    launchOptions: { executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
    locale: 'en-US',
    screenshot: 'only-on-failure',
    trace: 'off',
  },
  webServer: {
    command: 'node --import tsx e2e/serve.ts',
    cwd: '..',
    url: `http://127.0.0.1:${port}/healthz`,
    // e2e/serve.ts tries a stuck start up to three times, 90 s each.
    timeout: 330_000,
    reuseExistingServer: false,
    // SIGTERM, not Playwright's default SIGKILL: e2e/serve.ts then ends the server and drops the
    // PostgreSQL pass's database (it was left behind on the machine's server after every run).
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      // Test-only: lets a spec set the client address with X-Forwarded-For (the IP-restriction spec).
      TRUSTED_PROXIES: '127.0.0.1',
    },
  },
});
