import { and, eq, inArray } from 'drizzle-orm';
import type { Commitment } from '@cmp/contracts/orders';
import type { ChangeSubscriptionQuantityResponse, ScheduledChange } from '@cmp/contracts/subscriptions';
import type { Queryable } from '../platform/db/database';
import { subscriptionScheduledChanges, subscriptionSeatBatches } from '../platform/db/schema';
import { ApiError } from '../platform/errors';
import { findCompanyAccount, type AccountRow } from '../platform/session';
import { money, moneyString, minorUnits, roundToMinorUnit } from '../pricing/money';
import { addHours, commitmentMonths, daysBetween, daysLeft, termEnd } from '../platform/dates';
import { insertSubscriptionRequest } from './subscriptionRequests';
import { chargePerPeriod, changeLines, checkChangeCredit, holdChange, refuseWhileChangeAwaitsApproval } from './changeRequests';
import { openModifyOf, scheduledChangesOf, seatBatchesOf, subscriptionOf, type SubscriptionProduct, type SubscriptionRow } from './subscriptionQueries';

// A quantity change of a subscription (issue 14 "Changes", after Microsoft's new commerce rules):
// - an increase applies at once: a new 'Addition' seat batch opens its own cancellation window and
//   the added seats are charged prorated by day from the change to the term end;
// - a decrease applies at once only inside open windows and only down by the seats still
//   refundable there (the newest batch gives back first), with a prorated refund; otherwise — or
//   when asked (`schedule`) — it is scheduled for the renewal;
// - a change applied at once drops every scheduled change (the answer lists them; the screen warns
//   first); a scheduled quantity replaces an earlier scheduled quantity.
// The vendor gets an applied change as a 'Modify' provisioning request with the new quantity; the
// subscription's quantity follows when the vendor has made it (subscriptionStatus.ts). While such a
// request is on its way, no other change is taken (409): the quantity it starts from would be wrong.
// An increase takes the credit check of an order (changeRequests.ts): above the company's limit it
// waits in Request review (Outcome PendingApproval) and is made by this code when approved.

/** Days of the term and days left of it at `now` (whole days, the day of the change counted). */
export function termDays(subscription: SubscriptionRow, now: Date): { remainingDays: number; termDays: number; end: Date } {
  const start = subscription.termStartDate ?? subscription.createdAt;
  const end = subscription.minimumContractEndDate ?? termEnd(start, subscription.commitment as Commitment);
  const total = Math.max(1, daysBetween(start, end));
  const remaining = Math.min(total, daysLeft(now, end));
  return { remainingDays: remaining, termDays: total, end };
}

/** The price of `seats` seats for `remainingDays` of the term: the unit price per service period, scaled to the term, by day. */
export function proratedAmount(subscription: SubscriptionRow, product: SubscriptionProduct, seats: number, days: { remainingDays: number; termDays: number }): string | null {
  if (subscription.unitPrice === null || subscription.currency === null) return null;
  const units = product.billingRule === 'Flat' ? 0 : seats;
  const periodsInTerm = money(commitmentMonths(subscription.commitment as Commitment)).div(product.billingPeriod === 'Annual' ? 12 : 1);
  const amount = money(subscription.unitPrice).mul(units).mul(periodsInTerm).mul(days.remainingDays).div(days.termDays);
  return moneyString(roundToMinorUnit(amount, subscription.currency), minorUnits(subscription.currency));
}

type SeatBatchRow = typeof subscriptionSeatBatches.$inferSelect;

/** Takes `seats` refundable seats out of the open batches, the newest seats first (a refund, or seats an upgrade moves). */
export async function giveBackSeats(tx: Queryable, open: readonly SeatBatchRow[], seats: number): Promise<void> {
  let left = seats;
  for (const batch of [...open].reverse()) {
    if (left === 0) break;
    const take = Math.min(left, batch.refundableQuantity);
    await tx
      .update(subscriptionSeatBatches)
      .set({ refundableQuantity: batch.refundableQuantity - take })
      .where(and(eq(subscriptionSeatBatches.id, batch.id), eq(subscriptionSeatBatches.refundableQuantity, batch.refundableQuantity)));
    left -= take;
  }
}

export interface QuantityChangeResult {
  answer: ChangeSubscriptionQuantityResponse;
  product: SubscriptionProduct;
}

