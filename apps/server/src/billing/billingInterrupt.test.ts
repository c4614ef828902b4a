import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import type { BillingRun } from '@cmp/contracts/billing';
import { call, signIn, startTestServer, type TestServer } from '../test/testServer';
import { until } from '../test/subscriptionWorld';
import { JobRunner } from '../platform/jobs';
import { BILLING_RECOVERY_JOB, BILLING_RUN_JOB, billingJobs, createBillingRun, executeBillingRun } from './billingRun';
import { HEARTBEAT_STALE_MS, recoverInterruptedRuns, staleBefore } from './billingRecovery';
import { seedBillingWorld, type BillingWorld } from '../test/billingWorld';

// Issue 30, item 7 and the billing part of item 11: a billing run's state follows its job. A run a
// killed node left Running (its heartbeat stopped) is found by the sweep and at a node's start, shown
// Interrupted, resumed and completed with exactly one invoice per payer; and one run per account and
// month at a time, decided by the database, so racing RunBilling calls start exactly one.
// On the database the suite runs on (PGlite, or PostgreSQL with DATABASE_URL).

/** Two resellers of 30 companies: the first batch of each (25) is billed before the "kill", the rest after. */
const COMPANIES = 60;
let server: TestServer;
let admin: string;
let world: BillingWorld;
const rowsOf = async <T>(query: ReturnType<typeof sql>) => ((await server.handle.db.execute(query)) as unknown as { rows: T[] }).rows;
const send = (name: string, data: object, options?: { singletonKey?: string }) => server.app.jobs.send(name, data, options);
const runsOf = async () => (await call(server.app, 'IInvoiceBillingService/GetBillingRuns', { accountId: world.ownerAccountId }, { cookie: admin })).body.BillingRuns as BillingRun[];
const runOf = async (runId: number) => (await runsOf()).find((run) => run.BillingRunId === runId)!;

/**
 * A run as a node killed with `kill -9` leaves it: some payers billed, status Running, its heartbeat
 * two minutes old, no job at work. (The run is stopped by a failing progress callback after its first
 * batches committed, then set back to what the killed process would have left.)
 */
async function killedRun(intervalId: string): Promise<{ runId: number; billedBefore: number }> {
  const runId = await createBillingRun(server.handle.db, { intervalId, scopeAccountId: world.ownerAccountId, startedByAccountId: null });
  await expect(
    executeBillingRun(server.handle.db, runId, {
      onPayerDone: () => {
        throw new Error('killed');
      },
    }),
  ).rejects.toThrow('killed');
  await server.handle.db.execute(
    sql`update billing_runs set status = 'Running', finished_at = null, error = null, heartbeat_at = now() - interval '2 minutes' where id = ${runId}`,
  );
  const [billed] = await rowsOf<{ n: number }>(sql`select count(*)::int as n from invoices where billing_run_id = ${runId}`);
  return { runId, billedBefore: billed!.n };
}

/** Exactly one invoice per company of the world for the month, and the run Completed with them all. */
async function expectBilledOnce(runId: number, intervalId: string): Promise<void> {
  const run = await until(
    () => runOf(runId),
    (r) => r.Status === 'Completed' || r.Status === 'Failed',
  );
  expect(run).toMatchObject({ Status: 'Completed', InterruptedAt: null, InvoicesCreated: COMPANIES });
  const [counts] = await rowsOf<{ invoices: number; payers: number }>(
    sql`select count(*)::int as invoices, count(distinct i.payer_account_id)::int as payers from invoices i join accounts p on p.id = i.payer_account_id
        where i.interval_id = ${intervalId} and p.path like ${`%/${world.ownerAccountId}/%`}`,
  );
  expect(counts).toEqual({ invoices: COMPANIES, payers: COMPANIES });
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server.app, 'admin');
  // The tests play the sweep themselves: the server's minute cron would race them to the runs they kill.
  await server.app.jobs.start();
  await server.handle.db.execute(sql`delete from pgboss.schedule where name = ${BILLING_RECOVERY_JOB}`);
  world = await seedBillingWorld(server.handle.db, { resellers: 2, companiesPerReseller: COMPANIES / 2, subscriptionsPerCompany: 1 }, new Date('2026-03-10T08:00:00Z'));
}, 60_000);
afterAll(async () => {
  await server?.close();
});

