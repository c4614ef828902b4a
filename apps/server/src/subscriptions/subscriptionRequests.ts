import type { Queryable } from '../platform/db/database';
import { provisioningRequests } from '../platform/db/schema';

// The vendor requests a subscription's later life sends (issue 14): a quantity change, a renewal, an
// upgrade and a termination each leave one provisioning request; its job is sent after the commit
// (enqueueProvisioning), or by the provisioning sweeper when the work runs inside a job.

export type SubscriptionRequestAction = 'Create' | 'Modify' | 'Terminate';

export interface SubscriptionRequest {
  subscriptionAccountId: number;
  /** The company the subscription belongs to (the vendor's customer). */
  companyAccountId: number;
  productName: string;
  action: SubscriptionRequestAction;
  quantity: number;
  /** null when a job (the renewal, a scheduled termination) asks for it. */
  createdByAccountId: number | null;
  now: Date;
  /** The order the request delivers; null for a change of an existing subscription. */
  orderId?: number | null;
}

/** Inserts the request, Submitted and due at once; answers its id. */
export async function insertSubscriptionRequest(db: Queryable, request: SubscriptionRequest): Promise<number> {
  const [row] = await db
    .insert(provisioningRequests)
    .values({
      orderId: request.orderId ?? null,
      companyAccountId: request.companyAccountId,
      subscriptionAccountId: request.subscriptionAccountId,
      productName: request.productName,
      action: request.action,
      quantity: request.quantity,
      orderStatus: 'Submitted',
      productStatus: 'Pending',
      customerId: `company-${request.companyAccountId}`,
      createdByAccountId: request.createdByAccountId,
      nextAttemptAt: request.now,
    })
    .returning({ id: provisioningRequests.id });
  return row!.id;
}
