import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ChangeSubscriptionQuantityResponse } from '@cmp/contracts/subscriptions';
import { call, signIn } from '../test/testServer';
import { addCalendarMonths } from '../platform/dates';
import { startSubscriptionTestWorld, until, type SubscriptionTestWorld } from '../test/subscriptionWorld';
import { subscriptionJobs } from './subscriptionJobs';

// Issue 14 "Subscriptions" on the demo world: company.admin of Contoso Ltd orders Nimbus Endpoint
// Protection (EUR 3.22 per device and month) through the API; the vendor sandbox delivers it; then
// the subscription's quantity, auto-renew and renewal are exercised.

let world: SubscriptionTestWorld;
let server: SubscriptionTestWorld['server'];
let companyAdmin: string;
let companyUser: string;
let otherAdmin: string;
let contoso: number;
let rowsOf: SubscriptionTestWorld['rowsOf'];
let op: SubscriptionTestWorld['op'];
let getSubscription: SubscriptionTestWorld['getSubscription'];
let activeSubscription: SubscriptionTestWorld['activeSubscription'];
const change = (accountId: number, quantity: number, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  op('ChangeSubscriptionQuantity', { accountId, quantity, ...extra }, companyAdmin, headers);
/** Waits until the vendor has made the subscription's quantity change. */
const provisioned = (accountId: number) =>
  until(
    () => getSubscription(accountId),
    (s) => s.PendingQuantity === null,
  );
const closeWindows = (accountId: number) => rowsOf(sql`update subscription_seat_batches set refundable_until = now() - interval '1 hour' where subscription_account_id = ${accountId}`);
const runRenewalJob = () => subscriptionJobs[0]!.handler({}, { db: server.handle.db, log: server.app.log });

beforeAll(async () => {
  world = await startSubscriptionTestWorld();
  ({ server, companyAdmin, companyUser, otherAdmin, contoso, rowsOf, op, getSubscription, activeSubscription } = world);
}, 120_000);
afterAll(async () => {
  await world?.close();
});

describe('GetSubscription', () => {
  it('shows the terms, the price kept for the term, the purchase window and the provisioning history', async () => {
    const accountId = await activeSubscription(5);
    const s = await getSubscription(accountId);
    expect(s).toMatchObject({ ProductName: 'NIMBUS_ENDPOINT', Quantity: 5, Commitment: '1-month', BillingFrequency: 'Monthly', AutoRenew: 'Renew', Status: 'Active', UnitPrice: '3.22', Currency: 'EUR', HasPriceProtection: true, CanChangeQuantity: true, CanSetAutoRenew: true, RefundableQuantity: 5 });
    // The company sees the price it keeps, not its reseller's markup over cost that set it (issue 30).
    expect(s.PriceRule).toBeNull();
    expect(s.SeatBatches).toEqual([expect.objectContaining({ Kind: 'Purchase', Quantity: 5, RefundableQuantity: 5, IsOpen: true })]);
    const window = Date.parse(s.SeatBatches[0]!.RefundableUntil) - Date.parse(s.TermStartDate!);
    expect(Math.round(window / 3_600_000)).toBe(168);
    expect(s.ProvisioningHistory).toEqual([expect.objectContaining({ Action: 'Create', Quantity: 5, OrderStatus: 'Completed' })]);
  });

  it('answers 400 for an account that is no subscription, 403 outside the hierarchy and without capability', async () => {
    const accountId = await activeSubscription(1);
    expect((await op('GetSubscription', { accountId: contoso }, companyAdmin)).status).toBe(400);
    expect((await op('GetSubscription', { accountId }, otherAdmin)).status).toBe(403);
    expect((await op('GetSubscription', { accountId }, companyUser)).status).toBe(403);
    expect((await op('ChangeSubscriptionQuantity', { accountId, quantity: 3 }, otherAdmin)).status).toBe(403);
    expect((await op('SetAutoRenew', { accountId, autoRenew: 'Terminate' }, otherAdmin)).status).toBe(403);
    expect((await getSubscription(accountId)).Quantity).toBe(1);
  });
});

describe('ChangeSubscriptionQuantity', () => {
  it('applies an increase at once: an Addition batch with its own window, a prorated charge, a Modify to the vendor', async () => {
    const accountId = await activeSubscription(5);
    const preview = await change(accountId, 8, { preview: true });
    expect(preview.body).toMatchObject({ Outcome: 'Applied', IsPreview: true, ProvisioningRequestId: null });
    const changed = await change(accountId, 8);
    expect(changed.status).toBe(200);
    const body = changed.body as ChangeSubscriptionQuantityResponse;
    expect(body).toMatchObject({ Outcome: 'Applied', Direction: 'Increase', PreviousQuantity: 5, Quantity: 8, AmountKind: 'Charge', Currency: 'EUR' });
    // 3 devices × 3.22 for the days left of a one-month term (all of them, the term began today).
    expect(body.RemainingDays).toBe(body.TermDays);
    expect(body.ProratedAmount).toBe('9.66');
    expect(body.ProvisioningRequestId).toEqual(expect.any(Number));
    const s = await provisioned(accountId);
    expect(s.ProvisioningHistory[0]).toMatchObject({ Action: 'Modify', OrderStatus: 'Completed' });
    expect(s.Quantity).toBe(8);
    expect(s.SeatBatches.map((b) => [b.Kind, b.Quantity, b.RefundableQuantity])).toEqual([
      ['Purchase', 5, 5],
      ['Addition', 3, 3],
    ]);
    expect(s.ProvisioningHistory.map((r) => r.Action)).toEqual(['Modify', 'Create']);
    // The same quantity again is no change.
    expect((await change(accountId, 8)).status).toBe(400);
  });

  it('takes a decrease at once inside the windows (refund, newest seats first) and schedules it outside them', async () => {
    const accountId = await activeSubscription(4);
    const inside = await change(accountId, 3);
    expect(inside.body).toMatchObject({ Outcome: 'Applied', Direction: 'Decrease', AmountKind: 'Refund', ProratedAmount: '3.22', RefundableQuantity: 4 });
    let s = await provisioned(accountId);
    expect(s.Quantity).toBe(3);
    expect(s.SeatBatches[0]).toMatchObject({ Quantity: 4, RefundableQuantity: 3 });

    // More than the refundable seats: scheduled for the renewal.
    await closeWindows(accountId);
    const outside = await change(accountId, 1);
    expect(outside.body).toMatchObject({ Outcome: 'Scheduled', ProratedAmount: null, RefundableQuantity: 0, ProvisioningRequestId: null });
    expect(outside.body.ScheduledChange).toMatchObject({ Kind: 'Quantity', Value: '1' });
    s = await getSubscription(accountId);
    expect(s.Quantity).toBe(3);
    expect(s.ScheduledChanges).toEqual([expect.objectContaining({ Kind: 'Quantity', Value: '1' })]);
    // A second scheduled quantity replaces the first.
    const again = await change(accountId, 2);
    expect(again.body.DroppedScheduledChanges).toEqual([expect.objectContaining({ Value: '1' })]);
    expect((await getSubscription(accountId)).ScheduledChanges.map((c) => c.Value)).toEqual(['2']);
  });

  it('drops the scheduled changes when a change applies at once, and says which', async () => {
    const accountId = await activeSubscription(4);
    await closeWindows(accountId);
    expect((await change(accountId, 2)).body.Outcome).toBe('Scheduled');
    const preview = await change(accountId, 6, { preview: true });
    expect(preview.body.DroppedScheduledChanges).toEqual([expect.objectContaining({ Kind: 'Quantity', Value: '2' })]);
    expect((await getSubscription(accountId)).ScheduledChanges).toHaveLength(1);
    const applied = await change(accountId, 6);
    expect(applied.body).toMatchObject({ Outcome: 'Applied', DroppedScheduledChanges: [expect.objectContaining({ Value: '2' })] });
    expect((await getSubscription(accountId)).ScheduledChanges).toEqual([]);
    // While the vendor has not made it (here: it failed, waiting for someone to retry it), no other change is taken.
    await rowsOf(sql`update provisioning_requests set order_status = 'Failed', is_final_status = false, next_attempt_at = null where id = ${applied.body.ProvisioningRequestId}`);
    const during = await change(accountId, 7);
    expect(during.status).toBe(409);
    expect(during.body.Message).toMatch(/still being provisioned/);
    expect((await getSubscription(accountId)).CanChangeQuantity).toBe(false);
  });

  it('honours an Idempotency-Key: the same key does the change once', async () => {
    const accountId = await activeSubscription(2);
    const key = { 'idempotency-key': `sub-${accountId}` };
    const first = await change(accountId, 4, {}, key);
    const second = await change(accountId, 4, {}, key);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    const [{ n }] = await rowsOf<{ n: number }>(sql`select count(*)::int as n from subscription_seat_batches where subscription_account_id = ${accountId} and kind = 'Addition'`);
    expect(n).toBe(1);
    expect((await change(accountId, 5, {}, key)).status).toBe(422);
    await provisioned(accountId);
  });
  it('an increase the vendor refused and someone cancelled leaves no refundable seats behind', async () => {
    const accountId = await activeSubscription(5);
    // 595 more seats are over Contoso's credit limit, where the increase would wait for approval
    // (changeRequests.test.ts): without a limit it goes to the vendor at once.
    const reseller = await signIn(server.app, 'reseller.admin');
    const limit = await call(server.app, 'IAccountService/GetCreditLimit', { companyAccountId: contoso }, { cookie: reseller });
    expect((await call(server.app, 'IAccountService/SetCreditLimit', { companyAccountId: contoso, creditLimit: null }, { cookie: reseller })).status).toBe(200);
    const increased = await change(accountId, 600);
    expect((await call(server.app, 'IAccountService/SetCreditLimit', { companyAccountId: contoso, creditLimit: limit.body.CreditLimit }, { cookie: reseller })).status).toBe(200);
    expect(increased.status).toBe(200);
    const requestId = increased.body.ProvisioningRequestId as number;
    await until(
      () => getSubscription(accountId),
      (s) => s.ProvisioningHistory.some((r) => r.RequestId === requestId && r.OrderStatus === 'Failed'),
    );
    const admin = await signIn(server.app, 'admin');
    const cancelled = await call(server.app, 'IProvisioningService/CancelRequests', { requestList: [requestId] }, { cookie: admin });
    expect(cancelled.status).toBe(200);
    const s = await getSubscription(accountId);
    expect(s).toMatchObject({ Quantity: 5, PendingQuantity: null, RefundableQuantity: 5, CanChangeQuantity: true });
    expect(s.SeatBatches.map((b) => b.Kind)).toEqual(['Purchase']);
  });
});

describe('SetAutoRenew and the renewal job', () => {
  it('sets auto-renew and audits it', async () => {
    const accountId = await activeSubscription(1);
    const set = await op('SetAutoRenew', { accountId, autoRenew: 'Terminate' }, companyAdmin);
    expect(set.body).toEqual({ AccountId: accountId, AutoRenew: 'Terminate' });
    expect((await getSubscription(accountId)).AutoRenew).toBe('Terminate');
    const audit = await rowsOf<{ n: number }>(sql`select count(*)::int as n from audit_log where action = 'SubscriptionAutoRenewSet' and account_id = ${accountId}`);
    expect(audit[0]!.n).toBe(1);
  });

  it('renews at term end at the then-current price with the scheduled changes and a Renewal window; a second run changes nothing', async () => {
    const accountId = await activeSubscription(4);
    await closeWindows(accountId);
    expect((await change(accountId, 2)).body.Outcome).toBe('Scheduled');
    // The term ended yesterday, and the price kept for it was an older one.
    const oldEnd = new Date(Date.now() - 86_400_000);
    await rowsOf(sql`update subscriptions set minimum_contract_end_date = ${oldEnd.toISOString()}, unit_price = '2.00' where account_id = ${accountId}`);
    await runRenewalJob();
    const s = await getSubscription(accountId);
    expect(s).toMatchObject({ Status: 'Active', Quantity: 2, UnitPrice: '3.22', TermStartDate: oldEnd.toISOString(), ScheduledChanges: [] });
    expect(s.MinimumContractEndDate).toBe(addCalendarMonths(oldEnd, 1).toISOString());
    expect(s.SeatBatches.at(-1)).toMatchObject({ Kind: 'Renewal', Quantity: 2, RefundableQuantity: 2, IsOpen: true });
    expect(s.ProvisioningHistory[0]).toMatchObject({ Action: 'Modify', Quantity: 2 });

    await runRenewalJob();
    const again = await getSubscription(accountId);
    expect(again.MinimumContractEndDate).toBe(s.MinimumContractEndDate);
    expect(again.SeatBatches).toHaveLength(s.SeatBatches.length);
    const audit = await rowsOf<{ n: number }>(sql`select count(*)::int as n from audit_log where action = 'SubscriptionRenewed' and account_id = ${accountId}`);
    expect(audit[0]!.n).toBe(1);
  });

  it('ends a subscription with auto-renew Terminate at term end and sends a Terminate to the vendor', async () => {
    const accountId = await activeSubscription(1);
    await op('SetAutoRenew', { accountId, autoRenew: 'Terminate' }, companyAdmin);
    await rowsOf(sql`update subscriptions set minimum_contract_end_date = now() - interval '1 minute' where account_id = ${accountId}`);
    await runRenewalJob();
    await runRenewalJob();
    const s = await getSubscription(accountId);
    expect(s.Status).toBe('Terminated');
    expect(s.CanChangeQuantity).toBe(false);
    expect(s.ProvisioningHistory.filter((r) => r.Action === 'Terminate')).toHaveLength(1);
    expect((await change(accountId, 3)).status).toBe(409);
    expect((await op('SetAutoRenew', { accountId, autoRenew: 'Renew' }, companyAdmin)).status).toBe(409);
  });
});

describe('Termination of a subscription (the account termination machinery)', () => {
  const terminate = (accountId: number, extra: Record<string, unknown> = {}) =>
    op('TerminateAccounts', { accountIds: [accountId], terminationDate: null, reason: 'No longer needed', isIrreversibleAcknowledged: true, ...extra }, companyAdmin);

  it('ends the subscription with its account and asks the vendor once to terminate it', async () => {
    const accountId = await activeSubscription(2);
    const answer = await terminate(accountId);
    expect(answer.status).toBe(200);
    expect((await getSubscription(accountId)).Status).toBe('Terminated');
    const done = await until(
      () => getSubscription(accountId),
      (s) => s.ProvisioningHistory.some((r) => r.Action === 'Terminate' && r.IsFinalStatus),
    );
    expect(done.ProvisioningHistory.filter((r) => r.Action === 'Terminate')).toEqual([expect.objectContaining({ OrderStatus: 'Completed', Quantity: 2 })]);
    expect(done.CanChangeQuantity).toBe(false);
    expect((await change(accountId, 3)).status).toBe(409);
  });

  it('refuses a locked subscription before its lock end, and a prepaid one without the auto-renew acknowledgement', async () => {
    const accountId = await activeSubscription(1);
    await rowsOf(sql`update subscriptions set lock_period_end_date = now() + interval '30 days' where account_id = ${accountId}`);
    expect(await terminate(accountId)).toMatchObject({ status: 409, body: { Message: expect.stringContaining('cannot be terminated before then') } });
    await rowsOf(sql`update subscriptions set lock_period_end_date = null, is_prepaid = true where account_id = ${accountId}`);
    expect(await terminate(accountId, { isAutoRenewAcknowledged: false })).toMatchObject({ status: 400, body: { Message: expect.stringContaining('auto-renewal of prepaid subscriptions') } });
    expect((await getSubscription(accountId)).Status).toBe('Active');
    const scheduled = await terminate(accountId, { isAutoRenewAcknowledged: true, terminationDate: new Date(Date.now() + 86_400_000).toISOString() });
    expect(scheduled.status).toBe(200);
    // Scheduled: the subscription lives on until the date (and the schedule may still be cancelled).
    expect((await getSubscription(accountId)).Status).toBe('Active');
    expect((await op('CancelScheduledTermination', { accountId }, companyAdmin)).status).toBe(200);
  });
});
