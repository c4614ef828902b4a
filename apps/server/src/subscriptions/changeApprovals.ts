import { auditAccountChange, requestMeta } from '../platform/audit';
import { ApiError } from '../platform/errors';
import { loadAccount } from '../platform/session';
import { eq } from 'drizzle-orm';
import type { ChangeApplier, ChangeHandlers } from '../orders/changeApprovals';
import { subscriptions } from '../platform/db/schema';
import { renewOne } from './subscriptionRenewal';
import { changeQuantity } from './subscriptionChanges';
import { upgradeSubscription, type UpgradeInput } from './upgradeSubscription';

// The changes a change request holds (issue 30 item 2), made when it is approved: by the same code
// as when the credit check lets them through at once, with the approval standing for the check. The
// subscription is read again, locked: a change that no longer fits it (the subscription ended, a
// vendor change is on its way) answers as the change itself would, and the request stays Pending.
// A renewal declined ends the subscription (it was asked to renew only at the higher charge).

async function subscriptionAccountOf(order: Parameters<ChangeApplier>[1], tx: Parameters<ChangeApplier>[0]) {
  const account = order.subscriptionAccountId === null ? undefined : await loadAccount(tx, order.subscriptionAccountId);
  if (!account) throw new ApiError(409, 'order_without_subscription', { orderId: String(order.id) });
  return account;
}

const applyQuantityIncrease: ChangeApplier = async (tx, order, ctx) => {
  const account = await subscriptionAccountOf(order, tx);
  const quantity = Number((order.change as { quantity?: unknown } | null)?.quantity);
  const { answer } = await changeQuantity(tx, account, { quantity, approvedOrderId: order.id }, order.createdByAccountId);
  await auditAccountChange(tx, ctx, 'SubscriptionQuantityChanged', account, {
    Service: account.displayName,
    PreviousQuantity: answer.PreviousQuantity,
    Quantity: answer.Quantity,
    ProratedAmount: answer.ProratedAmount,
    AmountKind: answer.AmountKind,
    Currency: answer.Currency,
    OrderId: order.id,
  });
};

const applyUpgrade: ChangeApplier = async (tx, order, ctx) => {
  const account = await subscriptionAccountOf(order, tx);
  const actor = {
    caller: ctx.caller,
    actorAccountId: order.createdByAccountId,
    locale: ctx.locale,
    meta: requestMeta(ctx.request),
    audit: (action: Parameters<typeof auditAccountChange>[2], target: Parameters<typeof auditAccountChange>[3], details: Record<string, unknown>) =>
      auditAccountChange(tx, ctx, action, target, { ...details, OrderId: order.id }),
  };
  await upgradeSubscription(tx, actor, account, order.change as unknown as UpgradeInput, false, new Date(), order.id);
};

/** A renewal approved renews the subscription from the term end it was held at, at the price of the day. */
const applyRenewal: ChangeApplier = async (tx, order) => {
  const account = await subscriptionAccountOf(order, tx);
  const readEnd = new Date(String((order.change as { readEnd?: unknown } | null)?.readEnd));
  const renewed = await renewOne(tx, account.id, readEnd, new Date(), order.id);
  if (!renewed) throw new ApiError(409, 'subscription_not_active', { status: 'changed' });
};

/** A renewal declined or cancelled: the subscription ends as one without auto-renew does, at the next run of the renewal job. */
const endUnrenewed: ChangeApplier = async (tx, order, ctx) => {
  const account = await subscriptionAccountOf(order, tx);
  await tx.update(subscriptions).set({ autoRenew: 'Terminate' }).where(eq(subscriptions.accountId, account.id));
  await auditAccountChange(tx, ctx, 'SubscriptionAutoRenewSet', account, { Service: account.displayName, AutoRenew: 'Terminate', Previous: 'Renew', OrderId: order.id });
};

export const subscriptionChangeAppliers: Record<'QuantityIncrease' | 'Upgrade' | 'Renewal', ChangeHandlers> = {
  QuantityIncrease: { approve: applyQuantityIncrease },
  Upgrade: { approve: applyUpgrade },
  Renewal: { approve: applyRenewal, decline: endUnrenewed },
};
