import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { UpgradeOptions, UpgradeResult } from '@cmp/contracts/upgrades';
import { sendProvisioning } from '../provisioning/queue';
import { subscriptionJobs } from './subscriptionJobs';
import { startSubscriptionTestWorld, until, type SubscriptionTestWorld } from '../test/subscriptionWorld';

// Issue 14 "Upgrade wizard" through the API on the demo world: Contoso's Nimbus Endpoint Protection
// upgraded to Endpoint Protection Plus (fully, partially, into a new or an existing subscription),
// and Plus downgraded back at the term end by the renewal job; the vendor sandbox delivers each step.

let w: SubscriptionTestWorld;

beforeAll(async () => {
  w = await startSubscriptionTestWorld();
}, 120_000);
afterAll(async () => {
  await w?.close();
});

const options = async (accountId: number): Promise<UpgradeOptions> => {
  const answer = await w.op('GetUpgradeOptions', { accountId }, w.companyAdmin);
  expect(answer.status).toBe(200);
  return answer.body as UpgradeOptions;
};
const plusOf = async (accountId: number) => (await options(accountId)).Options.find((o) => o.ProductName === 'NIMBUS_ENDPOINT_PLUS')!;
const upgrade = (body: Record<string, unknown>, headers: Record<string, string> = {}) => w.op('Upgrade', body, w.companyAdmin, headers);
const subscriptionCount = async () => (await w.rowsOf<{ count: number }>(sql`select count(*)::int as count from subscriptions`))[0]!.count;
const delivered = (accountId: number, quantity: number) =>
  until(
    () => w.getSubscription(accountId),
    (s) => s.Status === 'Active' && s.Quantity === quantity && s.PendingQuantity === null,
  );

describe('GetUpgradeOptions', () => {
  it('lists the upgrade paths with the current price for the source term, and who may not see them', async () => {
    const source = await w.activeSubscription(3);
    const answer = await options(source);
    expect(answer).toMatchObject({ CanUpgrade: true, Blocker: null, Source: { AccountId: source, ProductName: 'NIMBUS_ENDPOINT', Quantity: 3, Commitment: '1-month' } });
    expect(answer.Source.RefundableUntil).not.toBeNull();
    const plus = answer.Options.find((o) => o.ProductName === 'NIMBUS_ENDPOINT_PLUS');
    expect(plus).toMatchObject({ Kind: 'Upgrade', IsTermOffered: true, Currency: 'EUR', DisplayName: 'Nimbus Endpoint Protection Plus' });
    expect(Number(plus!.UnitPrice)).toBeGreaterThan(Number(answer.Source.UnitPrice));
    expect((await w.op('GetUpgradeOptions', { accountId: source }, w.otherAdmin)).status).toBe(403);
    expect((await w.op('GetUpgradeOptions', { accountId: w.contoso }, w.companyAdmin)).status).toBe(400);
  });
});

