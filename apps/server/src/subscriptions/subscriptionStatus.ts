import { and, desc, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Queryable } from '../platform/db/database';
import { subscriptionSeatBatches, subscriptions } from '../platform/db/schema';

/**
 * A subscription's life (issue 14), one table of allowed transitions (DESIGN.md "State machines"):
 * an order makes it Pending while it waits for approval, then Provisioning; the vendor's answer to its Create request makes it Active or
 * Failed; a cancelled Create leaves it Cancelled; Suspend, Resume and Terminate requests move an
 * Active one. Written conditionally on the status it leaves, so a late or repeated outcome changes
 * nothing.
 */
export const SUBSCRIPTION_STATUSES = ['Pending', 'Provisioning', 'Active', 'Failed', 'Cancelled', 'Suspended', 'Terminated'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

type Outcome = 'completed' | 'failed' | 'cancelled';

/** For a request's action and outcome: the statuses the subscription may leave, and the one it takes. */
const TRANSITIONS: Record<string, Partial<Record<Outcome, { from: SubscriptionStatus[]; to: SubscriptionStatus }>>> = {
  Create: {
    completed: { from: ['Provisioning', 'Failed'], to: 'Active' },
    failed: { from: ['Provisioning'], to: 'Failed' },
    cancelled: { from: ['Provisioning', 'Failed'], to: 'Cancelled' },
  },
  Suspend: { completed: { from: ['Active'], to: 'Suspended' } },
  Resume: { completed: { from: ['Suspended'], to: 'Active' } },
  Terminate: { completed: { from: ['Active', 'Suspended'], to: 'Terminated' } },
};

export interface ProvisioningOutcomeRequest {
  action: string;
  subscriptionAccountId: number | null;
  quantity: number | null;
}

/** What the end of a provisioning request means for its subscription (the job, and the provisioning actions). */
export async function applyProvisioningOutcome(db: Queryable, request: ProvisioningOutcomeRequest, outcome: Outcome): Promise<void> {
  const change = provisioningOutcomeChange(db, request, outcome);
  if (change === 'several statements') await dropUndeliveredSeats(db, request.subscriptionAccountId!, request.quantity!);
  else if (change) await change;
}

/**
 * applyProvisioningOutcome's change when it is one UPDATE (not yet run; `when`, a condition the
 * statement that ends the request adds: the job writes both in one statement), undefined when there
 * is nothing to change, or 'several statements' (then applyProvisioningOutcome, in a transaction).
 */
export function provisioningOutcomeChange(db: Queryable, request: ProvisioningOutcomeRequest, outcome: Outcome, when?: SQL) {
  const change = outcomeChangeOf(request, outcome);
  if (change === undefined || change === 'several statements') return change;
  return outcomeChangeUpdate(db, change, { subscriptionAccountId: request.subscriptionAccountId!, quantity: request.quantity! }, when);
}

/** Which change the outcome makes: the quantity the vendor set, a status, several statements, or none. */
export type OutcomeChange = { kind: 'quantity' } | { kind: 'status'; from: SubscriptionStatus[]; to: SubscriptionStatus } | 'several statements' | undefined;

export function outcomeChangeOf(request: ProvisioningOutcomeRequest, outcome: Outcome): OutcomeChange {
  if (request.subscriptionAccountId === null) return undefined;
  if (request.action === 'Modify') {
    // A quantity change takes effect when the vendor has made it.
    if (outcome === 'completed' && request.quantity && request.quantity > 0) return { kind: 'quantity' };
    if (outcome === 'cancelled' && request.quantity) return 'several statements';
    return undefined;
  }
  const transition = TRANSITIONS[request.action]?.[outcome];
  return transition && { kind: 'status', ...transition };
}

/** A one-UPDATE change of the subscription; its account and quantity may be placeholders (a statement built once, provisioningJob.ts). */
export function outcomeChangeUpdate(
  db: Queryable,
  change: Exclude<OutcomeChange, 'several statements' | undefined>,
  target: { subscriptionAccountId: number | Placeholder; quantity: number | Placeholder },
  when?: SQL,
) {
  const update = db.update(subscriptions);
  return change.kind === 'quantity'
    ? update.set({ quantity: sql`${target.quantity}::int` }).where(and(eq(subscriptions.accountId, target.subscriptionAccountId), when))
    : update.set({ status: change.to }).where(and(eq(subscriptions.accountId, target.subscriptionAccountId), inArray(subscriptions.status, change.from), when));
}

/**
 * An increase the vendor never made (its request cancelled) leaves no refundable seats behind: the
 * newest untouched Addition batch of exactly the seats it would have added goes.
 */
async function dropUndeliveredSeats(db: Queryable, subscriptionAccountId: number, requestedQuantity: number): Promise<void> {
  const [subscription] = await db.select({ quantity: subscriptions.quantity }).from(subscriptions).where(eq(subscriptions.accountId, subscriptionAccountId)).limit(1);
  const added = requestedQuantity - (subscription?.quantity ?? requestedQuantity);
  if (added <= 0) return;
  const [batch] = await db
    .select({ id: subscriptionSeatBatches.id })
    .from(subscriptionSeatBatches)
    .where(
      and(
        eq(subscriptionSeatBatches.subscriptionAccountId, subscriptionAccountId),
        eq(subscriptionSeatBatches.kind, 'Addition'),
        eq(subscriptionSeatBatches.quantity, added),
        eq(subscriptionSeatBatches.refundableQuantity, added),
      ),
    )
    .orderBy(desc(subscriptionSeatBatches.id))
    .limit(1);
  if (batch) await db.delete(subscriptionSeatBatches).where(eq(subscriptionSeatBatches.id, batch.id));
}
