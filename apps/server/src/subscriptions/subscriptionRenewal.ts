import { and, asc, desc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { BILLING_FREQUENCIES_BY_COMMITMENT, COMMITMENTS, type BillingFrequency, type Commitment } from '@cmp/contracts/orders';
import type { Database, Tx } from '../platform/db/database';
import { orders, products, subscriptionScheduledChanges, subscriptionSeatBatches, subscriptions } from '../platform/db/schema';
import { writeAudit } from '../platform/audit';
import { findCompanyAccount, loadAccount } from '../platform/session';
import { addHours, termEnd } from '../platform/dates';
import { currentRecurringPrice } from './currentPrice';
import { insertSubscriptionRequest } from './subscriptionRequests';
import { changeAwaitingApproval, subscriptionOf } from './subscriptionQueries';
import { chargePerPeriod, changeLines, checkChangeCredit, holdChange } from './changeRequests';
import { upgradeSetting } from './upgradeOptions';
import { endSourceAccount, makeUpgradeSubscription } from './upgradeSubscription';

// The renewal at term end (issue 14 "renewal at term end by a job"): an Active subscription whose
// term has ended
// - with auto-renew Renew starts a new term (from the old term's end) at the then-current price of
//   the customer's pricelist (the one price function, as an order is priced), takes the changes
//   scheduled for the renewal (quantity, term, billing frequency) and opens a 'Renewal' seat batch
//   with its cancellation window; a changed quantity goes to the vendor as a 'Modify' request;
// - with a downgrade scheduled (an upgrade path of kind Downgrade) ends and hands its seats to a new
//   subscription of the lower service, which starts its own term then at that service's price;
// - with auto-renew Terminate ends: status Terminated and a 'Terminate' request to the vendor.
// Idempotent: each subscription is written conditionally on the term end the job read, so a second
// run (or a second node) changes nothing. A subscription many terms behind renews one term per run.
// The vendor requests carry next_attempt_at = now: the provisioning sweeper (each minute) sends
// their jobs, as the job runner gives a job no way to send others.
// A renewal that raises the subscription's charge (a higher price, more seats scheduled) takes the
// credit check of an order (changeRequests.ts): over the company's limit it waits in Request review
// as a 'Renewal' change request, the subscription staying as it is; approved, this code renews it then
// (at the price of that day); declined or cancelled, the subscription ends at the next run.

/**
 * The term end is still the one the job read. Compared at the millisecond the job read it with:
 * PostgreSQL keeps microseconds (a term end written by SQL, such as now() - interval), a JavaScript
 * Date only milliseconds, and a plain equality would never match such a row.
 */
const termEndIs = (readEnd: Date): SQL => sql`date_trunc('milliseconds', ${subscriptions.minimumContractEndDate}) = ${readEnd.toISOString()}::timestamptz`;

export interface RenewalOutcome {
  accountId: number;
  outcome: 'Renewed' | 'Terminated' | 'Downgraded' | 'HeldForApproval';
}

/** Renews or ends every subscription due at `now` (at most `limit` per run). */
export async function renewDueSubscriptions(db: Database, now = new Date(), limit = 200): Promise<RenewalOutcome[]> {
  const due = await db
    .select({ accountId: subscriptions.accountId, end: subscriptions.minimumContractEndDate })
    .from(subscriptions)
    .where(and(eq(subscriptions.status, 'Active'), lte(subscriptions.minimumContractEndDate, now)))
    .orderBy(asc(subscriptions.minimumContractEndDate))
    .limit(limit);
  const outcomes: RenewalOutcome[] = [];
  for (const { accountId, end } of due) {
    const outcome = await db.transaction((tx) => renewOne(tx, accountId, end!, now));
    if (outcome) outcomes.push(outcome);
  }
  return outcomes;
}

/** Renews or ends one subscription due at `readEnd`. `approvedOrderId`: the Renewal change request approved (no credit check). */
export async function renewOne(tx: Tx, accountId: number, readEnd: Date, now: Date, approvedOrderId?: number): Promise<RenewalOutcome | undefined> {
  const account = await loadAccount(tx, accountId);
  if (!account) return undefined;
  const { subscription: s, product } = await subscriptionOf(tx, account, true);
  // Someone (another run) moved it meanwhile: nothing to do.
  if (s.status !== 'Active' || s.minimumContractEndDate?.getTime() !== readEnd.getTime()) return undefined;
  const company = await findCompanyAccount(tx, account);
  const companyId = company?.id ?? account.id;
  const audit = (action: 'SubscriptionRenewed' | 'SubscriptionEndedAtTermEnd', details: Record<string, unknown>) =>
    writeAudit(tx, null, { action, accountId: account.id, accountPath: account.path, details });
  const request = (action: 'Modify' | 'Terminate', quantity: number) =>
    insertSubscriptionRequest(tx, { subscriptionAccountId: account.id, companyAccountId: companyId, productName: s.productName, action, quantity, createdByAccountId: null, now });

  if (s.autoRenew !== 'Renew') {
    const ended = await tx
      .update(subscriptions)
      .set({ status: 'Terminated' })
      .where(and(eq(subscriptions.accountId, account.id), eq(subscriptions.status, 'Active'), termEndIs(readEnd)))
      .returning({ id: subscriptions.accountId });
    if (!ended.length) return undefined;
    await request('Terminate', s.quantity);
    await audit('SubscriptionEndedAtTermEnd', { Service: s.productName, TermEndDate: readEnd.toISOString() });
    return { accountId, outcome: 'Terminated' };
  }

  // The changes scheduled for the renewal (a downgrade, 'Product', is the upgrade's and stays).
  const changes = await tx
    .select()
    .from(subscriptionScheduledChanges)
    .where(and(eq(subscriptionScheduledChanges.subscriptionAccountId, account.id), inArray(subscriptionScheduledChanges.kind, ['Quantity', 'Commitment', 'BillingFrequency'])))
    .orderBy(asc(subscriptionScheduledChanges.id));
  let quantity = s.quantity;
  let commitment = s.commitment as Commitment;
  let billingFrequency = s.billingFrequency as BillingFrequency;
  for (const change of changes) {
    if (change.kind === 'Quantity' && Number.isSafeInteger(Number(change.value)) && Number(change.value) > 0) quantity = Number(change.value);
    if (change.kind === 'Commitment' && (COMMITMENTS as readonly string[]).includes(change.value)) commitment = change.value as Commitment;
    if (change.kind === 'BillingFrequency') billingFrequency = change.value as BillingFrequency;
  }
  if (!BILLING_FREQUENCIES_BY_COMMITMENT[commitment].includes(billingFrequency)) billingFrequency = BILLING_FREQUENCIES_BY_COMMITMENT[commitment][0]!;

  const [downgrade] = await tx
    .select()
    .from(subscriptionScheduledChanges)
    .where(and(eq(subscriptionScheduledChanges.subscriptionAccountId, account.id), eq(subscriptionScheduledChanges.kind, 'Product')))
    .orderBy(desc(subscriptionScheduledChanges.id))
    .limit(1);
  const downgradePrice = downgrade && company ? await currentRecurringPrice(tx, company, downgrade.value) : undefined;
  if (downgrade && downgradePrice) {
    // Claimed on the term end read, as a renewal (a second run finds the subscription Terminated).
    const claimed = await tx
      .update(subscriptions)
      .set({ status: 'Active' })
      .where(and(eq(subscriptions.accountId, account.id), eq(subscriptions.status, 'Active'), termEndIs(readEnd)))
      .returning({ id: subscriptions.accountId });
    if (!claimed.length) return undefined;
    const [target] = await tx.select().from(products).where(eq(products.name, downgrade.value)).limit(1);
    const { parent } = await upgradeSetting(tx, account);
    const made = await makeUpgradeSubscription(tx, {
      parent,
      source: s,
      displayName: target!.displayName,
      terms: {
        productName: downgrade.value,
        commitment,
        billingFrequency,
        unitPrice: downgradePrice.unitPrice,
        currency: downgradePrice.currency,
        priceRule: downgradePrice.rule,
        minimumContractEndDate: termEnd(readEnd, commitment),
      },
      quantity,
      termStartDate: readEnd,
      window: { until: addHours(now, target!.cancellationWindowHours), refundable: quantity },
      now,
    });
    await insertSubscriptionRequest(tx, { subscriptionAccountId: made.id, companyAccountId: companyId, productName: downgrade.value, action: 'Create', quantity, createdByAccountId: downgrade.createdByAccountId, now });
    await tx.delete(subscriptionScheduledChanges).where(eq(subscriptionScheduledChanges.subscriptionAccountId, account.id));
    await endSourceAccount(tx, { caller: null, actorAccountId: downgrade.createdByAccountId }, account, `Downgraded to ${target!.displayName}`, now);
    for (const [subject, other] of [
      [account, made],
      [made, account],
    ] as const) {
      await writeAudit(tx, null, {
        action: 'SubscriptionUpgraded',
        actorAccountId: downgrade.createdByAccountId ?? undefined,
        accountId: subject.id,
        accountPath: subject.path,
        details: { Kind: 'Downgrade', Service: s.productName, Target: downgrade.value, OtherAccountId: other.id, Quantity: quantity, TermStartDate: readEnd.toISOString() },
      });
    }
    return { accountId, outcome: 'Downgraded' };
  }

  // The then-current price: the first recurring item priced by the customer's pricelist. A service
  // no longer priced for the customer keeps its old price (the renewal does not stop for it).
  const price = company ? await currentRecurringPrice(tx, company, s.productName) : undefined;
  const unitPrice = price?.unitPrice ?? s.unitPrice;
  const priceRule = price ? price.rule : s.priceRule;
  const currency = price?.currency ?? s.currency;
  const newEnd = termEnd(readEnd, commitment);
  if (approvedOrderId === undefined && company && currency) {
    // Its renewal already waits for a decision: nothing to do until then.
    if (await changeAwaitingApproval(tx, account.id)) return undefined;
    const before = s.currency === currency ? chargePerPeriod(s.unitPrice, s.quantity, s, product) : chargePerPeriod(null, 0, s, product);
    const after = chargePerPeriod(unitPrice, quantity, { billingFrequency, currency }, product);
    const check = await checkChangeCredit(tx, company, after.sub(before), currency, true);
    if (check?.NeedsApproval) {
      await holdChange(tx, {
        kind: 'Renewal',
        account,
        subscription: s,
        productName: s.productName,
        productDisplayName: product.displayName,
        quantity,
        check,
        lines: changeLines({ ...s, unitPrice, currency }, quantity, after),
        change: { readEnd: readEnd.toISOString(), quantity, previousQuantity: s.quantity, unitPrice, previousUnitPrice: s.unitPrice },
        // Whoever ordered the subscription asked for its renewal (auto-renew); a demo's hand-made one: its company.
        createdByAccountId: (await ordererOf(tx, s.orderId)) ?? company.id,
        now,
      });
      return { accountId, outcome: 'HeldForApproval' };
    }
  }
  const renewed = await tx
    .update(subscriptions)
    .set({ quantity, commitment, billingFrequency, unitPrice, priceRule, currency, termStartDate: readEnd, minimumContractEndDate: newEnd })
    .where(and(eq(subscriptions.accountId, account.id), eq(subscriptions.status, 'Active'), termEndIs(readEnd)))
    .returning({ id: subscriptions.accountId });
  if (!renewed.length) return undefined;
  if (changes.length) {
    await tx.delete(subscriptionScheduledChanges).where(
      inArray(
        subscriptionScheduledChanges.id,
        changes.map((c) => c.id),
      ),
    );
  }
  await tx.insert(subscriptionSeatBatches).values({
    subscriptionAccountId: account.id,
    kind: 'Renewal',
    quantity,
    refundableQuantity: quantity,
    refundableUntil: addHours(now, product.cancellationWindowHours),
    createdAt: now,
  });
  if (quantity !== s.quantity) await request('Modify', quantity);
  await audit('SubscriptionRenewed', {
    Service: s.productName,
    TermStartDate: readEnd.toISOString(),
    TermEndDate: newEnd.toISOString(),
    Quantity: quantity,
    PreviousQuantity: s.quantity,
    Commitment: commitment,
    BillingFrequency: billingFrequency,
    UnitPrice: unitPrice,
    PreviousUnitPrice: s.unitPrice,
    Currency: currency,
  });
  return { accountId, outcome: 'Renewed' };
}

/** The user who placed an order (a renewal's change request is theirs). */
async function ordererOf(tx: Tx, orderId: number | null): Promise<number | undefined> {
  if (orderId === null) return undefined;
  const [order] = await tx.select({ createdBy: orders.createdByAccountId }).from(orders).where(eq(orders.id, orderId)).limit(1);
  return order?.createdBy;
}
