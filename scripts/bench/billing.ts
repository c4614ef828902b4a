// `npm run bench billing` (issue 15): a billing run over 100,000 subscriptions of 10,000 companies
// under 50 resellers, on PostgreSQL (DATABASE_URL's server, else 127.0.0.1:5432; a fresh database)
// and on PGlite (a fresh directory):
//   1. the first run: subscriptions billed per second (goal ≥ 2,000/s on PostgreSQL);
//   2. a second run of the same month: new invoices (goal 0) and its time against the first's (goal < 10 %);
//   3. the next month's run killed with `kill -9` half-way and started again: invoices per payer (goal
//      exactly one) and the month's total against the uninterrupted first month's (goal equal);
//   4. the revenue reports over 1,000,000 invoice lines, p95 (goal < 500 ms; bench/revenueReport.ts).
// BENCH_BILLING_COMPANIES (default 10,000; 200 per reseller) and BENCH_BILLING_DB (postgres, pglite
// or both) make it smaller or narrower.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '../../apps/server/src/platform/db/database';
import { ensureInitialData } from '../../apps/server/src/startup/initialData';
import { readConfig } from '../../apps/server/src/platform/config';
import { rowsOf } from '../../apps/server/src/platform/db/rowsOf';
import { createBillingRun, executeBillingRun, runOptionsOn } from '../../apps/server/src/billing/billingRun';
import { seedBillingWorld } from '../../apps/server/src/test/billingWorld';
import { benchRevenueReport } from './revenueReport';
import { createScratchDatabase } from './scratchDatabase';

const COMPANIES = Number(process.env.BENCH_BILLING_COMPANIES ?? 10_000);
const RESELLERS = Math.max(1, Math.round(COMPANIES / 200));
const SUBSCRIPTIONS_PER_COMPANY = 10;
const CHILD = path.resolve(import.meta.dirname, '../../apps/server/src/test/billingChild.ts');

interface Target {
  label: 'PostgreSQL' | 'PGlite';
  /** What openDatabase and the child take. */
  location: string;
  open: () => Promise<DatabaseHandle>;
  cleanUp: () => Promise<void>;
}

async function postgresTarget(): Promise<Target> {
  const scratch = await createScratchDatabase('billing');
  return { label: 'PostgreSQL', location: scratch.url, open: () => openDatabase({ databaseUrl: scratch.url, dataDir: '' }), cleanUp: scratch.drop };
}

function pgliteTarget(): Target {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cmp-bench-billing-'));
  return { label: 'PGlite', location: dataDir, open: () => openDatabase({ dataDir }), cleanUp: async () => rmSync(dataDir, { recursive: true, force: true }) };
}

/** The month `back` months before the current one, `YYYY-MM`. */
function monthBack(back: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)).toISOString().slice(0, 7);
}

/** A run as the billing job makes it on the handle's database (billingRun.ts runOptionsOn). */
async function timedRun(handle: DatabaseHandle, intervalId: string, scopeAccountId: number): Promise<{ seconds: number; runId: number }> {
  const runId = await createBillingRun(handle.db, { intervalId, scopeAccountId, startedByAccountId: null });
  const started = performance.now();
  await executeBillingRun(handle.db, runId, runOptionsOn(handle.kind));
  return { seconds: (performance.now() - started) / 1000, runId };
}

/** The month's documents: invoices, the payers and the payer–seller–currency pairs they bill (one invoice each), the sum of their totals. */
async function invoicesOf(handle: DatabaseHandle, intervalId: string, scopePath: string): Promise<{ invoices: number; payers: number; pairs: number; total: string }> {
  const [row] = await rowsOf<{ invoices: number; payers: number; pairs: number; total: string }>(
    handle.db,
    sql`select count(*)::int as invoices, count(distinct i.payer_account_id)::int as payers,
               count(distinct (i.payer_account_id, i.seller_account_id, i.currency))::int as pairs, coalesce(sum(i.total), 0)::text as total
        from invoices i join accounts p on p.id = i.payer_account_id where i.interval_id = ${intervalId} and p.path like ${`${scopePath}%`}`,
  );
  return row!;
}

