import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ChangeSubscriptionQuantityResponse } from '@cmp/contracts/subscriptions';
import type { UpgradeOptions, UpgradeResult } from '@cmp/contracts/upgrades';
import type { Order } from '@cmp/contracts/orders';
import { signIn } from '../test/testServer';
import { subscriptionJobs } from './subscriptionJobs';
import { startSubscriptionTestWorld, until, type Answer, type SubscriptionTestWorld } from '../test/subscriptionWorld';

// Issue 30 item 2: Contoso at its credit limit raised its seats and upgraded without approval. A change
// that raises what the company is billed takes the credit check of an order: over the limit it waits in
// Request review as a change request and is made only when approved, once, whatever the clicks.

let w: SubscriptionTestWorld;
let reseller: string;

beforeAll(async () => {
  w = await startSubscriptionTestWorld();
  reseller = await signIn(w.server.app, 'reseller.admin');
}, 120_000);
afterAll(async () => {
  await w?.close();
});
// Each test sets the limit it needs; none leaves Contoso at its limit for the next one's order.
afterEach(async () => {
  await noLimit();
});

const ordersOp = (name: string, body: unknown, cookie: string, headers: Record<string, string> = {}) => w.op(name, body, cookie, headers);
const change = (accountId: number, quantity: number, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  w.op('ChangeSubscriptionQuantity', { accountId, quantity, ...extra }, w.companyAdmin, headers);
/** Puts Contoso's credit limit at its open balance now: any change that adds to it is over the limit. */
async function atItsLimit(): Promise<void> {
  const credit = await ordersOp('GetCreditLimit', { companyAccountId: w.contoso }, reseller);
  expect(credit.status).toBe(200);
  const set = await ordersOp('SetCreditLimit', { companyAccountId: w.contoso, creditLimit: credit.body.OpenBalance }, reseller);
  expect(set.status, JSON.stringify(set.body)).toBe(200);
}
async function noLimit(): Promise<void> {
  expect((await ordersOp('SetCreditLimit', { companyAccountId: w.contoso, creditLimit: null }, reseller)).status).toBe(200);
}
const modifyRequests = (accountId: number) =>
  w.rowsOf<{ id: number; order_id: number | null; quantity: number }>(sql`select id, order_id, quantity from provisioning_requests where subscription_account_id = ${accountId} and action = 'Modify' order by id`);
const review = async (): Promise<Order[]> => {
  const answer = await ordersOp('GetOrders', { scope: 'Review', pageSize: 100 }, reseller);
  expect(answer.status).toBe(200);
  return answer.body.Orders;
};
const decide = (decision: 'Approve' | 'Decline' | 'Cancel', orderId: number, cookie: string): Promise<Answer> =>
  ordersOp(`${decision}CreditCheckOrder`, { orderId, ...(decision === 'Decline' ? { reason: 'Over the limit' } : {}) }, cookie);

describe('a quantity increase over the credit limit', () => {
  it('waits in Request review; declining changes nothing; the subscription takes no other change meanwhile', async () => {
    const accountId = await w.activeSubscription(5);
    await atItsLimit();

    const preview = await change(accountId, 50, { preview: true });
    expect(preview.status).toBe(200);
    expect(preview.body as ChangeSubscriptionQuantityResponse).toMatchObject({
      Outcome: 'PendingApproval',
      IsPreview: true,
      CreditCheck: { NeedsApproval: true, ChangeValue: '144.90', Currency: 'EUR', OrderId: null },
    });

    const key = { 'Idempotency-Key': `held-increase-${accountId}` };
    const held = await change(accountId, 50, {}, key);
    expect(held.status, JSON.stringify(held.body)).toBe(200);
    const answer = held.body as ChangeSubscriptionQuantityResponse;
    expect(answer).toMatchObject({ Outcome: 'PendingApproval', PreviousQuantity: 5, Quantity: 50, ProvisioningRequestId: null, CreditCheck: { NeedsApproval: true } });
    const orderId = answer.CreditCheck!.OrderId!;
    expect(orderId).toBeGreaterThan(0);
    // The same click again answers the same change request, not a second one.
    const replayed = await change(accountId, 50, {}, key);
    expect(replayed.body.CreditCheck.OrderId).toBe(orderId);
    expect((await review()).filter((o) => o.SubscriptionAccountId === accountId)).toEqual([
      expect.objectContaining({ Id: orderId, Kind: 'QuantityIncrease', PreviousQuantity: 5, Quantity: 50, ApprovalStatus: 'Pending', OrderValue: '144.90', CreditCheck: true, CanDecide: true }),
    ]);
    // Nothing changed yet: no seats, no vendor request.
    expect((await w.getSubscription(accountId)).Quantity).toBe(5);
    expect(await modifyRequests(accountId)).toEqual([]);

    const another = await change(accountId, 6);
    expect(another.status).toBe(409);
    expect(another.body.Message).toBe(`A change of this subscription is waiting for approval (order ${orderId}). It can be changed again once that change is approved, declined or cancelled.`);

    const declined = await decide('Decline', orderId, reseller);
    expect(declined.status, JSON.stringify(declined.body)).toBe(200);
    expect(declined.body.Order).toMatchObject({ ApprovalStatus: 'Rejected', Kind: 'QuantityIncrease' });
    const after = await w.getSubscription(accountId);
    expect(after).toMatchObject({ Status: 'Active', Quantity: 5 });
    expect(await modifyRequests(accountId)).toEqual([]);
    // Declined, the subscription may be changed again.
    expect((await change(accountId, 6, { preview: true })).status).toBe(200);
  });

  it('approved, is made once: one seat batch, one vendor request naming the change request; a second approval answers 409', async () => {
    const accountId = await w.activeSubscription(5);
    await atItsLimit();
    const held = await change(accountId, 20);
    const orderId = (held.body as ChangeSubscriptionQuantityResponse).CreditCheck!.OrderId!;

    const [first, second] = await Promise.all([decide('Approve', orderId, reseller), decide('Approve', orderId, reseller)]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const done = await until(
      () => w.getSubscription(accountId),
      (s) => s.Quantity === 20 && s.PendingQuantity === null,
    );
    expect(done.SeatBatches.filter((b) => b.Kind === 'Addition')).toEqual([expect.objectContaining({ Quantity: 15 })]);
    expect(await modifyRequests(accountId)).toEqual([expect.objectContaining({ order_id: orderId, quantity: 20 })]);
  });

  it('racing approve and cancel: exactly one outcome, and the subscription follows it', async () => {
    const accountId = await w.activeSubscription(5);
    await atItsLimit();
    const orderId = ((await change(accountId, 9)).body as ChangeSubscriptionQuantityResponse).CreditCheck!.OrderId!;

    const [approve, cancel] = await Promise.all([decide('Approve', orderId, reseller), decide('Cancel', orderId, w.companyAdmin)]);
    expect([approve.status, cancel.status].sort()).toEqual([200, 409]);
    const requests = await modifyRequests(accountId);
    if (approve.status === 200) {
      expect(requests).toHaveLength(1);
      await until(
        () => w.getSubscription(accountId),
        (s) => s.Quantity === 9,
      );
    } else {
      expect(requests).toEqual([]);
      expect((await w.getSubscription(accountId)).Quantity).toBe(5);
    }
  });

  it('within the limit (or without one) applies at once', async () => {
    const accountId = await w.activeSubscription(5);
    await noLimit();
    const applied = await change(accountId, 7);
    expect(applied.body as ChangeSubscriptionQuantityResponse).toMatchObject({ Outcome: 'Applied', CreditCheck: null });
    expect(applied.body.ProvisioningRequestId).not.toBeNull();
  });
});

describe('an upgrade over the credit limit', () => {
  it('waits in Request review and, approved, moves the seats to the new service', async () => {
    const source = await w.activeSubscription(4);
    const options = (await w.op('GetUpgradeOptions', { accountId: source }, w.companyAdmin)).body as UpgradeOptions;
    const plus = options.Options.find((o) => o.ProductName === 'NIMBUS_ENDPOINT_PLUS')!;
    await atItsLimit();
    const body = { subId: source, upgradeProcessId: plus.UpgradeProcessId, targetProductName: 'NIMBUS_ENDPOINT_PLUS', targetAccountId: null };

    const preview = await w.op('PreviewUpgrade', body, w.companyAdmin);
    expect(preview.body as UpgradeResult).toMatchObject({ Outcome: 'PendingApproval', CreditCheck: { NeedsApproval: true, OrderId: null } });
    const held = await w.op('Upgrade', body, w.companyAdmin);
    expect(held.status, JSON.stringify(held.body)).toBe(200);
    const result = held.body as UpgradeResult;
    expect(result).toMatchObject({ Outcome: 'PendingApproval', ProvisioningRequestIds: [] });
    const orderId = result.CreditCheck!.OrderId!;
    expect((await review()).find((o) => o.Id === orderId)).toMatchObject({ Kind: 'Upgrade', ProductName: 'NIMBUS_ENDPOINT_PLUS', Quantity: 4, SubscriptionAccountId: source });
    expect((await w.getSubscription(source)).Status).toBe('Active');

    const approved = await decide('Approve', orderId, reseller);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const ended = await until(
      () => w.getSubscription(source),
      (s) => s.Status === 'Terminated',
    );
    expect(ended.Status).toBe('Terminated');
    const [target] = await w.rowsOf<{ account_id: number; quantity: number }>(sql`select account_id, quantity from subscriptions where upgraded_from_account_id = ${source}`);
    expect(target).toMatchObject({ quantity: 4 });
  });
});

describe('a renewal at a higher charge over the credit limit', () => {
  const runRenewalJob = () => subscriptionJobs[0]!.handler({}, { db: w.server.handle.db, log: w.server.app.log });
  /** The term ended yesterday at an older, lower price: the renewal takes today's 3.22. */
  async function dueAtALowerPrice(accountId: number): Promise<Date> {
    const oldEnd = new Date(Date.now() - 86_400_000);
    await w.rowsOf(sql`update subscriptions set minimum_contract_end_date = ${oldEnd.toISOString()}, unit_price = '2.00' where account_id = ${accountId}`);
    return oldEnd;
  }
  const renewalRequests = (accountId: number) => w.rowsOf<{ id: number; approval_status: string }>(sql`select id, approval_status from orders where subscription_account_id = ${accountId} and kind = 'Renewal'`);

  it('waits in Request review (once, whatever the runs), and approved renews at the price of the day', async () => {
    const accountId = await w.activeSubscription(4);
    const oldEnd = await dueAtALowerPrice(accountId);
    await atItsLimit();
    await runRenewalJob();
    await runRenewalJob();
    const held = await renewalRequests(accountId);
    expect(held).toEqual([expect.objectContaining({ approval_status: 'Pending' })]);
    expect(await w.getSubscription(accountId)).toMatchObject({ UnitPrice: '2.00', MinimumContractEndDate: oldEnd.toISOString(), ChangeAwaitingApproval: { Kind: 'Renewal', OrderId: held[0]!.id } });
    expect((await review()).find((o) => o.Id === held[0]!.id)).toMatchObject({ Kind: 'Renewal', OrderValue: '4.88', Quantity: 4 });

    const approved = await decide('Approve', held[0]!.id, reseller);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const renewed = await w.getSubscription(accountId);
    expect(renewed).toMatchObject({ UnitPrice: '3.22', TermStartDate: oldEnd.toISOString(), ChangeAwaitingApproval: null });
    expect(renewed.SeatBatches.at(-1)).toMatchObject({ Kind: 'Renewal', Quantity: 4 });
  });

  it('declined, the subscription ends at the next run instead of renewing', async () => {
    const accountId = await w.activeSubscription(2);
    await dueAtALowerPrice(accountId);
    await atItsLimit();
    await runRenewalJob();
    const [held] = await renewalRequests(accountId);
    expect((await decide('Decline', held!.id, reseller)).status).toBe(200);
    expect((await w.getSubscription(accountId)).AutoRenew).toBe('Terminate');
    await runRenewalJob();
    expect((await w.getSubscription(accountId)).Status).toBe('Terminated');
    expect(await renewalRequests(accountId)).toHaveLength(1);
  });
});