describe('a billing run whose job died', () => {
  it('is marked Interrupted by the sweep, with the moment, and its job is sent again once; a run that beats is left alone', async () => {
    const { runId, billedBefore } = await killedRun('2026-04');
    expect(billedBefore).toBeGreaterThan(0);
    expect(billedBefore).toBeLessThan(COMPANIES);
    const alive = await createBillingRun(server.handle.db, { intervalId: '2026-04', scopeAccountId: null, startedByAccountId: null });
    const sent: number[] = [];
    const recordSend = async (_name: string, data: object) => {
      sent.push((data as { billingRunId: number }).billingRunId);
    };
    expect(await recoverInterruptedRuns(server.handle.db, recordSend, staleBefore(server.handle.kind, new Date(0)), BILLING_RUN_JOB)).toEqual([runId]);
    expect(await runOf(runId)).toMatchObject({ Status: 'Interrupted', InterruptedAt: expect.any(String), FinishedAt: null });
    expect(Date.now() - Date.parse((await runOf(runId)).InterruptedAt!)).toBeLessThan(30_000);
    const [live] = await rowsOf<{ status: string }>(sql`select status from billing_runs where id = ${alive}`);
    expect(live!.status).toBe('Running');
    await server.handle.db.execute(sql`update billing_runs set status = 'Completed' where id = ${alive}`);

    // Sent through the server's job runner: the resumed run bills only the payers left.
    expect(sent).toEqual([runId]);
    expect(await recoverInterruptedRuns(server.handle.db, send, staleBefore(server.handle.kind, new Date(0)), BILLING_RUN_JOB)).toEqual([runId]);
    // A second sweep while that job waits or works sends nothing more.
    expect(await recoverInterruptedRuns(server.handle.db, send, staleBefore(server.handle.kind, new Date(0)), BILLING_RUN_JOB)).toEqual([]);
    await expectBilledOnce(runId, '2026-04');
  }, 60_000);

  it("is resumed when a node starts: the node's start hook finds it without waiting for the cron, and the run completes without a second invoice", async () => {
    const { runId } = await killedRun('2026-05');
    // A second node on the same database (as a restarted one would be).
    const node: JobRunner = new JobRunner(server.handle, server.app.log, billingJobs({ send: (name, data, options) => node.send(name, data, options) }));
    try {
      await node.start();
      // The start hook has run when start() answers: the run is no longer a Running one without a beat.
      const [after] = await rowsOf<{ lost: boolean }>(sql`select status = 'Running' and heartbeat_at < now() - interval '1 minute' as lost from billing_runs where id = ${runId}`);
      expect(after!.lost).toBe(false);
      await expectBilledOnce(runId, '2026-05');
    } finally {
      await node.stop();
    }
  }, 60_000);

  it('counts as lost on PGlite when not beaten since this process started, and everywhere after a minute without a beat', () => {
    const now = new Date('2026-12-07T05:00:00Z');
    const startedAt = new Date('2026-12-07T04:59:50Z');
    expect(staleBefore('pglite', startedAt, now)).toEqual(startedAt);
    expect(staleBefore('postgres', startedAt, now)).toEqual(new Date(now.getTime() - HEARTBEAT_STALE_MS));
    // A PGlite process up for long: the minute applies there too.
    expect(staleBefore('pglite', new Date('2026-12-07T01:00:00Z'), now)).toEqual(new Date(now.getTime() - HEARTBEAT_STALE_MS));
  });
});

describe('one billing run per account and month at a time', () => {
  it('starts exactly one run for 10 concurrent RunBilling calls; the others answer 409 naming it; once it completed a new run may start', async () => {
    // The runs' jobs are held until the answers are in, so the first run cannot end (and free the month) meanwhile.
    const held: Parameters<TestServer['app']['jobs']['send']>[] = [];
    const realSend = server.app.jobs.send.bind(server.app.jobs);
    const spy = vi.spyOn(server.app.jobs, 'send').mockImplementation(async (...args) => {
      held.push(args);
    });
    let answers: Awaited<ReturnType<typeof call>>[];
    try {
      answers = await Promise.all(
        Array.from({ length: 10 }, () => call(server.app, 'IInvoiceBillingService/RunBilling', { accountId: world.ownerAccountId, intervalId: '2026-06' }, { cookie: admin })),
      );
    } finally {
      spy.mockRestore();
    }
    const started = answers.filter((answer) => answer.status === 200);
    expect(started).toHaveLength(1);
    const run = started[0]!.body as BillingRun;
    const refused = answers.filter((answer) => answer.status === 409);
    expect(refused).toHaveLength(9);
    const startedAt = `${run.StartedAt.slice(0, 16).replace('T', ' ')} UTC`;
    for (const answer of refused) {
      expect(answer.body.Message).toBe(`A billing run for 2026-06 is already running for this account: run ${run.BillingRunId}, started ${startedAt}. Wait until it has finished.`);
    }
    const [runs] = await rowsOf<{ n: number }>(sql`select count(*)::int as n from billing_runs where interval_id = '2026-06' and scope_account_id = ${world.ownerAccountId}`);
    expect(runs!.n).toBe(1);

    for (const args of held) await realSend(...args);
    await expectBilledOnce(run.BillingRunId, '2026-06');
    const again = await call(server.app, 'IInvoiceBillingService/RunBilling', { accountId: world.ownerAccountId, intervalId: '2026-06' }, { cookie: admin });
    expect(again.status).toBe(200);
    const rerun = await until(
      () => runOf((again.body as BillingRun).BillingRunId),
      (r) => r.Status === 'Completed',
    );
    expect(rerun.InvoicesCreated).toBe(0);
  }, 60_000);

  it('refuses a second run while the first is Interrupted, in German for a German caller', async () => {
    const { runId } = await killedRun('2026-07');
    await server.handle.db.execute(sql`update billing_runs set status = 'Interrupted', interrupted_at = now(), heartbeat_at = now() + interval '1 hour' where id = ${runId}`);
    const refused = await call(server.app, 'IInvoiceBillingService/RunBilling', { accountId: world.ownerAccountId, intervalId: '2026-07' }, { cookie: admin, headers: { 'accept-language': 'de' } });
    expect(refused.status).toBe(409);
    expect(refused.body.Message).toMatch(new RegExp(`^Für diesen Account läuft bereits ein Abrechnungslauf für 2026-07: Lauf ${runId}, gestartet `));
    // Another month, or another account, is free.
    expect((await call(server.app, 'IInvoiceBillingService/RunBilling', { accountId: world.ownerAccountId, intervalId: '2026-08' }, { cookie: admin })).status).toBe(200);
    await server.handle.db.execute(sql`update billing_runs set heartbeat_at = now() - interval '2 minutes' where id = ${runId}`);
    await recoverInterruptedRuns(server.handle.db, send, staleBefore(server.handle.kind, new Date(0)), BILLING_RUN_JOB);
    await expectBilledOnce(runId, '2026-07');
  }, 60_000);
});
