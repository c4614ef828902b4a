import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accounts, products, provisioningRequests, subscriptions } from '../platform/db/schema';
import { rowsOf } from '../platform/db/rowsOf';
import { startTestServer, type TestServer } from '../test/testServer';
import { HttpVendorConnector } from './connectors/httpVendorConnector';
import type { VendorConnector } from './connectors/vendorConnector';
import { provisioningRequeueValues, sendProvisioning } from './queue';
import { overdueProvisioningRequests, processProvisioningRequest, provisioningJobs, type LoadedRequest } from './provisioningJob';
import { startVendorSandbox, type VendorSandbox } from './sandbox/vendorSandbox';

// The provisioning job (issue 14) on a real database and its real job runner, against the vendor
// sandbox over HTTP: completion, transient failures retried with backoff provisioning once, a
// permanent failure leaving the request Failed with the vendor's message, timeouts.

let sandbox: VendorSandbox;
let server: TestServer;
let contosoId: number;
let productAccountId: number;

beforeAll(async () => {
  sandbox = await startVendorSandbox({ options: { completionDelayMs: 100, hangMs: 10_000 } });
  process.env.VENDOR_SANDBOX_URL = sandbox.url;
  server = await startTestServer();
  const db = server.handle.db;
  const [contoso] = await db.select().from(accounts).where(and(eq(accounts.displayName, 'Contoso Ltd'), eq(accounts.type, 'Company')));
  const [product] = await db.select().from(accounts).where(and(eq(accounts.displayName, 'Skyline CRM – Contoso'), eq(accounts.type, 'Product')));
  contosoId = contoso!.id;
  productAccountId = product!.id;
  await db.insert(products).values({ name: 'H7_SLOW_SERVICE', displayName: 'Slow service', vendorSku: 'SLOW-TIMEOUT-1' });
}, 120_000);
afterAll(async () => {
  delete process.env.VENDOR_SANDBOX_URL;
  await server?.close();
  await sandbox?.close();
});
beforeEach(() => sandbox.configure({ transientFailureRate: 0, failNextCalls: 0, lostResponseRate: 0 }));

type Request = typeof provisioningRequests.$inferSelect;

/** A request of Contoso's CRM subscription (issue 30: a request the vendor completes always names its subscription). */
async function newRequest(values: Partial<typeof provisioningRequests.$inferInsert> = {}): Promise<Request> {
  const [row] = await server.handle.db
    .insert(provisioningRequests)
    .values({ companyAccountId: contosoId, subscriptionAccountId: productAccountId, productName: 'SKYLINE_CRM', quantity: 5, customerId: 'contoso.sandbox', nextAttemptAt: new Date(), ...values })
    .returning();
  return row!;
}

const read = async (id: number): Promise<Request> => (await server.handle.db.select().from(provisioningRequests).where(eq(provisioningRequests.id, id)))[0]!;

const enqueue = (id: number) => sendProvisioning(server.app.jobs, [id]);

