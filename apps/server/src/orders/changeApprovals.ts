import type { OrderKind } from '@cmp/contracts/orders';
import type { Tx } from '../platform/db/database';
import { ApiError } from '../platform/errors';
import type { SignedInContext } from '../platform/operations';
import type { OrderRow } from './orderStateMachine';

// Approving a change request (issue 30 item 2) makes the change it holds. The changes are the
// subscriptions' (a layer above orders, which they price through), so the subscriptions module hands
// its appliers in where the server is put together (app.ts) instead of orders importing upward.

/** Makes an approved change request's change in the deciding transaction; its provisioning requests name the order. */
export type ChangeApplier = (tx: Tx, order: OrderRow, ctx: SignedInContext) => Promise<void>;

/** Per kind: what approving does, and what declining or cancelling does besides leaving the subscription as it is. */
export interface ChangeHandlers {
  approve: ChangeApplier;
  decline?: ChangeApplier;
}

let handlers: Partial<Record<Exclude<OrderKind, 'New'>, ChangeHandlers>> = {};

export function setChangeAppliers(given: Record<Exclude<OrderKind, 'New'>, ChangeHandlers>): void {
  handlers = given;
}

function handlersOf(order: OrderRow): ChangeHandlers {
  const found = order.kind === 'New' ? undefined : handlers[order.kind];
  // A server put together without the appliers is a programming error, not the caller's.
  if (!found) throw new ApiError(500, 'unknown_error');
  return found;
}

export async function applyApprovedChange(tx: Tx, order: OrderRow, ctx: SignedInContext): Promise<void> {
  await handlersOf(order).approve(tx, order, ctx);
}

export async function settleRefusedChange(tx: Tx, order: OrderRow, ctx: SignedInContext): Promise<void> {
  await handlersOf(order).decline?.(tx, order, ctx);
}
