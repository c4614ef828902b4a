import { and, asc, desc, eq, ne } from 'drizzle-orm';
import type { Locale } from '@cmp/contracts/locales';
import type { BillingFrequency, Commitment } from '@cmp/contracts/orders';
import type { ProvisioningOrderStatus } from '@cmp/contracts/provisioning';
import type { AutoRenew, ScheduledChange, SeatBatch, Subscription, SubscriptionStatus } from '@cmp/contracts/subscriptions';
import type { Queryable } from '../platform/db/database';
import { accounts, orders, products, provisioningRequests, subscriptionScheduledChanges, subscriptionSeatBatches, subscriptions } from '../platform/db/schema';
import { ApiError } from '../platform/errors';
import { minorUnits, money, moneyString } from '../pricing/money';
import type { AccountRow } from '../platform/session';

// The service info of a Product account (issue 14 "Subscriptions"): its commercial terms, the seat
// batches with their cancellation windows, the changes scheduled for the renewal and the provisioning
// requests of the subscription.

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export interface SubscriptionProduct {
  displayName: string;
  displayNames: Record<string, string>;
  billingRule: string;
  billingPeriod: string;
  cancellationWindowHours: number;
}

/** The subscription of a Product account (400 when the account is none), its row locked when `forUpdate`. */
export async function subscriptionOf(db: Queryable, account: AccountRow, forUpdate = false): Promise<{ subscription: SubscriptionRow; product: SubscriptionProduct }> {
  const query = db
    .select({
      subscription: subscriptions,
      product: {
        displayName: products.displayName,
        displayNames: products.displayNames,
        billingRule: products.billingRule,
        billingPeriod: products.billingPeriod,
        cancellationWindowHours: products.cancellationWindowHours,
      },
    })
    .from(subscriptions)
    .innerJoin(products, eq(products.name, subscriptions.productName))
    .where(eq(subscriptions.accountId, account.id))
    .limit(1);
  const [row] = forUpdate ? await query.for('update', { of: subscriptions }) : await query;
  if (!row || account.type !== 'Product') throw new ApiError(400, 'subscription_not_found', { accountName: account.displayName });
  return row;
}

export const seatBatchesOf = (db: Queryable, accountId: number) =>
  db.select().from(subscriptionSeatBatches).where(eq(subscriptionSeatBatches.subscriptionAccountId, accountId)).orderBy(asc(subscriptionSeatBatches.createdAt), asc(subscriptionSeatBatches.id));

export async function scheduledChangesOf(db: Queryable, accountId: number): Promise<ScheduledChange[]> {
  const rows = await db
    .select({ change: subscriptionScheduledChanges, createdByName: accounts.displayName })
    .from(subscriptionScheduledChanges)
    .leftJoin(accounts, eq(accounts.id, subscriptionScheduledChanges.createdByAccountId))
    .where(eq(subscriptionScheduledChanges.subscriptionAccountId, accountId))
    .orderBy(asc(subscriptionScheduledChanges.id));
  return rows.map(({ change, createdByName }) => ({
    Id: change.id,
    Kind: change.kind as ScheduledChange['Kind'],
    Value: change.value,
    CreatedAt: change.createdAt.toISOString(),
    CreatedByName: createdByName,
  }));
}

/** The newest Modify of the subscription still on its way (not final): its quantity is not yet the subscription's. */
export async function openModifyOf(db: Queryable, accountId: number): Promise<{ id: number; quantity: number | null } | undefined> {
  const [row] = await db
    .select({ id: provisioningRequests.id, quantity: provisioningRequests.quantity })
    .from(provisioningRequests)
    .where(and(eq(provisioningRequests.subscriptionAccountId, accountId), eq(provisioningRequests.action, 'Modify'), eq(provisioningRequests.isFinalStatus, false)))
    .orderBy(desc(provisioningRequests.id))
    .limit(1);
  return row;
}

export const toSeatBatch = (batch: typeof subscriptionSeatBatches.$inferSelect, now: Date): SeatBatch => ({
  Id: batch.id,
  Kind: batch.kind as SeatBatch['Kind'],
  Quantity: batch.quantity,
  RefundableQuantity: batch.refundableQuantity,
  RefundableUntil: batch.refundableUntil.toISOString(),
  IsOpen: batch.refundableUntil > now && batch.refundableQuantity > 0,
  CreatedAt: batch.createdAt.toISOString(),
});