/** Waits until the job has ended the request (Completed or Failed). */
async function settled(id: number, timeoutMs = 60_000): Promise<Request> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await read(id);
    if (row.orderStatus === 'Completed' || row.orderStatus === 'Failed') return row;
    if (Date.now() > deadline) throw new Error(`request ${id} still ${row.orderStatus} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('provisioning.process', () => {
  it('sends a new subscription to the vendor and completes the request when the vendor has provisioned it', async () => {
    const request = await newRequest({ subscriptionAccountId: productAccountId, quantity: 12 });
    await enqueue(request.id);
    const done = await settled(request.id);
    expect(done).toMatchObject({ orderStatus: 'Completed', productStatus: 'Active', isFinalStatus: true, errorMessage: null, attempts: 0, nextAttemptAt: null });
    expect(done.vendorSubscriptionId).toMatch(/^sub-/);
    expect(done.sendDate).toBeInstanceOf(Date);
    expect(sandbox.provisionings().byKey[done.vendorIdempotencyKey!]).toBe(1);
    const subscription = await (await fetch(`${sandbox.url}/subscriptions/${done.vendorSubscriptionId}`)).json();
    expect(subscription).toMatchObject({ customerId: 'contoso.sandbox', quantity: 12, status: 'Active' });

    // Later actions find the vendor's subscription from the completed request.
    const modify = await newRequest({ subscriptionAccountId: productAccountId, action: 'Modify', quantity: 20 });
    await enqueue(modify.id);
    expect(await settled(modify.id)).toMatchObject({ orderStatus: 'Completed', productStatus: 'Active', vendorSubscriptionId: done.vendorSubscriptionId });
    const terminate = await newRequest({ subscriptionAccountId: productAccountId, action: 'Terminate', quantity: null });
    await enqueue(terminate.id);
    expect(await settled(terminate.id)).toMatchObject({ orderStatus: 'Completed', productStatus: 'Terminated' });
    expect(await (await fetch(`${sandbox.url}/subscriptions/${done.vendorSubscriptionId}`)).json()).toMatchObject({ quantity: 20, status: 'Terminated' });
  });

  it('retries transient 503s with backoff and provisions once', async () => {
    sandbox.configure({ failNextCalls: 2 });
    const request = await newRequest();
    await enqueue(request.id);
    const done = await settled(request.id);
    expect(done).toMatchObject({ orderStatus: 'Completed', attempts: 2, errorMessage: null });
    expect(sandbox.provisionings().byKey[done.vendorIdempotencyKey!]).toBe(1);
    expect(sandbox.provisionings().duplicates).toBe(0);
  });

  it('provisions once when the job runs twice at once and the vendor’s first answer is lost', async () => {
    sandbox.configure({ lostResponseRate: 1 });
    const request = await newRequest();
    await Promise.all([enqueue(request.id), enqueue(request.id)]);
    // The vendor acted on the first call and its answer was lost: one run retries later (attempts),
    // or the other run got the remembered answer (a reference) for the same key.
    for (let row = await read(request.id); row.attempts === 0 && row.vendorRequestId === null; row = await read(request.id)) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    sandbox.configure({ lostResponseRate: 0 });
    const done = await settled(request.id);
    expect(done.orderStatus).toBe('Completed');
    expect(sandbox.provisionings().byKey[done.vendorIdempotencyKey!]).toBe(1);
    expect(sandbox.provisionings().duplicates).toBe(0);
  });

  it('leaves a permanent failure Failed with the vendor’s message, waiting for a person', async () => {
    const request = await newRequest({ quantity: 501 });
    await enqueue(request.id);
    const done = await settled(request.id);
    expect(done).toMatchObject({ orderStatus: 'Failed', productStatus: 'Failed', isFinalStatus: false, errorMessage: 'License pool exhausted', nextAttemptAt: null });
    expect(sandbox.provisionings().byKey[done.vendorIdempotencyKey!]).toBeUndefined();
  });

  it('a retry after the attempts ran out keeps the key and provisions once; a resubmit sends a new submission', async () => {
    // The vendor acts but its answer is lost, then it is unavailable until the job gives up.
    const connector = () => new HttpVendorConnector({ baseUrl: sandbox.url, timeoutMs: 3_000 });
    sandbox.configure({ lostResponseRate: 1 });
    const request = await newRequest({ nextAttemptAt: null });
    const settings = { connector, maxAttempts: 2, retryBaseMs: 10 };
    expect((await processProvisioningRequest(server.handle.db, request.id, settings)).outcome).toBe('retry');
    sandbox.configure({ lostResponseRate: 0, failNextCalls: 1 });
    expect((await processProvisioningRequest(server.handle.db, request.id, settings)).outcome).toBe('failed');
    const failed = await read(request.id);
    expect(failed).toMatchObject({ orderStatus: 'Failed', attempts: 2, errorMessage: 'Service temporarily unavailable', vendorRequestId: null });

    await server.handle.db.update(provisioningRequests).set(provisioningRequeueValues(failed, 'retry')).where(eq(provisioningRequests.id, request.id));
    await enqueue(request.id);
    const retried = await settled(request.id);
    expect(retried).toMatchObject({ orderStatus: 'Completed', vendorIdempotencyKey: failed.vendorIdempotencyKey });
    expect(sandbox.provisionings().byKey[failed.vendorIdempotencyKey!]).toBe(1);

    // A refused request, resubmitted with a quantity the vendor accepts: a new key, a new provisioning.
    const refused = await newRequest({ quantity: 900 });
    await enqueue(refused.id);
    const refusedDone = await settled(refused.id);
    expect(refusedDone.errorMessage).toBe('License pool exhausted');
    await server.handle.db
      .update(provisioningRequests)
      .set({ ...provisioningRequeueValues(refusedDone, 'resubmit'), quantity: 400 })
      .where(eq(provisioningRequests.id, refused.id));
    await enqueue(refused.id);
    const resubmitted = await settled(refused.id);
    expect(resubmitted).toMatchObject({ orderStatus: 'Completed', productStatus: 'Active' });
    expect(resubmitted.vendorIdempotencyKey).not.toBe(refusedDone.vendorIdempotencyKey);
    expect(sandbox.provisionings().byKey[resubmitted.vendorIdempotencyKey!]).toBe(1);
    expect(sandbox.provisionings().duplicates).toBe(0);
  });

  it('fails a change of a subscription the vendor never provisioned without calling it', async () => {
    const request = await newRequest({ action: 'Suspend', subscriptionAccountId: null });
    await enqueue(request.id);
    expect(await settled(request.id)).toMatchObject({ orderStatus: 'Failed', errorMessage: 'The vendor’s subscription is not known: it was never provisioned through the vendor.' });
  });
});

describe('a batch of provisioning.process', () => {
  it('moves each request of the batch a step (their reads in one statement) and sends each next step; a request cancelled before is not sent', async () => {
    const sent: { name: string; data: object; options?: { startAfter?: Date } }[] = [];
    const [definition] = provisioningJobs({
      send: async (name, data, options) => {
        sent.push({ name, data, options });
      },
    });
    const requests = await Promise.all([3, 4, 5].map((quantity) => newRequest({ quantity })));
    const cancelled = await newRequest({ quantity: 6 });
    await server.handle.db.update(provisioningRequests).set({ orderStatus: 'Cancelled' }).where(eq(provisioningRequests.id, cancelled.id));
    const ctx = { db: server.handle.db, log: server.app.log };
    await definition!.batchHandler!([...requests, cancelled].map((request) => ({ requestId: request.id })), ctx);
    for (const request of requests) expect(await read(request.id)).toMatchObject({ orderStatus: 'InProgress', vendorRequestId: expect.stringMatching(/.+/) });
    expect(await read(cancelled.id)).toMatchObject({ orderStatus: 'Cancelled', vendorRequestId: null });
    // A poll for each of the three, carrying its request as the step left it.
    const polls = [...sent];
    expect(polls.map((job) => (job.data as { requestId: number }).requestId).sort()).toEqual(requests.map((request) => request.id).sort());
    expect(polls.every((job) => (job.data as { known?: LoadedRequest }).known?.request.orderStatus === 'InProgress' && job.options?.startAfter instanceof Date)).toBe(true);
    // The polls, as pg-boss hands them back (JSON), complete the requests once the vendor has provisioned them.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await definition!.batchHandler!(polls.map((job) => JSON.parse(JSON.stringify(job.data)) as object), ctx);
    for (const request of requests) expect(await read(request.id)).toMatchObject({ orderStatus: 'Completed', productStatus: 'Active' });
    expect(sent).toHaveLength(3);
    for (const request of requests) expect(sandbox.provisionings().byKey[(await read(request.id)).vendorIdempotencyKey!]).toBe(1);
  });
});

describe('processProvisioningRequest', () => {
  it('retries a vendor that never answers in time (TIMEOUT SKU) with backoff, then fails the request with the reason', async () => {
    const connector = () => new HttpVendorConnector({ baseUrl: sandbox.url, timeoutMs: 300 });
    const request = await newRequest({ productName: 'H7_SLOW_SERVICE', nextAttemptAt: null });
    const settings = { connector, maxAttempts: 2, retryBaseMs: 5_000 };

    const before = Date.now();
    const first = await processProvisioningRequest(server.handle.db, request.id, settings);
    expect(first.outcome).toBe('retry');
    const waiting = await read(request.id);
    expect(waiting).toMatchObject({ orderStatus: 'Submitted', attempts: 1, errorMessage: 'Vendor sandbox did not answer within 300 ms' });
    expect(waiting.nextAttemptAt!.getTime()).toBeGreaterThanOrEqual(before + 5_000);

    expect(await processProvisioningRequest(server.handle.db, request.id, settings)).toEqual({ outcome: 'failed', message: 'Vendor sandbox did not answer within 300 ms' });
    expect(await read(request.id)).toMatchObject({ orderStatus: 'Failed', attempts: 2, isFinalStatus: false, vendorRequestId: null });
    // A finished request is left alone.
    expect(await processProvisioningRequest(server.handle.db, request.id, settings)).toEqual({ outcome: 'nothing' });
  });

  it('ends a request with its subscription’s status and its business event in one go, and changes nothing when someone acted in between', async () => {
    const db = server.handle.db;
    const [user] = await db.select().from(accounts).where(and(eq(accounts.parentId, contosoId), eq(accounts.type, 'User'))).limit(1);
    const real = new HttpVendorConnector({ baseUrl: sandbox.url, timeoutMs: 3_000 });
    const subscription = await db.insert(accounts).values({ type: 'Product', parentId: contosoId, path: 'pending', displayName: 'Skyline CRM – one-go', productName: 'SKYLINE_CRM' }).returning();
    const accountId = subscription[0]!.id;
    await db.update(accounts).set({ path: `${(await db.select().from(accounts).where(eq(accounts.id, contosoId)))[0]!.path}${accountId}/` }).where(eq(accounts.id, accountId));
    await db.insert(subscriptions).values({ accountId, productName: 'SKYLINE_CRM', quantity: 3, status: 'Provisioning' });
    const status = async () => (await db.select({ status: subscriptions.status }).from(subscriptions).where(eq(subscriptions.accountId, accountId)))[0]!.status;
    const events = (requestId: number) =>
      rowsOf<{ event: string; recipient_user_ids: number[]; link: string }>(
        db,
        sql`select event, recipient_user_ids, payload ->> 'link' as link from outbox_events where payload -> 'values' ->> 'service' = 'Skyline CRM' and created_at >= (select created_at from provisioning_requests where id = ${requestId}) order by id`,
      );
    // Each poll carries the request as the step before left it, as the job does.
    const untilCompleted = async (id: number, settings: Parameters<typeof processProvisioningRequest>[2]) => {
      let known: LoadedRequest | undefined;
      for (let i = 0; i < 50; i += 1) {
        const step = await processProvisioningRequest(db, id, settings, known && { carried: known });
        if (step.outcome !== 'pending' && step.outcome !== 'sent') return step;
        known = step.polled;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('never completed');
    };

    const request = await newRequest({ subscriptionAccountId: accountId, quantity: 3, createdByAccountId: user!.id, nextAttemptAt: null });
    expect(await untilCompleted(request.id, { connector: () => real })).toEqual({ outcome: 'completed' });
    expect(await status()).toBe('Active');
    expect(await events(request.id)).toEqual([{ event: 'ProvisioningCompleted', recipient_user_ids: [user!.id], link: `/account/${accountId}/provisioning` }]);

    // A person cancels the request while the job asks the vendor: the job's end writes nothing.
    await db.update(subscriptions).set({ status: 'Provisioning' }).where(eq(subscriptions.accountId, accountId));
    const raced = await newRequest({ subscriptionAccountId: accountId, quantity: 3, createdByAccountId: user!.id, nextAttemptAt: null });
    const cancelling: VendorConnector = {
      name: real.name,
      create: (input, options) => real.create(input, options),
      changeQuantity: (id, quantity, options) => real.changeQuantity(id, quantity, options),
      suspend: (id, options) => real.suspend(id, options),
      resume: (id, options) => real.resume(id, options),
      terminate: (id, options) => real.terminate(id, options),
      async getStatus(id, options) {
        const answer = await real.getStatus(id, options);
        if (answer.state !== 'Pending') await db.update(provisioningRequests).set({ orderStatus: 'Cancelled' }).where(eq(provisioningRequests.id, raced.id));
        return answer;
      },
    };
    expect(await untilCompleted(raced.id, { connector: () => cancelling })).toEqual({ outcome: 'nothing' });
    expect(await read(raced.id)).toMatchObject({ orderStatus: 'Cancelled', isFinalStatus: false });
    expect(await status()).toBe('Provisioning');
    expect(await events(raced.id)).toEqual([]);
  });

  it('polls from the request its job carries: a person’s action since wins, and a request not yet sent is read afresh', async () => {
    const db = server.handle.db;
    const connector = new HttpVendorConnector({ baseUrl: sandbox.url, timeoutMs: 3_000 });
    const request = await newRequest({ quantity: 4, nextAttemptAt: null });
    const sent = await processProvisioningRequest(db, request.id, { connector: () => connector });
    if (sent.outcome !== 'sent') throw new Error(`expected sent, got ${sent.outcome}`);
    const stored = await read(request.id);
    expect(sent.polled.request).toMatchObject({ id: request.id, orderStatus: 'InProgress', vendorRequestId: stored.vendorRequestId, vendorIdempotencyKey: stored.vendorIdempotencyKey });

    // Cancelled by a person after the vendor accepted it: the vendor answers Succeeded, the job changes nothing.
    await db.update(provisioningRequests).set({ orderStatus: 'Cancelled' }).where(eq(provisioningRequests.id, request.id));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await processProvisioningRequest(db, request.id, { connector: () => connector }, { carried: sent.polled })).toEqual({ outcome: 'nothing' });
    expect(await read(request.id)).toMatchObject({ orderStatus: 'Cancelled', isFinalStatus: false, productStatus: 'Pending' });

    // A carried request the vendor never accepted is not taken on trust: cancelled since, it is never
    // sent (an order's request has its key from the start, so nothing else would stop the call).
    const key = `prov-carried-${request.id}`;
    const unsent = await newRequest({ quantity: 4, nextAttemptAt: null, vendorIdempotencyKey: key });
    await db.update(provisioningRequests).set({ orderStatus: 'Cancelled' }).where(eq(provisioningRequests.id, unsent.id));
    const carried = { ...sent.polled, request: { ...(await read(unsent.id)), orderStatus: 'Submitted' as const } };
    expect(await processProvisioningRequest(db, unsent.id, { connector: () => connector }, { carried })).toEqual({ outcome: 'nothing' });
    expect(await read(unsent.id)).toMatchObject({ orderStatus: 'Cancelled', vendorRequestId: null });
    // The sandbox counts a provisioning when it has made it (after its delay).
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sandbox.provisionings().byKey[key]).toBeUndefined();
  });

  it('fails the request when no vendor system is configured', async () => {
    const request = await newRequest({ nextAttemptAt: null });
    expect(await processProvisioningRequest(server.handle.db, request.id, { connector: () => undefined })).toEqual({
      outcome: 'failed',
      message: 'No vendor system is configured (VENDOR_SANDBOX_URL).',
    });
  });

  it('lets the sweeper find requests whose next step is overdue, never hand-made ones without a next step', async () => {
    const overdue = await newRequest({ nextAttemptAt: new Date(Date.now() - 120_000) });
    const due = await newRequest({ nextAttemptAt: new Date() });
    const ids = await overdueProvisioningRequests(server.handle.db);
    expect(ids).toContain(overdue.id);
    expect(ids).not.toContain(due.id);
    const demoInProgress = await server.handle.db.select().from(provisioningRequests).where(eq(provisioningRequests.orderStatus, 'InProgress'));
    for (const row of demoInProgress.filter((r) => r.nextAttemptAt === null)) expect(ids).not.toContain(row.id);
    await server.handle.db.update(provisioningRequests).set({ orderStatus: 'Cancelled' }).where(eq(provisioningRequests.id, overdue.id));
  });
});
