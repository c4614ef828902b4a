// Starts the real server for the browser tests on a fresh database: a new PGlite folder, or a new
// database on the PostgreSQL server of DATABASE_URL (the second CI pass). The demo world is the fixture.
//
// The server and the test OpenID provider run as processes of their own, watched from here: each
// step prints how long it took, and a start that does not answer in time (the server's own
// START_TIMEOUT_SECONDS names the step it was stuck in) is ended and tried again on a new database,
// so one stuck start shows in the log instead of failing the whole browser run.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startE2eIdentityProvider } from './oidcTestProvider';

const ATTEMPTS = 3;
// `npm test` sets E2E_SERVER=compiled after `npm run build`: the browser tests then run what `npm
// start` runs (apps/server/dist, with the npm packages bundled in); otherwise the TypeScript through tsx.
const SERVER_ARGS = process.env.E2E_SERVER === 'compiled' ? ['--enable-source-maps', 'apps/server/dist/main.mjs'] : ['--import', 'tsx', 'apps/server/src/main.ts'];
const SERVER_START_SECONDS = 75;
const port = process.env.PORT ?? '8080';
const healthUrl = `http://127.0.0.1:${port}/healthz`;
const postgresUrl = process.env.DATABASE_URL;
const cleanups: (() => Promise<void>)[] = [];
let server: ChildProcess | undefined;
let stopping = false;

const since = Date.now();
const say = (message: string) => console.error(`[e2e serve +${((Date.now() - since) / 1000).toFixed(1)} s] ${message}`);

/** A fresh database for one start: its environment, removed when this process ends. */
async function freshDatabase(): Promise<NodeJS.ProcessEnv> {
  if (!postgresUrl) {
    const dir = mkdtempSync(path.join(tmpdir(), 'cmp-e2e-'));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    return { DATA_DIR: dir, DATABASE_URL: '' };
  }
  const name = `cmp_e2e_${Date.now()}_${process.pid}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const c = new pg.Client({ connectionString: postgresUrl });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  });
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return { DATABASE_URL: url.toString(), DEMO_DATA: '1' };
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok;
  } catch {
    return false;
  }
}

/** Starts the server and waits until it answers; false when it ended or did not answer in time. */
async function startServer(env: NodeJS.ProcessEnv): Promise<boolean> {
  const child = spawn(process.execPath, SERVER_ARGS, {
    env: { ...process.env, ...env, START_TIMEOUT_SECONDS: String(SERVER_START_SECONDS) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  server = child;
  const deadline = Date.now() + (SERVER_START_SECONDS + 15) * 1000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      say(`the server ended before it answered (exit code ${child.exitCode ?? child.signalCode})`);
      return false;
    }
    if (await answers(healthUrl)) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  say(`the server did not answer ${healthUrl} in ${SERVER_START_SECONDS + 15} s; ending it`);
  child.kill('SIGKILL');
  return false;
}

async function stop(): Promise<void> {
  stopping = true;
  server?.kill('SIGTERM');
  for (const cleanup of cleanups) await cleanup().catch(() => undefined);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    stop().finally(() => process.exit(0));
  });
}

// The test OpenID provider for sso.spec.ts; the portal's redirect URI is its own origin (spec §7 SSO button).
let ssoProviders: string | undefined;
for (let attempt = 1; !ssoProviders; attempt += 1) {
  try {
    ssoProviders = await startE2eIdentityProvider(`http://127.0.0.1:${port}`);
    say('the test OpenID provider answers');
  } catch (error) {
    say(`${(error as Error).message} (attempt ${attempt} of ${ATTEMPTS})`);
    if (attempt === ATTEMPTS) process.exit(1);
  }
}

for (let attempt = 1; ; attempt += 1) {
  say(`starting the server on a fresh database (attempt ${attempt} of ${ATTEMPTS})`);
  if (await startServer({ ...(await freshDatabase()), SSO_PROVIDERS: ssoProviders })) {
    say(`the server answers at ${healthUrl}`);
    break;
  }
  if (attempt === ATTEMPTS) {
    await stop();
    process.exit(1);
  }
}

// Playwright ends this process when the run is over; the server ends with it.
server?.once('exit', (code) => {
  if (stopping) return;
  say(`the server ended (exit code ${code})`);
  void stop().finally(() => process.exit(1));
});
