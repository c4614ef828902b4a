// Starts the real server for the browser tests on a fresh database: a new PGlite folder, or a new
// database on the PostgreSQL server of DATABASE_URL (the second CI pass). The demo world is the fixture.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startE2eIdentityProvider } from './oidcTestProvider';

const baseUrl = process.env.DATABASE_URL;
let cleanup: () => Promise<void> = async () => {};

if (baseUrl) {
  const name = `cmp_e2e_${Date.now()}_${process.pid}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
  process.env.DEMO_DATA = '1';
  cleanup = async () => {
    const c = new pg.Client({ connectionString: baseUrl });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  };
} else {
  const dir = mkdtempSync(path.join(tmpdir(), 'cmp-e2e-'));
  process.env.DATA_DIR = dir;
  cleanup = async () => rmSync(dir, { recursive: true, force: true });
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    cleanup()
      .catch(() => undefined)
      .finally(() => process.exit(0));
  });
}

// The test OpenID provider for sso.spec.ts; the portal's redirect URI is its own origin (spec §7 SSO button).
await startE2eIdentityProvider(`http://127.0.0.1:${process.env.PORT ?? 8080}`);

await import('../apps/server/src/main');
