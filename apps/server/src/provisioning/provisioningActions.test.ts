import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PROVISIONING_ACTION_OPERATIONS, PROVISIONING_ACTIONS, type ProvisioningAction, type ProvisioningActionResult } from '@cmp/contracts/provisioning';
import { accounts, auditLog, mailOutbox, provisioningRequests, subscriptions } from '../platform/db/schema';
import { call, signIn, startTestServer, type TestServer } from '../test/testServer';
import { PROVISIONING_AUDIT_ACTIONS } from './provisioningActions';
import { startVendorSandbox, type VendorSandbox } from './sandbox/vendorSandbox';

// IProvisioningService (issue 14) on a real database and job runner, against the vendor sandbox:
// the list and its visibility, every action in an allowed and a refused status, per-id answers,
// a race of two identical actions, a retry after transient failures that provisions once, tenant
// isolation.

let sandbox: VendorSandbox;
let server: TestServer;
let reseller: string;
let other: string;
let contosoId: number;
/** Contoso's CRM subscription, which the test's requests name (issue 30: a completed request always names its subscription). */
let contosoCrmId: number;
let litwareRequestId: number;

beforeAll(async () => {
  sandbox = await startVendorSandbox({ options: { completionDelayMs: 100 } });
  process.env.VENDOR_SANDBOX_URL = sandbox.url;
  server = await startTestServer();
  reseller = await signIn(server.app, 'reseller.admin');
  other = await signIn(server.app, 'other.admin');
  const [contoso] = await server.handle.db.select().from(accounts).where(and(eq(accounts.displayName, 'Contoso Ltd'), eq(accounts.type, 'Company')));
  contosoId = contoso!.id;
  const [crm] = await server.handle.db.select().from(accounts).where(and(eq(accounts.displayName, 'Skyline CRM – Contoso'), eq(accounts.type, 'Product')));
  contosoCrmId = crm!.id;
  const [litware] = await server.handle.db.select().from(accounts).where(and(eq(accounts.displayName, 'Litware Inc'), eq(accounts.type, 'Company')));
  const [litwareRequest] = await server.handle.db.select().from(provisioningRequests).where(eq(provisioningRequests.companyAccountId, litware!.id));
  litwareRequestId = litwareRequest!.id;
}, 120_000);
afterAll(async () => {
  delete process.env.VENDOR_SANDBOX_URL;
  await server?.close();
  await sandbox?.close();
});
beforeEach(() => sandbox.configure({ transientFailureRate: 0, failNextCalls: 0, lostResponseRate: 0 }));

type Request = typeof provisioningRequests.$inferSelect;

/** A request of Contoso in a given state, nothing scheduled (the job leaves it alone until an action). */
async function newRequest(values: Partial<typeof provisioningRequests.$inferInsert> = {}): Promise<Request> {
  const [row] = await server.handle.db
    .insert(provisioningRequests)
    .values({ companyAccountId: contosoId, subscriptionAccountId: contosoCrmId, productName: 'SKYLINE_CRM', quantity: 5, customerId: 'contoso.sandbox', orderStatus: 'Failed', productStatus: 'Failed', errorMessage: 'Service temporarily unavailable', ...values })
    .returning();
  return row!;
}
const read = async (id: number): Promise<Request> => (await server.handle.db.select().from(provisioningRequests).where(eq(provisioningRequests.id, id)))[0]!;

async function act(action: ProvisioningAction, requestList: number[], cookie = reseller) {
  const answer = await call(server.app, `IProvisioningService/${PROVISIONING_ACTION_OPERATIONS[action]}`, { requestList }, { cookie });
  return { status: answer.status, results: (answer.body.Results ?? []) as ProvisioningActionResult[], body: answer.body };
}

