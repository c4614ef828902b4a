// `npm run bench partner-api` (issue 33): a partner's nightly sync over the SimpleAPI — a token,
// GetCompanies of a reseller with 10,000 companies, then GetSubscriptions of each company (100,000
// subscriptions), 8 requests at a time — against the compiled-from-source server (tsx) on PostgreSQL
// (DATABASE_URL's server, else 127.0.0.1:5432; a fresh database) and on PGlite (a fresh directory).
// Prints the sync's wall time (goal < 30 s on PostgreSQL), requests per second, GetSubscriptions p50/p95,
// and the server's resident memory before, at its peak during and after the sync (goal: flat).
// BENCH_PARTNER_COMPANIES (default 10,000; 10 subscriptions each), BENCH_PARTNER_DB (postgres, pglite or both).
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '../../apps/server/src/platform/db/database';
import { readConfig } from '../../apps/server/src/platform/config';
import { rowsOf } from '../../apps/server/src/platform/db/rowsOf';
import { ensureInitialData } from '../../apps/server/src/startup/initialData';
import { seedBillingWorld } from '../../apps/server/src/test/billingWorld';
import { startProcess } from './api';
import { createScratchDatabase } from './scratchDatabase';

const COMPANIES = Number(process.env.BENCH_PARTNER_COMPANIES ?? 10_000);
const SUBSCRIPTIONS_PER_COMPANY = 10;
const CONCURRENCY = 8;
const PASSWORD = 'Bench-Password-1!';
const PORT = 18_093;
const API = `http://127.0.0.1:${PORT}/SimpleAPI/SimpleAPIService.svc/rest`;

interface Target {
  label: 'PostgreSQL' | 'PGlite';
  env: Record<string, string>;
  open: () => Promise<DatabaseHandle>;
  cleanUp: () => Promise<void>;
}

async function postgresTarget(): Promise<Target> {
  const scratch = await createScratchDatabase('partner');
  return { label: 'PostgreSQL', env: { DATABASE_URL: scratch.url, DEMO_DATA: '0' }, open: () => openDatabase({ databaseUrl: scratch.url, dataDir: '' }), cleanUp: scratch.drop };
}

function pgliteTarget(): Target {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cmp-bench-partner-'));
  return { label: 'PGlite', env: { DATA_DIR: dataDir, DATABASE_URL: '', DEMO_DATA: '0' }, open: () => openDatabase({ dataDir }), cleanUp: async () => rmSync(dataDir, { recursive: true, force: true }) };
}

/** The server's resident memory in MB, from /proc (Linux). */
const residentMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

async function call<T>(operation: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${API}/${operation}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authenticate: `CCPSessionId ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${operation}: ${response.status} ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function benchTarget(target: Target): Promise<void> {
  let server: ChildProcess | undefined;
  try {
    const handle = await target.open();
    const seedStart = performance.now();
    await ensureInitialData(handle.db, { ...readConfig({}), loadDemoData: true, demoPassword: PASSWORD });
    await seedBillingWorld(handle.db, { resellers: 1, companiesPerReseller: COMPANIES, subscriptionsPerCompany: SUBSCRIPTIONS_PER_COMPANY }, new Date());
    const [reseller] = await rowsOf<{ id: number }>(handle.db, sql`select id from accounts where display_name = 'Bulk reseller 1' limit 1`);
    await handle.close();
    console.log(`${target.label}: ${COMPANIES.toLocaleString('en')} companies, ${(COMPANIES * SUBSCRIPTIONS_PER_COMPANY).toLocaleString('en')} subscriptions (seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s)`);

    server = await startProcess(['--import', 'tsx', 'apps/server/src/main.ts'], { PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...target.env }, `http://127.0.0.1:${PORT}/healthz`);
    const pid = server.pid!;
    const before = residentMb(pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, residentMb(pid))), 100);

    const started = performance.now();
    const token = await call<string>('GetSessionToken', { username: 'admin', password: PASSWORD });
    const companies = await call<{ AccountId: number }[]>('GetCompanies', { parentAccountId: reseller!.id }, token);
    const companiesSeconds = (performance.now() - started) / 1000;
    const latencies: number[] = [];
    let subscriptions = 0;
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < companies.length) {
          const company = companies[next++]!;
          const callStart = performance.now();
          // Awaited first: `subscriptions += await …` would read the sum before the await and lose the other workers' counts.
          const answered = await call<unknown[]>('GetSubscriptions', { parentAccountId: company.AccountId }, token);
          subscriptions += answered.length;
          latencies.push(performance.now() - callStart);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const after = residentMb(pid);
    latencies.sort((a, b) => a - b);
    const requests = companies.length + 2;
    console.log(
      `  sync: ${seconds.toFixed(1)} s for ${companies.length.toLocaleString('en')} companies (GetCompanies ${companiesSeconds.toFixed(2)} s) and ${subscriptions.toLocaleString('en')} subscriptions, ` +
        `${Math.round(requests / seconds).toLocaleString('en')} requests/s; GetSubscriptions p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms (goal on PostgreSQL: < 30 s)`,
    );
    console.log(`  server memory (RSS): ${before.toFixed(0)} MB before, ${peak.toFixed(0)} MB at the peak, ${after.toFixed(0)} MB after`);
  } finally {
    server?.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await target.cleanUp();
  }
}

export async function benchPartnerApi(): Promise<void> {
  const which = process.env.BENCH_PARTNER_DB ?? 'both';
  if (which !== 'pglite') await benchTarget(await postgresTarget());
  if (which !== 'postgres') await benchTarget(pgliteTarget());
}