describe('Upgrade', () => {
  it('full into a new subscription: the preview writes nothing; the source ends, the new one keeps its term and end date at the current price', async () => {
    const source = await w.activeSubscription(4);
    const before = await w.getSubscription(source);
    const plus = await plusOf(source);
    const body = { subId: source, upgradeProcessId: plus.UpgradeProcessId, targetProductName: 'NIMBUS_ENDPOINT_PLUS', targetAccountId: null };
    const count = await subscriptionCount();
    const preview = await w.op('PreviewUpgrade', body, w.companyAdmin);
    expect(preview.status).toBe(200);
    expect(preview.body as UpgradeResult).toMatchObject({
      UpgradeType: 'Full',
      Outcome: 'Applied',
      IsPreview: true,
      Source: { AccountId: source, Ends: true, QuantityBefore: 4, QuantityAfter: 0 },
      Target: { AccountId: null, IsNew: true, QuantityBefore: 0, QuantityAfter: 4, UnitPrice: plus.UnitPrice, Commitment: '1-month', MinimumContractEndDate: before.MinimumContractEndDate },
    });
    expect(await subscriptionCount()).toBe(count);

    const done = await upgrade(body);
    expect(done.status).toBe(200);
    const result = done.body as UpgradeResult;
    expect(result).toMatchObject({ IsPreview: false, Target: { IsNew: true, QuantityAfter: 4 } });
    expect(result.ProvisioningRequestIds).toHaveLength(2);
    const target = await delivered(result.Target.AccountId!, 4);
    expect(target).toMatchObject({ ProductName: 'NIMBUS_ENDPOINT_PLUS', UnitPrice: plus.UnitPrice, Commitment: '1-month', BillingFrequency: 'Monthly', MinimumContractEndDate: before.MinimumContractEndDate });
    // A full upgrade's subscription is a new purchase: a window of its own.
    expect(target.SeatBatches).toEqual([expect.objectContaining({ Kind: 'Purchase', Quantity: 4, RefundableQuantity: 4, IsOpen: true })]);
    const ended = await until(
      () => w.getSubscription(source),
      (s) => s.ProvisioningHistory.some((r) => r.Action === 'Terminate' && r.IsFinalStatus),
    );
    expect(ended.Status).toBe('Terminated');
    expect((await upgrade(body)).status).toBe(409);
  });

  it('partial into a new subscription: the source keeps the rest, the new one inherits the source cancellation window', async () => {
    const source = await w.activeSubscription(5);
    const plus = await plusOf(source);
    const window = (await options(source)).Source.RefundableUntil;
    const done = await upgrade({ subId: source, upgradeProcessId: plus.UpgradeProcessId, targetProductName: 'NIMBUS_ENDPOINT_PLUS', quantity: 2 });
    expect(done.status).toBe(200);
    const result = done.body as UpgradeResult;
    expect(result).toMatchObject({ UpgradeType: 'Partial', Source: { Ends: false, QuantityAfter: 3 }, Target: { IsNew: true, QuantityAfter: 2, RefundableUntil: window } });
    const target = await delivered(result.Target.AccountId!, 2);
    expect(target.SeatBatches).toEqual([expect.objectContaining({ Quantity: 2, RefundableQuantity: 2, RefundableUntil: window })]);
    const rest = await delivered(source, 3);
    expect(rest.RefundableQuantity).toBe(3);
    expect(rest.ProvisioningHistory.filter((r) => r.Action === 'Modify')).toEqual([expect.objectContaining({ Quantity: 3, OrderStatus: 'Completed' })]);
  });

  it('partial into an existing subscription: both change, the target keeps its own price', async () => {
    const source = await w.activeSubscription(3);
    const existing = await w.activeSubscription(2, '1-month', 'NIMBUS_ENDPOINT_PLUS');
    await w.rowsOf(sql`update subscriptions set unit_price = '9.990000' where account_id = ${existing}`);
    const plus = await plusOf(source);
    expect(plus.ExistingSubscriptions).toEqual(expect.arrayContaining([expect.objectContaining({ AccountId: existing, Quantity: 2, UnitPrice: '9.99' })]));
    const done = await upgrade({ subId: source, upgradeProcessId: plus.UpgradeProcessId, targetProductName: 'NIMBUS_ENDPOINT_PLUS', targetAccountId: existing, quantity: 1 });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ UpgradeType: 'Partial', Target: { AccountId: existing, IsNew: false, QuantityBefore: 2, QuantityAfter: 3, UnitPrice: '9.99' } });
    expect((await delivered(existing, 3)).UnitPrice).toBe('9.99');
    await delivered(source, 2);
    // Another account's subscription is no target.
    const refused = await upgrade({ subId: source, upgradeProcessId: plus.UpgradeProcessId, targetProductName: 'NIMBUS_ENDPOINT_PLUS', targetAccountId: w.contoso, quantity: 1 });
    expect(refused.status).toBe(400);
  });

  it('refuses a wrong path, too many seats and callers without the right, and honours an Idempotency-Key', async () => {
    const source = await w.activeSubscription(2);
    const plus = await plusOf(source);
    const body = { subId: source, upgradeProcessId: plus.UpgradeProcessId, targetProductName: 'NIMBUS_ENDPOINT_PLUS', quantity: 1 };
    expect((await upgrade({ ...body, targetProductName: 'NIMBUS_ENDPOINT' })).status).toBe(400);
    expect((await upgrade({ ...body, quantity: 3 })).body.Message).toContain('At most 2 seats');
    // The new subscription's view fields are checked as an order's: Plus has none.
    expect((await upgrade({ ...body, viewValues: { Domain: 'x.example' } })).status).toBe(400);
    expect((await w.op('Upgrade', body, w.otherAdmin)).status).toBe(403);
    expect((await w.op('Upgrade', body, w.companyUser)).status).toBe(403);
    const count = await subscriptionCount();
    const key = { 'idempotency-key': `upgrade-${source}` };
    const [first, second] = await Promise.all([upgrade(body, key), upgrade(body, key)]);
    const ok = [first, second].filter((a) => a.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    const again = await upgrade(body, key);
    expect(again.status).toBe(200);
    expect(again.body.Target.AccountId).toBe(ok[0]!.body.Target.AccountId);
    expect(await subscriptionCount()).toBe(count + 1);
    expect((await upgrade({ ...body, quantity: 2 }, key)).status).toBe(422);
  });
});