async function settled(id: number, timeoutMs = 30_000): Promise<Request> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await read(id);
    if (row.orderStatus === 'Completed' || row.orderStatus === 'Failed') return row;
    if (Date.now() > deadline) throw new Error(`request ${id} still ${row.orderStatus}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('IProvisioningService/GetProvisioningRequests', () => {
  it("lists the hierarchy's requests with what the caller may do, filtered, sorted and paged", async () => {
    const all = await call(server.app, 'IProvisioningService/GetProvisioningRequests', { pageSize: 100 }, { cookie: reseller });
    expect(all.status).toBe(200);
    const requests = all.body.Requests as { CompanyName: string; OrderStatus: string; AllowedActions: string[]; ServiceDisplayName: string }[];
    expect(requests.some((r) => r.CompanyName === 'Litware Inc')).toBe(false);
    const failedCrm = requests.find((r) => r.CompanyName === 'Contoso Ltd' && r.OrderStatus === 'Failed');
    expect(failedCrm?.AllowedActions).toEqual(['cancel', 'complete', 'escalate', 'resubmit', 'retry']);
    expect(requests.find((r) => r.OrderStatus === 'Completed')?.AllowedActions).toEqual([]);
    expect(requests.find((r) => r.OrderStatus === 'InProgress')?.AllowedActions).toEqual(['complete']);
    expect(all.body.CanAct).toBe(true);

    const failed = await call(server.app, 'IProvisioningService/GetProvisioningRequests', { filter: { Status: 'Failed', Customer: 'adventure' } }, { cookie: reseller });
    expect((failed.body.Requests as { CompanyName: string }[]).map((r) => r.CompanyName)).toEqual(['Adventure Works']);
    const paged = await call(server.app, 'IProvisioningService/GetProvisioningRequests', { sortBy: 'Service', sortDirection: 'asc', pageSize: 2, page: 0 }, { cookie: reseller });
    expect((paged.body.Requests as unknown[]).length).toBe(2);
    expect(paged.body.Total).toBe(all.body.Total);
    const names = (paged.body.Requests as { ServiceDisplayName: string }[]).map((r) => r.ServiceDisplayName);
    expect([...names].sort((a, b) => a.localeCompare(b))).toEqual(names);
    const future = await call(server.app, 'IProvisioningService/GetProvisioningRequests', { filter: { DateFrom: '2999-01-01' } }, { cookie: reseller });
    expect(future.body.Total).toBe(0);

    // One account's subtree: /account/{id}/provisioning.
    const contoso = await call(server.app, 'IProvisioningService/GetProvisioningRequests', { accountId: contosoId, pageSize: 100 }, { cookie: reseller });
    expect((contoso.body.Requests as { CompanyName: string }[]).every((r) => r.CompanyName === 'Contoso Ltd')).toBe(true);
  });

  it("keeps other tenants apart: a foreign account answers 403, foreign requests are not listed", async () => {
    expect((await call(server.app, 'IProvisioningService/GetProvisioningRequests', { accountId: contosoId }, { cookie: other })).status).toBe(403);
    expect((await call(server.app, 'IProvisioningService/GetProvisioningRequests', { filter: { CustomerAccountId: contosoId } }, { cookie: other })).status).toBe(403);
    const byCustomer = await call(server.app, 'IProvisioningService/GetProvisioningRequests', { filter: { CustomerAccountId: contosoId } }, { cookie: reseller });
    expect(byCustomer.body.Total).toBeGreaterThan(0);
    const own = await call(server.app, 'IProvisioningService/GetProvisioningRequests', { pageSize: 100 }, { cookie: other });
    expect(own.status).toBe(200);
    expect((own.body.Requests as { CompanyName: string }[]).every((r) => r.CompanyName === 'Litware Inc')).toBe(true);
  });
});

describe('provisioning actions', () => {
  it('allows each action in its statuses and refuses it in the others (the action table)', async () => {
    // [action, allowed states, refused states]
    const cases: [ProvisioningAction, Partial<Request>[], Partial<Request>[]][] = [
      ['retry', [{ orderStatus: 'Failed' }], [{ orderStatus: 'Completed', isFinalStatus: true }, { orderStatus: 'InProgress' }, { orderStatus: 'Submitted' }]],
      ['resubmit', [{ orderStatus: 'Failed' }], [{ orderStatus: 'Cancelled', isFinalStatus: true }, { orderStatus: 'InProgress' }]],
      ['complete', [{ orderStatus: 'Failed' }, { orderStatus: 'InProgress' }], [{ orderStatus: 'Submitted' }, { orderStatus: 'Completed', isFinalStatus: true }]],
      ['cancel', [{ orderStatus: 'Failed' }, { orderStatus: 'Submitted' }], [{ orderStatus: 'InProgress' }, { orderStatus: 'Cancelled', isFinalStatus: true }]],
      ['escalate', [{ orderStatus: 'Failed' }], [{ orderStatus: 'Failed', escalatedAt: new Date() }, { orderStatus: 'InProgress' }, { orderStatus: 'Completed', isFinalStatus: true }]],
    ];
    for (const [action, allowed, refused] of cases) {
      for (const state of allowed) {
        // A quantity the vendor refuses keeps a retried or resubmitted request from completing on its own meanwhile.
        const request = await newRequest({ ...state, quantity: 900 });
        const { status, results } = await act(action, [request.id]);
        expect(status, `${action} ${state.orderStatus}`).toBe(200);
        expect(results, `${action} ${state.orderStatus}`).toEqual([expect.objectContaining({ RequestId: request.id, Outcome: 'Done' })]);
        const after = await read(request.id);
        expect(after.lastAction).toBe(action);
        const [audit] = await server.handle.db.select().from(auditLog).where(eq(auditLog.action, PROVISIONING_AUDIT_ACTIONS[action])).orderBy(desc(auditLog.id)).limit(1);
        expect(audit?.details).toMatchObject({ RequestId: request.id, Action: action, FromStatus: state.orderStatus });
      }
      for (const state of refused) {
        const request = await newRequest(state);
        const { results } = await act(action, [request.id]);
        expect(results, `${action} refused in ${state.orderStatus}`).toEqual([expect.objectContaining({ RequestId: request.id, Outcome: 'NotAllowed', OrderStatus: state.orderStatus })]);
        const after = await read(request.id);
        expect(after.orderStatus).toBe(state.orderStatus);
        expect(after.lastAction).toBeNull();
      }
    }
  }, 60_000);

  it('moves the subscription with a completed or cancelled Create, in the same transaction', async () => {
    const [crm] = await server.handle.db.select().from(accounts).where(and(eq(accounts.displayName, 'Skyline CRM – Contoso'), eq(accounts.type, 'Product')));
    await server.handle.db.update(subscriptions).set({ status: 'Failed' }).where(eq(subscriptions.accountId, crm!.id));
    const cancelled = await newRequest({ subscriptionAccountId: crm!.id });
    expect((await act('cancel', [cancelled.id])).results[0]!.Outcome).toBe('Done');
    expect((await server.handle.db.select().from(subscriptions).where(eq(subscriptions.accountId, crm!.id)))[0]!.status).toBe('Cancelled');
    expect(await read(cancelled.id)).toMatchObject({ orderStatus: 'Cancelled', isFinalStatus: true });

    await server.handle.db.update(subscriptions).set({ status: 'Failed' }).where(eq(subscriptions.accountId, crm!.id));
    const completed = await newRequest({ subscriptionAccountId: crm!.id });
    expect((await act('complete', [completed.id])).results[0]).toMatchObject({ Outcome: 'Done', OrderStatus: 'Completed' });
    expect((await server.handle.db.select().from(subscriptions).where(eq(subscriptions.accountId, crm!.id)))[0]!.status).toBe('Active');
  });

  it('answers a bulk action per id: done, refused, unknown and foreign', async () => {
    const failed = await newRequest({ quantity: 900 });
    const completed = await newRequest({ orderStatus: 'Completed', isFinalStatus: true });
    const { status, results } = await act('escalate', [failed.id, completed.id, 99_999_999, litwareRequestId]);
    expect(status).toBe(200);
    expect(results.map((r) => [r.RequestId, r.Outcome])).toEqual([
      [failed.id, 'Done'],
      [completed.id, 'NotAllowed'],
      [99_999_999, 'NotFound'],
      [litwareRequestId, 'NotFound'],
    ]);
    expect(results[0]!.Message).toContain('support@northwind.example');
    const escalated = await read(failed.id);
    expect(escalated.escalatedAt).toBeInstanceOf(Date);
    expect(escalated.orderStatus).toBe('Failed');
    const [mail] = await server.handle.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1);
    expect(mail).toMatchObject({ recipient: 'support@northwind.example' });
    expect(mail!.subject).toContain(`Provisioning request ${failed.id} escalated: Skyline CRM for Contoso Ltd`);
    // A second escalation is refused.
    expect((await act('escalate', [failed.id])).results[0]!.Outcome).toBe('NotAllowed');
    // A list naming a request twice, or none, is invalid.
    expect((await act('retry', [failed.id, failed.id])).status).toBe(400);
    expect((await act('retry', [])).status).toBe(400);
  });

  it('ends two racing identical actions with one outcome: the other answers Conflict', async () => {
    let conflicts = 0;
    for (const action of ['cancel', 'complete', 'escalate', 'resubmit'] as const) {
      const request = await newRequest({ quantity: 900 });
      const answers = await Promise.all(Array.from({ length: 6 }, () => act(action, [request.id])));
      const outcomes = answers.map((a) => a.results[0]!.Outcome);
      conflicts += outcomes.filter((o) => o === 'Conflict').length;
      expect(outcomes.filter((o) => o === 'Done'), `${action}: ${outcomes.join(', ')}`).toHaveLength(1);
      // The losers read the request before (Conflict) or after (NotAllowed) the winner's change.
      expect(outcomes.every((o) => o === 'Done' || o === 'Conflict' || o === 'NotAllowed')).toBe(true);
      const audits = await server.handle.db.select().from(auditLog).where(eq(auditLog.action, PROVISIONING_AUDIT_ACTIONS[action]));
      expect(audits.filter((a) => (a.details as { RequestId?: number }).RequestId === request.id)).toHaveLength(1);
    }
    // Clicks that read the request before the winner wrote it lose on the conditional update.
    expect(conflicts).toBeGreaterThan(0);
  });

  it('retries a request that failed transiently at the vendor, which then provisions it once', async () => {
    const [adventure] = await server.handle.db
      .select({ request: provisioningRequests })
      .from(provisioningRequests)
      .innerJoin(accounts, eq(accounts.id, provisioningRequests.companyAccountId))
      .where(and(eq(accounts.displayName, 'Adventure Works'), eq(provisioningRequests.orderStatus, 'Failed')));
    expect(adventure?.request).toMatchObject({ action: 'Create', errorMessage: 'Service temporarily unavailable' });
    const id = adventure!.request.id;
    sandbox.configure({ failNextCalls: 2 });
    const { results } = await act('retry', [id]);
    expect(results[0]).toMatchObject({ Outcome: 'Done', OrderStatus: 'Submitted' });
    const done = await settled(id);
    expect(done).toMatchObject({ orderStatus: 'Completed', productStatus: 'Active', isFinalStatus: true, lastAction: 'retry', errorMessage: null });
    // At least one 503 was met and retried (other requests' jobs may have taken the other).
    expect(done.attempts).toBeGreaterThan(0);
    expect(sandbox.provisionings().byKey[done.vendorIdempotencyKey!]).toBe(1);
    expect(sandbox.provisionings().duplicates).toBe(0);
    // Completed: nothing more to do.
    expect((await act('retry', [id])).results[0]!.Outcome).toBe('NotAllowed');
  });

  it('resubmits a refused request as a new submission with a new key', async () => {
    const request = await newRequest({ quantity: 900, vendorIdempotencyKey: `prov-test-${Date.now()}` });
    await server.handle.db.update(provisioningRequests).set({ quantity: 400 }).where(eq(provisioningRequests.id, request.id));
    expect((await act('resubmit', [request.id])).results[0]!.Outcome).toBe('Done');
    const done = await settled(request.id);
    expect(done.orderStatus).toBe('Completed');
    expect(done.vendorIdempotencyKey).not.toBe(request.vendorIdempotencyKey);
    expect(sandbox.provisionings().byKey[done.vendorIdempotencyKey!]).toBe(1);
  });

  it("keeps tenants apart: other.admin cannot act on Contoso's requests", async () => {
    const request = await newRequest();
    for (const action of PROVISIONING_ACTIONS) {
      const { status, results } = await act(action, [request.id], other);
      expect(status).toBe(200);
      expect(results).toEqual([expect.objectContaining({ RequestId: request.id, Outcome: 'NotFound', OrderStatus: null })]);
    }
    expect(await read(request.id)).toMatchObject({ orderStatus: 'Failed', lastAction: null, escalatedAt: null });
  });

  it('refuses callers without the capability (403) and without a session (401)', async () => {
    const user = await signIn(server.app, 'company.user');
    expect((await act('retry', [litwareRequestId], user)).status).toBe(403);
    expect((await call(server.app, 'IProvisioningService/GetProvisioningRequests', {}, { cookie: user })).status).toBe(403);
    const anonymous = await call(server.app, 'IProvisioningService/RetryRequests', { requestList: [litwareRequestId] });
    expect(anonymous.status).toBe(401);
  });
});