/** Plans (preview) or makes the change, in `tx` (the subscription row locked). */
export async function changeQuantity(
  tx: Queryable,
  account: AccountRow,
  input: {
    quantity: number;
    schedule?: boolean;
    preview?: boolean;
    /** The change request that held this change, now approved: no credit check, and its request names it. */
    approvedOrderId?: number;
  },
  callerAccountId: number,
  now = new Date(),
): Promise<QuantityChangeResult> {
  const { subscription, product } = await subscriptionOf(tx, account, !input.preview);
  if (subscription.status !== 'Active') throw new ApiError(409, 'subscription_not_active', { status: subscription.status });
  if (await openModifyOf(tx, account.id)) throw new ApiError(409, 'subscription_change_in_progress');
  if (input.approvedOrderId === undefined) await refuseWhileChangeAwaitsApproval(tx, account.id);
  const previous = subscription.quantity;
  if (input.quantity === previous) throw new ApiError(400, 'subscription_quantity_unchanged', { quantity: String(previous) });

  const direction = input.quantity > previous ? 'Increase' : 'Decrease';
  const batches = await seatBatchesOf(tx, account.id);
  const open = batches.filter((b) => b.refundableUntil > now && b.refundableQuantity > 0);
  const refundable = open.reduce((sum, b) => sum + b.refundableQuantity, 0);
  const seats = Math.abs(input.quantity - previous);
  const immediate = !input.schedule && (direction === 'Increase' || seats <= refundable);
  const scheduled = await scheduledChangesOf(tx, account.id);
  const dropped: ScheduledChange[] = immediate ? scheduled : scheduled.filter((c) => c.Kind === 'Quantity');
  const days = termDays(subscription, now);
  const answer: ChangeSubscriptionQuantityResponse = {
    AccountId: account.id,
    Outcome: immediate ? 'Applied' : 'Scheduled',
    Direction: direction,
    PreviousQuantity: previous,
    Quantity: input.quantity,
    ProratedAmount: immediate ? proratedAmount(subscription, product, seats, days) : null,
    AmountKind: immediate ? (direction === 'Increase' ? 'Charge' : 'Refund') : null,
    Currency: subscription.currency,
    RemainingDays: days.remainingDays,
    TermDays: days.termDays,
    RefundableQuantity: refundable,
    DroppedScheduledChanges: dropped,
    ScheduledChange: null,
    ProvisioningRequestId: null,
    CreditCheck: null,
    IsPreview: Boolean(input.preview),
  };
  const company = (await findCompanyAccount(tx, account)) ?? account;
  if (immediate && direction === 'Increase' && input.approvedOrderId === undefined && subscription.currency !== null) {
    const added = chargePerPeriod(subscription.unitPrice, seats, subscription, product);
    answer.CreditCheck = await checkChangeCredit(tx, company, added, subscription.currency, !input.preview);
    if (answer.CreditCheck?.NeedsApproval) answer.Outcome = 'PendingApproval';
  }
  if (input.preview) return { answer, product };
  if (answer.CreditCheck?.NeedsApproval) {
    answer.CreditCheck.OrderId = await holdChange(tx, {
      kind: 'QuantityIncrease',
      account,
      subscription,
      productName: subscription.productName,
      productDisplayName: product.displayName,
      quantity: input.quantity,
      check: answer.CreditCheck,
      lines: changeLines(subscription, seats, money(answer.CreditCheck.ChangeValue)),
      change: { quantity: input.quantity, previousQuantity: previous },
      createdByAccountId: callerAccountId,
      now,
    });
    return { answer, product };
  }

  if (dropped.length) {
    await tx.delete(subscriptionScheduledChanges).where(
      and(
        eq(subscriptionScheduledChanges.subscriptionAccountId, account.id),
        inArray(
          subscriptionScheduledChanges.id,
          dropped.map((c) => c.Id),
        ),
      ),
    );
  }
  if (!immediate) {
    const [change] = await tx
      .insert(subscriptionScheduledChanges)
      .values({ subscriptionAccountId: account.id, kind: 'Quantity', value: String(input.quantity), createdByAccountId: callerAccountId, createdAt: now })
      .returning();
    answer.ScheduledChange = (await scheduledChangesOf(tx, account.id)).find((c) => c.Id === change!.id) ?? null;
    return { answer, product };
  }

  if (direction === 'Increase') {
    await tx.insert(subscriptionSeatBatches).values({
      subscriptionAccountId: account.id,
      kind: 'Addition',
      quantity: seats,
      refundableQuantity: seats,
      refundableUntil: addHours(now, product.cancellationWindowHours),
      createdAt: now,
    });
  } else {
    await giveBackSeats(tx, open, seats);
  }
  // Not the subscription's order: a later change of it (that order's own request is its Create); a
  // change request's approval names its change request.
  const requestId = await insertSubscriptionRequest(tx, {
    orderId: input.approvedOrderId ?? null,
    subscriptionAccountId: account.id,
    companyAccountId: company.id,
    productName: subscription.productName,
    action: 'Modify',
    quantity: input.quantity,
    createdByAccountId: callerAccountId,
    now,
  });
  answer.ProvisioningRequestId = requestId;
  return { answer, product };
}
