import { and, eq, inArray } from 'drizzle-orm';
import type { OrderRequest } from '@cmp/contracts/orders';
import type { Locale } from '@cmp/contracts/locales';
import type { Tx } from '../platform/db/database';
import { accounts, orders, provisioningRequests, subscriptionSeatBatches, subscriptions } from '../platform/db/schema';
import { ApiError } from '../platform/errors';
import { pathIds, type AccountRow, type CallerSession } from '../platform/session';
import { insertAccount } from '../accounts/accountStore';
import { money } from '../pricing/money';
import { enqueueProvisioning, type ProvisioningJobSettings } from '../provisioning/provisioningJob';
import { priceOrder, termEnd } from './orderPricing';
import type { OrderRow } from './orderStateMachine';

// Placing an order (issue 14): one transaction prices the order again (the overview's price is the
// price billed; a moved price answers 409), runs the credit check with the company's limit locked
// (two orders of one company placed at once see each other's value), and writes the Product account
// (the subscription, status Provisioning), its commercial terms, the order and — when the order
// needs no approval — the provisioning request. The request's job is sent after the commit.

/** The reseller that sells to the company: the nearest Reseller above it. */
async function sellerOf(tx: Tx, company: AccountRow): Promise<AccountRow> {
  const above = pathIds(company.path).filter((id) => id !== company.id);
  const rows = above.length ? await tx.select().from(accounts).where(and(inArray(accounts.id, above), eq(accounts.type, 'Reseller'))) : [];
  rows.sort((a, b) => b.path.length - a.path.length);
  return rows[0] ?? company;
}

export async function placeOrderInTransaction(
  tx: Tx,
  caller: CallerSession,
  locale: Locale,
  request: OrderRequest,
  parent: AccountRow,
  company: AccountRow,
): Promise<OrderRow> {
  const now = new Date();
  const priced = await priceOrder(tx, locale, request, parent, company, now, true);
  const preview = priced.preview;
  if (request.expectedOrderValue !== undefined && !money(request.expectedOrderValue || 'NaN').equals(money(preview.OrderValue))) {
    throw new ApiError(409, 'order_price_changed', { orderValue: preview.OrderValue, currency: preview.Currency });
  }

  const product = await insertAccount(tx, { type: 'Product', parent, displayName: preview.DisplayName, productName: preview.ProductName });
  const [order] = await tx
    .insert(orders)
    .values({
      companyAccountId: company.id,
      parentAccountId: parent.id,
      payerAccountId: company.id,
      sellerAccountId: (await sellerOf(tx, company)).id,
      productName: preview.ProductName,
      quantity: preview.Quantity,
      currency: preview.Currency,
      orderValue: preview.OrderValue,
      creditLimit: preview.CreditLimit,
      projectedInvoice: preview.ProjectedInvoice,
      approvalStatus: preview.NeedsApproval ? 'Pending' : 'Approved',
      reason: '',
      createdByAccountId: caller.userAccount.id,
      createdAt: now,
      // An order within the credit limit is approved by the credit check itself (no decider).
      decidedAt: preview.NeedsApproval ? null : now,
      subscriptionAccountId: product.id,
      commitment: preview.Commitment,
      billingFrequency: preview.BillingFrequency,
      isPrepaid: preview.IsPrepaid,
      priceLines: preview.Lines,
      setupFee: preview.SetupFee,
      openBalance: preview.OpenBalance,
      creditCheck: preview.NeedsApproval,
      viewValues: request.viewValues ?? {},
      updatedAt: now,
    })
    .returning();
  await tx.insert(subscriptions).values({
    accountId: product.id,
    productName: preview.ProductName,
    quantity: preview.Quantity,
    isPrepaid: preview.IsPrepaid,
    autoRenew: 'Renew',
    commitment: preview.Commitment,
    minimumContractEndDate: termEnd(now, preview.Commitment),
    hasPriceProtection: true,
    // An order waiting for approval has a subscription waiting with it.
    status: preview.NeedsApproval ? 'Pending' : 'Provisioning',
    billingFrequency: preview.BillingFrequency,
    currency: preview.Currency,
    unitPrice: priced.recurringUnitPrice,
    priceRule: priced.recurringRule,
    termStartDate: now,
    orderId: order!.id,
    priceLines: preview.Lines,
  });
  // The purchase opens the seats' cancellation window (issue 14).
  await tx.insert(subscriptionSeatBatches).values({
    subscriptionAccountId: product.id,
    kind: 'Purchase',
    quantity: preview.Quantity,
    refundableQuantity: preview.Quantity,
    refundableUntil: new Date(now.getTime() + priced.service.cancellation_window_hours * 3_600_000),
    createdAt: now,
  });
  if (!preview.NeedsApproval) await createProvisioningRequest(tx, order!, caller.userAccount.id);
  return order!;
}

/** The Create request that delivers an approved order's subscription (its job is sent after the commit: sendOrderProvisioning). */
export async function createProvisioningRequest(tx: Tx, order: OrderRow, createdByAccountId: number): Promise<void> {
  await tx.insert(provisioningRequests).values({
    orderId: order.id,
    companyAccountId: order.companyAccountId,
    subscriptionAccountId: order.subscriptionAccountId,
    productName: order.productName,
    action: 'Create',
    quantity: order.quantity,
    orderStatus: 'Submitted',
    productStatus: 'Pending',
    customerId: `company-${order.companyAccountId}`,
    createdByAccountId,
    nextAttemptAt: new Date(),
  });
}

/**
 * Sends the jobs of an order's requests still waiting to be sent. Called after the commit, and again
 * for a replayed answer: a job that runs twice changes nothing (provisioningJob.ts).
 */
export async function sendOrderProvisioning(tx: Pick<Tx, 'select'>, send: ProvisioningJobSettings['send'], orderId: number): Promise<void> {
  const waiting = await tx
    .select({ id: provisioningRequests.id })
    .from(provisioningRequests)
    .where(and(eq(provisioningRequests.orderId, orderId), eq(provisioningRequests.orderStatus, 'Submitted')));
  for (const { id } of waiting) await enqueueProvisioning(send, id);
}
