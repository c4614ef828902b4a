import { auditAccountChange, requestMeta } from '../platform/audit';
import { ApiError } from '../platform/errors';
import { loadAccount } from '../platform/session';
import type { ChangeApplier } from '../orders/changeApprovals';
import { changeQuantity } from './subscriptionChanges';
import { upgradeSubscription, type UpgradeInput } from './upgradeSubscription';

// The changes a change request holds (issue 30 item 2), made when it is approved: by the same code
// as when the credit check lets them through at once, with the approval standing for the check. The
// subscription is read again, locked: a change that no longer fits it (the subscription ended, a
// vendor change is on its way) answers as the change itself would, and the request stays Pending.

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

export const subscriptionChangeAppliers = { QuantityIncrease: applyQuantityIncrease, Upgrade: applyUpgrade };
