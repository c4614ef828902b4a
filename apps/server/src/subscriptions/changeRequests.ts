import { eq } from 'drizzle-orm';
import type { BillingFrequency, ChangeCreditCheck, OrderKind, OrderPriceLine } from '@cmp/contracts/orders';
import type { Queryable } from '../platform/db/database';
import { companyCreditLimits, orders } from '../platform/db/schema';
import { ApiError } from '../platform/errors';
import { findCompanyAccount, type AccountRow } from '../platform/session';
import { sellerOfCustomer } from '../platform/sellerSide';
import { money, moneyString, minorUnits, roundToMinorUnit, type Money } from '../pricing/money';
import { openBalanceWithRates } from '../orders/creditCheck';
import { periodFactor } from '../orders/orderPricing';
import { orderApproversOf, recordBusinessEvent } from '../realtime/businessEvents';
import { changeAwaitingApproval, type SubscriptionProduct, type SubscriptionRow } from './subscriptionQueries';

// Change requests (issue 30 item 2): every change that raises what a company will be billed — a
// quantity increase, an upgrade (and a quote's acceptance, which places orders) — takes the same credit
// check as an order: the company's open balance plus what the change adds per billing period, against
// its limit. Within the limit the change is made at once; above it the change waits as an order of
// its kind (orders.kind, orders.change) in Request review, with the same transitions, e-mails and live
// events as an order, and is made only when approved (the appliers below, called by the decision).
// While one waits, its subscription takes no other change: the change it holds starts from the
// subscription as it is.

/** What `seats` seats of a subscription cost per billing period at `unitPrice` (Flat: the service's price whatever the seats). */
export function chargePerPeriod(unitPrice: string | null, seats: number, subscription: Pick<SubscriptionRow, 'billingFrequency' | 'currency'>, product: Pick<SubscriptionProduct, 'billingRule' | 'billingPeriod'>): Money {
  if (unitPrice === null || subscription.currency === null) return money(0);
  const units = product.billingRule === 'Flat' ? 0 : seats;
  const factor = periodFactor(subscription.billingFrequency as BillingFrequency, product.billingPeriod === 'Annual' ? 'Annual' : 'Monthly');
  return roundToMinorUnit(money(unitPrice).mul(units).mul(factor), subscription.currency);
}

/** The company a subscription belongs to (the Product account itself when it has none: a test world's stray). */
export async function companyOfSubscription(db: Queryable, account: AccountRow): Promise<AccountRow> {
  return (await findCompanyAccount(db, account)) ?? account;
}

/**
 * The credit check of a change adding `value` (in `currency`) per billing period; null when there is
 * nothing to check (no limit, nothing added). `lock`: the company's limit row is locked until the
 * transaction ends, as placing an order locks it, so a change and an order (or two changes) of one
 * company see each other's value.
 */
export async function checkChangeCredit(db: Queryable, company: AccountRow, value: Money, currency: string, lock: boolean): Promise<ChangeCreditCheck | null> {
  if (!value.greaterThan(0)) return null;
  const query = db.select().from(companyCreditLimits).where(eq(companyCreditLimits.companyAccountId, company.id)).limit(1);
  const [limit] = lock ? await query.for('update') : await query;
  if (!limit) return null;
  const balance = await openBalanceWithRates(db, company, currency);
  const projected = balance.amount.add(value);
  const scale = minorUnits(currency);
  return {
    ChangeValue: moneyString(value, scale),
    Currency: currency,
    OpenBalance: moneyString(balance.amount, scale),
    CreditLimit: moneyString(money(limit.creditLimit), 2),
    ProjectedInvoice: moneyString(projected, scale),
    // A limit in another currency cannot be compared: the change waits for a person, as an order does.
    NeedsApproval: limit.currency !== currency || projected.greaterThan(money(limit.creditLimit)),
    OrderId: null,
  };
}

/** Refuses a change of a subscription whose earlier change still waits for approval (409). */
export async function refuseWhileChangeAwaitsApproval(db: Queryable, subscriptionAccountId: number): Promise<void> {
  const waiting = await changeAwaitingApproval(db, subscriptionAccountId);
  if (waiting) throw new ApiError(409, 'subscription_change_awaits_approval', { orderId: String(waiting.OrderId) });
}

export interface HeldChange {
  kind: Exclude<OrderKind, 'New'>;
  /** The subscription changed (an upgrade's source). */
  account: AccountRow;
  subscription: SubscriptionRow;
  /** The service the change delivers (an upgrade's target) and its display name for the event. */
  productName: string;
  productDisplayName: string;
  /** The quantity asked (an increase's new quantity, an upgrade's seats). */
  quantity: number;
  check: ChangeCreditCheck;
  lines: OrderPriceLine[];
  /** What the applier needs to make the change once approved. */
  change: Record<string, unknown>;
  createdByAccountId: number;
  now: Date;
}

/** Writes the change request (an order of its kind, Pending) and tells the seller's approvers; answers its id. */
export async function holdChange(tx: Queryable, held: HeldChange): Promise<number> {
  const company = await companyOfSubscription(tx, held.account);
  const [order] = await tx
    .insert(orders)
    .values({
      kind: held.kind,
      change: held.change,
      companyAccountId: company.id,
      parentAccountId: held.account.parentId ?? company.id,
      payerAccountId: company.id,
      sellerAccountId: (await sellerOfCustomer(tx, company)).id,
      productName: held.productName,
      quantity: held.quantity,
      currency: held.check.Currency,
      orderValue: held.check.ChangeValue,
      creditLimit: held.check.CreditLimit,
      projectedInvoice: held.check.ProjectedInvoice,
      approvalStatus: 'Pending',
      createdByAccountId: held.createdByAccountId,
      createdAt: held.now,
      subscriptionAccountId: held.account.id,
      commitment: held.subscription.commitment,
      billingFrequency: held.subscription.billingFrequency,
      isPrepaid: held.subscription.isPrepaid,
      priceLines: held.lines,
      openBalance: held.check.OpenBalance,
      creditCheck: true,
      updatedAt: held.now,
    })
    .returning({ id: orders.id, sellerAccountId: orders.sellerAccountId });
  await recordBusinessEvent(tx, {
    event: 'OrderAwaitsApproval',
    values: { orderId: String(order!.id), service: held.productDisplayName, company: company.displayName },
    link: '/orders/request-review',
    userAccountIds: await orderApproversOf(tx, order!.sellerAccountId),
  });
  return order!.id;
}

/** The recurring lines of a change: the subscription's recurring items for the seats it adds, priced as kept. */
export function changeLines(subscription: SubscriptionRow, seats: number, value: Money): OrderPriceLine[] {
  const kept = (subscription.priceLines as OrderPriceLine[] | null) ?? [];
  const recurring = kept.filter((line) => line.FeeType === 'Recurring');
  const scale = minorUnits(subscription.currency ?? 'EUR');
  // One recurring item is the rule (the order's headline item); its amount is the change's value.
  return recurring.slice(0, 1).map((line) => ({ ...line, UnitPrice: subscription.unitPrice ?? line.UnitPrice, Quantity: seats, Amount: moneyString(value, scale) }));
}
