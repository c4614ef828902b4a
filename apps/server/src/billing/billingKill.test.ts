import { afterAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '../platform/db/database';
import { ensureInitialData } from '../startup/initialData';
import { readConfig } from '../platform/config';
import { createScratchDatabase, type ScratchDatabase } from '../test/scratchDatabase';
import { rowsOf } from '../platform/db/rowsOf';
import { createBillingRun, executeBillingRun } from './billingRun';
import { seedBillingWorld } from '../test/billingWorld';

// Issue 15 "a run killed with kill -9 and started again completes with exactly one invoice per payer
// and interval": a child process bills a run and is killed with SIGKILL half-way; the run started
// again bills the rest — one invoice per payer, numbers without gaps, the figures of an uninterrupted
// run, at every level of the chain (the companies' resellers and their distributor are billed too).
// On the database the suite runs on: a PGlite directory, or a scratch PostgreSQL database.

/** Companies; their two resellers and the distributor above them are payers too. */
const PAYERS = 40;
const RESELLERS = 2;
const CHILD = path.resolve(import.meta.dirname, '../test/billingChild.ts');
const scratches: ScratchDatabase[] = [];
const dataDirs: string[] = [];

afterAll(async () => {
  for (const scratch of scratches) await scratch.drop();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

/** A fresh database of the kind the suite runs on: a scratch PostgreSQL database, or a PGlite directory. */
async function freshTarget(): Promise<string> {
  if (process.env.DATABASE_URL) {
    const scratch = await createScratchDatabase(process.env.DATABASE_URL, 'cmp_kill');
    scratches.push(scratch);
    return scratch.url;
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'cmp-billing-kill-'));
  dataDirs.push(dir);
  return dir;
}

const open = (target: string): Promise<DatabaseHandle> => openDatabase(target.startsWith('postgres') ? { databaseUrl: target, dataDir: '' } : { dataDir: target });

/** Runs the child until it has billed `killAfter` payers, then kills it with SIGKILL; answers how many it reported. */
function billAndKill(target: string, runId: number, killAfter: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
      env: { ...process.env, BILLING_DB: target, BILLING_RUN_ID: String(runId), BILLING_DELAY_MS: '150' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let billed = 0;
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      billed = (output.match(/^billed \d+$/gm) ?? []).length;
      if (billed >= killAfter) child.kill('SIGKILL');
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (signal === 'SIGKILL') resolve(billed);
      else reject(new Error(`the billing child ended by itself (code ${code}) after ${billed} payers: ${output.slice(-500)}`));
    });
  });
}

