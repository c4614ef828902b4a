import type { ChangeCreditCheck } from '@cmp/contracts/orders';
import { auditAccountChange } from '../platform/audit';
import type { Queryable } from '../platform/db/database';
import type { SignedInContext } from '../platform/operations';
import { REPLAYED_HEADER } from '../platform/idempotency';
import type { AccountRow } from '../platform/session';
import { mailOrderPlaced } from '../orders/orderMail';
import { orderDetail } from '../orders/orderQueries';

// What holding a change for approval tells (issue 30 item 2), as placing an order over the limit does:
// the audit entry of the order it became, in the transaction; the orderer's and the approvers' mails
// after the commit (the live event is written with the change request: changeRequests.ts holdChange).

export async function auditHeldChange(tx: Queryable, ctx: SignedInContext, account: AccountRow, check: ChangeCreditCheck, details: Record<string, unknown>): Promise<void> {
  await auditAccountChange(tx, ctx, 'OrderPlaced', account, {
    OrderId: check.OrderId,
    ...details,
    OrderValue: check.ChangeValue,
    Currency: check.Currency,
    ApprovalStatus: 'Pending',
    SubscriptionAccountId: account.id,
  });
}

/** After the commit of a change held for approval (not for a replayed answer: its mails went). */
export async function mailHeldChange(ctx: SignedInContext, check: ChangeCreditCheck | null): Promise<void> {
  if (check?.OrderId == null || ctx.reply.getHeader(REPLAYED_HEADER) !== undefined) return;
  const order = await orderDetail(ctx.db, ctx.caller, check.OrderId);
  if (order) await mailOrderPlaced(ctx.db, ctx.mailer, order, ctx.caller);
}