/** The change of a subscription waiting for approval, if one does. */
export async function changeAwaitingApproval(db: Queryable, subscriptionAccountId: number): Promise<Subscription['ChangeAwaitingApproval']> {
  const [waiting] = await db
    .select({ id: orders.id, kind: orders.kind, quantity: orders.quantity, productName: orders.productName, change: orders.change })
    .from(orders)
    .where(and(eq(orders.subscriptionAccountId, subscriptionAccountId), eq(orders.approvalStatus, 'Pending'), ne(orders.kind, 'New')))
    .limit(1);
  if (!waiting || waiting.kind === 'New') return null;
  const previous = (waiting.change as { previousQuantity?: unknown } | null)?.previousQuantity;
  return { OrderId: waiting.id, Kind: waiting.kind, Quantity: waiting.quantity, PreviousQuantity: typeof previous === 'number' ? previous : null, ProductName: waiting.productName };
}

export async function subscriptionInfo(
  db: Queryable,
  account: AccountRow,
  locale: Locale,
  may: { changeQuantity: boolean; setAutoRenew: boolean },
  now = new Date(),
): Promise<Subscription> {
  // The open change first: one that ends between the two reads then shows its new quantity, never
  // the old quantity without the change (the reads are not one snapshot).
  const openModify = await openModifyOf(db, account.id);
  const { subscription: s, product } = await subscriptionOf(db, account);
  const [batches, scheduled, history, awaiting] = await Promise.all([
    seatBatchesOf(db, account.id),
    scheduledChangesOf(db, account.id),
    db.select().from(provisioningRequests).where(eq(provisioningRequests.subscriptionAccountId, account.id)).orderBy(desc(provisioningRequests.createdAt), desc(provisioningRequests.id)).limit(100),
    changeAwaitingApproval(db, account.id),
  ]);
  const seatBatches = batches.map((batch) => toSeatBatch(batch, now));
  const isActive = s.status === 'Active';
  return {
    AccountId: account.id,
    AccountName: account.displayName,
    ProductName: s.productName,
    ServiceDisplayName: product.displayNames[locale] ?? product.displayName,
    Status: s.status as SubscriptionStatus,
    Quantity: s.quantity,
    PendingQuantity: openModify?.quantity ?? null,
    Commitment: s.commitment as Commitment,
    BillingFrequency: s.billingFrequency as BillingFrequency,
    IsPrepaid: s.isPrepaid,
    AutoRenew: s.autoRenew as AutoRenew,
    TermStartDate: s.termStartDate?.toISOString() ?? null,
    MinimumContractEndDate: s.minimumContractEndDate?.toISOString() ?? null,
    LockPeriodEndDate: s.lockPeriodEndDate?.toISOString() ?? null,
    HasPriceProtection: s.hasPriceProtection,
    Currency: s.currency,
    UnitPrice: displayedUnitPrice(s.unitPrice, s.currency),
    PriceRule: s.priceRule,
    BillingPeriod: product.billingPeriod === 'Annual' ? 'Annual' : 'Monthly',
    CancellationWindowHours: product.cancellationWindowHours,
    RefundableQuantity: seatBatches.filter((b) => b.IsOpen).reduce((sum, b) => sum + b.RefundableQuantity, 0),
    SeatBatches: seatBatches,
    ScheduledChanges: scheduled,
    ProvisioningHistory: history.map((r) => ({
      RequestId: r.id,
      Action: r.action,
      Quantity: r.quantity,
      OrderStatus: r.orderStatus as ProvisioningOrderStatus,
      ProductStatus: r.productStatus,
      IsFinalStatus: r.isFinalStatus,
      ErrorMessage: r.errorMessage,
      SendDate: r.sendDate?.toISOString() ?? null,
      CreatedAt: r.createdAt.toISOString(),
    })),
    ChangeAwaitingApproval: awaiting,
    CanChangeQuantity: may.changeQuantity && isActive && !openModify && !awaiting,
    CanSetAutoRenew: may.setAutoRenew && (isActive || s.status === 'Provisioning' || s.status === 'Suspended'),
  };
}

/** A unit price as the customer reads it: in the currency's minor units unless it has finer digits (3.220000 → 3.22). */
export function displayedUnitPrice(value: string | null, currency: string | null): string | null {
  if (value === null) return null;
  const amount = money(value);
  const scale = minorUnits(currency ?? 'EUR');
  return amount.decimalPlaces() <= scale ? moneyString(amount, scale) : amount.toString();
}