describe('Downgrade', () => {
  it('is scheduled for the term end (full only) and made there by the renewal job: a new subscription at the lower service price', async () => {
    const source = await w.activeSubscription(2, '1-month', 'NIMBUS_ENDPOINT_PLUS');
    const down = (await options(source)).Options.find((o) => o.ProductName === 'NIMBUS_ENDPOINT')!;
    expect(down.Kind).toBe('Downgrade');
    const body = { subId: source, upgradeProcessId: down.UpgradeProcessId, targetProductName: 'NIMBUS_ENDPOINT' };
    expect((await upgrade({ ...body, quantity: 1 })).status).toBe(400);
    const scheduled = await upgrade(body);
    expect(scheduled.status).toBe(200);
    const before = await w.getSubscription(source);
    expect(scheduled.body).toMatchObject({ Kind: 'Downgrade', Outcome: 'Scheduled', EffectiveDate: before.MinimumContractEndDate, ProvisioningRequestIds: [] });
    expect(before).toMatchObject({ Status: 'Active', ScheduledChanges: [expect.objectContaining({ Kind: 'Product', Value: 'NIMBUS_ENDPOINT' })] });

    const [end] = await w.rowsOf<{ end: string }>(sql`update subscriptions set minimum_contract_end_date = now() - interval '1 hour' where account_id = ${source} returning minimum_contract_end_date::text as end`);
    const run = () => subscriptionJobs[0]!.handler({}, { db: w.server.handle.db, log: w.server.app.log });
    await run();
    await run();
    expect((await w.getSubscription(source)).Status).toBe('Terminated');
    const made = await w.rowsOf<{ account_id: number; term_start_date: string }>(sql`select account_id, term_start_date::text from subscriptions where upgraded_from_account_id = ${source}`);
    expect(made).toHaveLength(1);
    expect(Date.parse(made[0]!.term_start_date)).toBe(Date.parse(end!.end));
    // A job cannot send jobs: the provisioning sweeper sends the renewal's requests; here, at once.
    const waiting = await w.rowsOf<{ id: number }>(sql`select id from provisioning_requests where subscription_account_id = ${made[0]!.account_id} and order_status = 'Submitted'`);
    expect(waiting).toHaveLength(1);
    await sendProvisioning(w.server.app.jobs, waiting.map(({ id }) => id));
    const lower = await until(
      () => w.getSubscription(made[0]!.account_id),
      (s) => s.Status === 'Active',
    );
    expect(lower).toMatchObject({ ProductName: 'NIMBUS_ENDPOINT', Quantity: 2, UnitPrice: '3.22', ScheduledChanges: [] });
  });
});