/** Bills July in a child killed with SIGKILL after `killAfter` payers, then resumes the run and checks every invoice. */
async function killAndResume(killAfter: number): Promise<void> {
  const target = await freshTarget();
  let handle = await open(target);
  await ensureInitialData(handle.db, { ...readConfig({}), loadDemoData: true, demoPassword: 'Kill-Test-Password-1!' });
  // Chain prices: Skyline Mail's purchase price, 4.10 a seat, is what each level pays the one above it.
  const world = await seedBillingWorld(
    handle.db,
    { resellers: RESELLERS, companiesPerReseller: PAYERS / RESELLERS, subscriptionsPerCompany: 2, chainPrices: true },
    new Date('2026-06-10T08:00:00Z'),
  );
  const runId = await createBillingRun(handle.db, { intervalId: '2026-07', scopeAccountId: world.ownerAccountId, startedByAccountId: null });
  await handle.close();

  const payers = PAYERS + RESELLERS + 1;
  const reported = await billAndKill(target, runId, killAfter);
  expect(reported).toBeGreaterThanOrEqual(killAfter);

  handle = await open(target);
  try {
    const before = await rowsOf<{ n: number }>(handle.db, sql`select count(*)::int as n from invoices where billing_run_id = ${runId}`);
    // Killed on the way: some payers billed, not all.
    expect(before[0]!.n).toBeGreaterThanOrEqual(killAfter);
    expect(before[0]!.n).toBeLessThan(payers);

    await executeBillingRun(handle.db, runId);
    const [run] = await rowsOf<{ status: string; payers_done: number; invoices_created: number }>(handle.db, sql`select status, payers_done, invoices_created from billing_runs where id = ${runId}`);
    expect(run).toEqual({ status: 'Completed', payers_done: payers, invoices_created: payers });
    const invoices = await rowsOf<{ payer_account_id: number; payer_type: string; seller_account_id: number; number: number; subtotal: string; tax_amount: string; total: string; lines: number }>(
      handle.db,
      sql`select i.payer_account_id, p.type as payer_type, i.seller_account_id, i.number, i.subtotal::text, i.tax_amount::text, i.total::text,
            (select count(*)::int from invoice_lines l where l.invoice_id = i.id) as lines
          from invoices i join accounts p on p.id = i.payer_account_id where i.billing_run_id = ${runId} order by i.seller_account_id, i.number`,
    );
    expect(invoices).toHaveLength(payers);
    expect(new Set(invoices.map((i) => i.payer_account_id)).size).toBe(payers);
    // Per seller 1, 2, 3 … with no number lost to the killed transaction (the platform owner's follow the demo's).
    for (const seller of new Set(invoices.map((i) => i.seller_account_id))) {
      const numbers = (await rowsOf<{ number: number }>(handle.db, sql`select number from invoices where seller_account_id = ${seller} order by number`)).map((i) => i.number);
      expect(numbers).toEqual(numbers.map((_, index) => index + 1));
    }
    // As an uninterrupted run bills July: two subscriptions of 3 seats at 10.00, German VAT …
    const companies = invoices.filter((i) => i.payer_type === 'Company');
    expect(companies).toHaveLength(PAYERS);
    for (const invoice of companies) expect(invoice).toMatchObject({ subtotal: '60.0000', tax_amount: '11.4000', total: '71.4000', lines: 2 });
    // … each reseller its 20 companies' 40 lines at 3 × 4.10, German VAT; the distributor all 80, from the
    // platform owner abroad (no VAT).
    const resellers = invoices.filter((i) => i.payer_type === 'Reseller');
    expect(resellers.filter((i) => i.payer_account_id !== world.ownerAccountId)).toEqual(
      Array.from({ length: RESELLERS }, () => expect.objectContaining({ seller_account_id: world.ownerAccountId, subtotal: '492.0000', tax_amount: '93.4800', total: '585.4800', lines: 40 })),
    );
    expect(resellers.find((i) => i.payer_account_id === world.ownerAccountId)).toMatchObject({ subtotal: '984.0000', tax_amount: '0.0000', lines: 80 });
    // Each level's margin reconciles to the cent: what it sold less what it was billed for the same lines.
    const [margins] = await rowsOf<{ sold: string; bought: string; margin: string }>(
      handle.db,
      sql`select sum(l.amount)::text as sold, sum(l.purchase_amount)::text as bought, sum(l.margin)::text as margin
          from invoice_lines l join invoices i on i.id = l.invoice_id where i.billing_run_id = ${runId} and i.seller_account_id <> ${world.ownerAccountId} and l.payer_account_id = l.customer_account_id`,
    );
    expect(margins).toEqual({ sold: '2400.0000', bought: '984.0000', margin: '1416.0000' });
  } finally {
    await handle.close();
  }
}

describe('a billing run killed with kill -9', () => {
  it('completes when started again half-way through the companies: exactly one invoice per payer, numbers without gaps, the uninterrupted figures', async () => {
    await killAndResume(PAYERS / 2);
  }, 240_000);

  it('completes when started again between the resellers: the one billed keeps its invoice, the others are billed once', async () => {
    await killAndResume(PAYERS + 1);
  }, 240_000);
});