/** Bills the run in a child process and kills it with SIGKILL once half the payers are billed. */
function killHalfWay(location: string, runId: number, payers: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD], { env: { ...process.env, BILLING_DB: location, BILLING_RUN_ID: String(runId) }, stdio: ['ignore', 'pipe', 'inherit'] });
    let billed = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      billed += (chunk.toString().match(/^billed \d+$/gm) ?? []).length;
      if (billed >= payers / 2) child.kill('SIGKILL');
    });
    child.on('error', reject);
    child.on('exit', (_code, signal) => (signal === 'SIGKILL' ? resolve(billed) : reject(new Error(`the child ended by itself after ${billed} payers`))));
  });
}

async function benchTarget(target: Target): Promise<void> {
  let handle = await target.open();
  try {
    const seedStart = performance.now();
    await ensureInitialData(handle.db, { ...readConfig({}), loadDemoData: true, demoPassword: 'Bench-Password-1!' });
    const since = new Date(`${monthBack(3)}-15T08:00:00Z`);
    const world = await seedBillingWorld(handle.db, { resellers: RESELLERS, companiesPerReseller: Math.round(COMPANIES / RESELLERS), subscriptionsPerCompany: SUBSCRIPTIONS_PER_COMPANY, chainPrices: true }, since);
    const [scope] = await rowsOf<{ path: string }>(handle.db, sql`select path from accounts where id = ${world.ownerAccountId}`);
    console.log(`${target.label}: ${world.subscriptions.toLocaleString('en')} subscriptions of ${world.companies.toLocaleString('en')} companies under ${RESELLERS} resellers (seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s)`);

    const first = monthBack(2);
    const run1 = await timedRun(handle, first, world.ownerAccountId);
    const billed1 = await invoicesOf(handle, first, scope!.path);
    console.log(`  1. first run of ${first}: ${run1.seconds.toFixed(1)} s, ${Math.round(world.subscriptions / run1.seconds).toLocaleString('en')} subscriptions/s, ${billed1.invoices.toLocaleString('en')} invoices (goal on PostgreSQL ≥ 2,000/s)`);

    const run2 = await timedRun(handle, first, world.ownerAccountId);
    const billed2 = await invoicesOf(handle, first, scope!.path);
    console.log(`  2. second run of ${first}: ${run2.seconds.toFixed(2)} s = ${((run2.seconds / run1.seconds) * 100).toFixed(1)} % of the first, ${billed2.invoices - billed1.invoices} new invoices (goal 0, < 10 %)`);

    const next = monthBack(1);
    const killedRun = await createBillingRun(handle.db, { intervalId: next, scopeAccountId: world.ownerAccountId, startedByAccountId: null });
    await handle.close();
    const reported = await killHalfWay(target.location, killedRun, world.companies);
    handle = await target.open();
    const atKill = await invoicesOf(handle, next, scope!.path);
    await executeBillingRun(handle.db, killedRun, runOptionsOn(handle.kind));
    const resumed = await invoicesOf(handle, next, scope!.path);
    console.log(
      `  3. ${next} killed with kill -9 after ${reported.toLocaleString('en')} payers (${atKill.invoices.toLocaleString('en')} invoices committed), started again: ${resumed.invoices.toLocaleString('en')} invoices for ${resumed.pairs.toLocaleString('en')} payer–seller pairs of ${resumed.payers.toLocaleString('en')} payers (goal exactly one each), total ${resumed.total} vs the uninterrupted ${first}'s ${billed1.total} (goal equal)`,
    );

    const [busiest] = await rowsOf<{ id: number }>(
      handle.db,
      sql`select i.seller_account_id as id from invoices i join accounts a on a.id = i.seller_account_id where a.type = 'Reseller' group by 1 order by count(*) desc limit 1`,
    );
    await benchRevenueReport(handle, target.label, [first, next], world.ownerAccountId, busiest!.id);
  } finally {
    await handle.close().catch(() => undefined);
    await target.cleanUp();
  }
}

export async function benchBilling(): Promise<void> {
  const which = process.env.BENCH_BILLING_DB ?? 'both';
  if (which !== 'pglite') await benchTarget(await postgresTarget());
  if (which !== 'postgres') await benchTarget(pgliteTarget());
}
