import { and, eq, inArray } from 'drizzle-orm';
import type { OrderApprovalStatus } from '@cmp/contracts/orders';
import type { Queryable } from '../platform/db/database';
import { accounts, orders, subscriptions } from '../platform/db/schema';
import { ApiError } from '../platform/errors';

/**
 * Order approval (spec §4 "Order approval"; DESIGN.md "State machines"): Pending, then Approved,
 * Rejected or Cancelled — the one table of allowed transitions. A decision is a conditional UPDATE
 * (… WHERE approval_status = 'Pending'), so of two racing clicks (approve and cancel, or two
 * approves) exactly one changes the row; the other finds no Pending row and answers 409 naming the
 * status the order already has.
 */
export const ORDER_DECISIONS = {
  approve: { from: 'Pending', to: 'Approved' },
  decline: { from: 'Pending', to: 'Rejected' },
  cancel: { from: 'Pending', to: 'Cancelled' },
} as const satisfies Record<string, { from: OrderApprovalStatus; to: OrderApprovalStatus }>;
export type OrderDecision = keyof typeof ORDER_DECISIONS;

export type OrderRow = typeof orders.$inferSelect;

export async function decideOrder(tx: Queryable, orderId: number, decision: OrderDecision, deciderAccountId: number, reason: string | undefined): Promise<OrderRow> {
  const { from, to } = ORDER_DECISIONS[decision];
  const now = new Date();
  const [decided] = await tx
    .update(orders)
    .set({ approvalStatus: to, decidedByAccountId: deciderAccountId, decidedAt: now, updatedAt: now, ...(reason ? { reason } : {}) })
    .where(and(eq(orders.id, orderId), eq(orders.approvalStatus, from)))
    .returning();
  if (!decided) {
    const [current] = await tx.select({ status: orders.approvalStatus }).from(orders).where(eq(orders.id, orderId)).limit(1);
    throw new ApiError(409, 'order_status_conflict', { orderId: String(orderId), status: current?.status ?? 'gone' });
  }
  // Issue 30: approving starts provisioning, and seats delivered at the vendor must have the
  // subscription that bills them. PlaceOrder writes it with every order, Pending ones too; an order
  // from before that (or written by hand) is refused, and the transaction leaves it Pending.
  if (to === 'Approved' && decided.subscriptionAccountId === null) throw new ApiError(409, 'order_without_subscription', { orderId: String(orderId) });
  // A change request's subscription is live already: approving makes the change (changeApprovals.ts), declining leaves it as it is.
  if (decided.kind !== 'New') return decided;
  if (decided.subscriptionAccountId !== null) {
    if (to === 'Approved') {
      await tx
        .update(subscriptions)
        .set({ status: 'Provisioning' })
        .where(and(eq(subscriptions.accountId, decided.subscriptionAccountId), eq(subscriptions.status, 'Pending')));
    } else await endUnprovisionedSubscription(tx, decided.subscriptionAccountId, now);
  }
  return decided;
}

/** A declined or cancelled order's subscription never starts: Cancelled, and its Product account ends. */
async function endUnprovisionedSubscription(tx: Queryable, subscriptionAccountId: number, now: Date): Promise<void> {
  await tx
    .update(subscriptions)
    .set({ status: 'Cancelled' })
    .where(and(eq(subscriptions.accountId, subscriptionAccountId), inArray(subscriptions.status, ['Pending', 'Provisioning'])));
  await tx.update(accounts).set({ state: 'Terminated', terminatedAt: now, updatedAt: now }).where(eq(accounts.id, subscriptionAccountId));
}
