import { requirement, type CapabilityRequirement } from '@cmp/contracts/capabilities';
import type { Order, OrderPriceLine, OrderRequest } from '@cmp/contracts/orders';
import type { Queryable } from '../platform/db/database';
import { ApiError } from '../platform/errors';
import { requireAccountInHierarchy } from '../platform/access';
import { REPLAYED_HEADER, withIdempotency } from '../platform/idempotency';
import type { SignedInContext } from '../platform/operations';
import { findCompanyAccount, type AccountRow, type CallerSession } from '../platform/session';
import { placeOrderWithDetail, sendOrderProvisioning, type PlacedOrder } from './placeOrder';
import { mailOrderPlaced } from './orderMail';
import { checkOrderViewValues } from './orderViewValues';
import { orderApproversOf, recordBusinessEvent } from '../realtime/businessEvents';
import { sendProvisioning } from '../provisioning/queue';

// An order placed by a caller, with everything that follows it: the one way a subscription comes to
// be. PlaceOrder is it; CreateAccount of a Product account is it too (issue 30: a created Product
// account used to start Active with no order, no credit check and nothing provisioned at the vendor).

/** Ordering a service is creating a Product account (spec §2: "Create on product account (order service)"). */
export const ORDER_RULE: CapabilityRequirement = requirement('PRODUCT_ACCOUNT', ['Create']);

/** The account ordered for (in the caller's hierarchy) and its company. */
export async function orderTarget(db: Queryable, caller: CallerSession, accountId: number, rule?: CapabilityRequirement): Promise<{ parent: AccountRow; company: AccountRow }> {
  const parent = await requireAccountInHierarchy(db, caller, accountId, rule);
  const company = parent.type === 'Company' ? parent : await findCompanyAccount(db, parent);
  if (!company || company.type !== 'Company') throw new ApiError(400, 'order_parent_type', { productName: '', accountType: parent.type, allowed: 'Company, Department, User' });
  return { parent, company };
}

/**
 * Places the order `input` as the caller (Idempotency-Key honoured under `operation`): the product's
 * fields checked, priced and credit-checked in one transaction, a pending order announced to its
 * approvers; after the commit its provisioning is sent and the mails delivered.
 */
export async function placeOrderAsCaller(ctx: SignedInContext, operation: string, input: OrderRequest): Promise<{ Order: Order & { Lines: OrderPriceLine[] } }> {
  const { parent, company } = await orderTarget(ctx.db, ctx.caller, input.parentAccountId, ORDER_RULE);
  // Before the key is claimed: a refused field is not stored as the key's answer (the key's body stays the input).
  const viewValues = await checkOrderViewValues(ctx.db, input.productName, input.viewValues, ctx.locale, ctx.caller);
  let toSend: number[] | undefined;
  let mail: PlacedOrder['mail'];
  const answer = await withIdempotency(ctx, operation, input, async (tx) => {
    const placed = await placeOrderWithDetail(tx, ctx.caller, ctx.locale, { ...input, viewValues }, parent, company, { audit: ctx, ordererMail: true });
    const { order, detail } = placed;
    toSend = placed.provisioningRequestIds;
    mail = placed.mail;
    if (order.approvalStatus === 'Pending') {
      await recordBusinessEvent(tx, {
        event: 'OrderAwaitsApproval',
        values: { orderId: String(order.id), service: detail.ProductDisplayName, company: detail.CompanyName },
        link: '/orders/request-review',
        userAccountIds: await orderApproversOf(tx, order.sellerAccountId),
      });
    }
    return { Order: detail };
  });
  // Placed now: its requests are known. A replayed answer: whatever of its requests still waits.
  if (toSend) await sendProvisioning(ctx.request.server.jobs, toSend);
  else await sendOrderProvisioning(ctx.db, ctx.request.server.jobs, answer.Order.Id);
  // Placed now: the orderer's mail was written with the order (delivered now with SMTP_URL); the seller's Account Managers hear of a pending one.
  if (ctx.reply.getHeader(REPLAYED_HEADER) === undefined) {
    if (mail) await ctx.mailer.deliver(mail.id, mail.message);
    await mailOrderPlaced(ctx.db, ctx.mailer, answer.Order, ctx.caller, { ordererMailed: true });
  }
  return answer;
}
