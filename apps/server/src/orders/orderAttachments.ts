import { asc, count, eq } from 'drizzle-orm';
import { ATTACHMENT_CONTENT_TYPES, MAX_ATTACHMENT_BYTES, attachmentExtension } from '@cmp/contracts/customCharges';
import {
  MAX_ATTACHMENTS_PER_ORDER,
  addOrderAttachmentRequestSchema,
  addOrderAttachmentResponseSchema,
  deleteOrderAttachmentResponseSchema,
  downloadOrderAttachmentResponseSchema,
  getOrderAttachmentsRequestSchema,
  getOrderAttachmentsResponseSchema,
  orderAttachmentRequestSchema,
  type OrderAttachment,
} from '@cmp/contracts/orderAttachments';
import type { Queryable } from '../platform/db/database';
import { accounts, orderAttachments, orders } from '../platform/db/schema';
import { ApiError, accessDenied } from '../platform/errors';
import { auditAccountChange } from '../platform/audit';
import { defineOperation, type OperationDefinition } from '../platform/operations';
import type { CallerSession } from '../platform/session';
import { checkAttachment, downloadFileName } from '../customCharges/attachmentChecks';
import { mayDecideOrdersOf, orderDetail } from './orderQueries';

// Order attachments (issue 14; spec §3 Order "attachments", §5 "doc, docx, xls, xlsx, pdf; size limit; safe names").
// The checks are those of a custom charge's attachment (customCharges/attachmentChecks.ts): extension,
// declared content type and the file's first bytes, the size limit. Access follows the order:
// whoever may see it (visibleOrders) lists and downloads; its orderer, or an Account Manager who
// decides the company's orders, adds and deletes while it is Pending. A foreign, a missing and an
// invisible order or attachment answer the same 403.

interface VisibleOrder {
  id: number;
  companyAccountId: number;
  companyPath: string;
  createdByAccountId: number;
  approvalStatus: string;
}

/** The order if the caller may see it, else 403. */
async function requireVisibleOrder(db: Queryable, caller: CallerSession, orderId: number): Promise<VisibleOrder> {
  const order = await orderDetail(db, caller, orderId);
  if (!order) throw accessDenied();
  const [company] = await db.select({ path: accounts.path }).from(accounts).where(eq(accounts.id, order.CompanyAccountId)).limit(1);
  return { id: order.Id, companyAccountId: order.CompanyAccountId, companyPath: company?.path ?? '', createdByAccountId: order.CreatedByAccountId, approvalStatus: order.ApprovalStatus };
}

/** The orderer or an Account Manager over the company may change the attachments (while Pending). */
const mayEditAttachments = (caller: CallerSession, order: VisibleOrder) => order.createdByAccountId === caller.userAccount.id || mayDecideOrdersOf(caller, order.companyPath);

/** The attachment's order, when the caller may see it; else 403, alike for a missing attachment. */
async function requireVisibleAttachment(db: Queryable, caller: CallerSession, attachmentId: number) {
  const [row] = await db.select({ orderId: orderAttachments.orderId, fileName: orderAttachments.fileName }).from(orderAttachments).where(eq(orderAttachments.id, attachmentId)).limit(1);
  if (!row) throw accessDenied();
  return { order: await requireVisibleOrder(db, caller, row.orderId), fileName: row.fileName };
}

/** Locks the order row for the change and answers 409 when it was decided meanwhile (approve racing an upload). */
async function lockPendingOrder(tx: Queryable, orderId: number): Promise<void> {
  const [locked] = await tx.select({ status: orders.approvalStatus }).from(orders).where(eq(orders.id, orderId)).for('update');
  if (locked?.status !== 'Pending') throw new ApiError(409, 'order_attachment_not_pending', { orderId: String(orderId), status: locked?.status ?? '' });
}

const creator = accounts;
async function attachmentsOf(db: Queryable, orderId: number, attachmentId?: number): Promise<OrderAttachment[]> {
  const rows = await db
    .select({
      id: orderAttachments.id,
      orderId: orderAttachments.orderId,
      fileName: orderAttachments.fileName,
      contentType: orderAttachments.contentType,
      size: orderAttachments.size,
      createdAt: orderAttachments.createdAt,
      creatorName: creator.displayName,
    })
    .from(orderAttachments)
    .leftJoin(creator, eq(creator.id, orderAttachments.createdByAccountId))
    .where(attachmentId === undefined ? eq(orderAttachments.orderId, orderId) : eq(orderAttachments.id, attachmentId))
    .orderBy(asc(orderAttachments.createdAt), asc(orderAttachments.id));
  return rows.map((row) => ({
    AttachmentId: row.id,
    OrderId: row.orderId,
    FileName: row.fileName,
    ContentType: row.contentType,
    SizeBytes: row.size,
    CreatedByName: row.creatorName ?? '',
    CreatedAt: row.createdAt.toISOString(),
  }));
}

const addOrderAttachment = defineOperation({
  service: 'IAccountService',
  operation: 'AddOrderAttachment',
  keepsSessions: true,
  summary: `Attaches a file to a Pending order (orderId; fileName — made safe: its last path part without control characters; contentBase64; contentType optional): doc, docx, xls, xlsx or pdf, at most ${MAX_ATTACHMENT_BYTES / 1024} KB, its content checked against its type; at most ${MAX_ATTACHMENTS_PER_ORDER} per order. The orderer or an Account Manager over the company; a decided order answers 409. Audited.`,
  request: addOrderAttachmentRequestSchema,
  response: addOrderAttachmentResponseSchema,
  async handler(input, ctx) {
    const { db, caller } = ctx;
    const order = await requireVisibleOrder(db, caller, input.orderId);
    if (!mayEditAttachments(caller, order)) throw accessDenied();
    const extension = attachmentExtension(input.fileName);
    // A browser that reports no type: the extension's own (the bytes are checked all the same).
    const declared = input.contentType ?? (extension ? ATTACHMENT_CONTENT_TYPES[extension][0]! : '');
    const file = checkAttachment({ FileName: input.fileName, ContentType: declared, ContentBase64: input.contentBase64 });
    const attachmentId = await db.transaction(async (tx) => {
      await lockPendingOrder(tx, order.id);
      const [{ attached } = { attached: 0 }] = await tx.select({ attached: count() }).from(orderAttachments).where(eq(orderAttachments.orderId, order.id));
      if (attached >= MAX_ATTACHMENTS_PER_ORDER) throw new ApiError(400, 'order_attachment_limit', { orderId: String(order.id), max: String(MAX_ATTACHMENTS_PER_ORDER) });
      const [inserted] = await tx
        .insert(orderAttachments)
        .values({ orderId: order.id, fileName: file.fileName, contentType: file.contentType, size: file.content.length, content: file.content, createdByAccountId: caller.userAccount.id })
        .returning({ id: orderAttachments.id });
      await auditAccountChange(tx, ctx, 'OrderAttachmentAdded', { id: order.companyAccountId, path: order.companyPath }, { OrderId: order.id, FileName: file.fileName, SizeBytes: file.content.length });
      return inserted!.id;
    });
    const [attachment] = await attachmentsOf(db, order.id, attachmentId);
    return { Attachment: attachment! };
  },
});

const getOrderAttachments = defineOperation({
  service: 'IAccountService',
  operation: 'GetOrderAttachments',
  readOnly: true,
  summary: 'The attachments of an order the caller may see (orderId): name, type, size, who added it and when; CanEdit when the caller may add and delete them now (the orderer or an Account Manager, while the order is Pending).',
  request: getOrderAttachmentsRequestSchema,
  response: getOrderAttachmentsResponseSchema,
  async handler(input, { db, caller }) {
    const order = await requireVisibleOrder(db, caller, input.orderId);
    return {
      Attachments: await attachmentsOf(db, order.id),
      CanEdit: order.approvalStatus === 'Pending' && mayEditAttachments(caller, order),
      MaxAttachments: MAX_ATTACHMENTS_PER_ORDER,
    };
  },
});

const downloadOrderAttachment = defineOperation({
  service: 'IAccountService',
  operation: 'DownloadOrderAttachment',
  readOnly: true,
  summary: 'One attachment of an order the caller may see (attachmentId): its content in base64, its type and a safe file name (spec §5: word characters and hyphens, the extension kept).',
  request: orderAttachmentRequestSchema,
  response: downloadOrderAttachmentResponseSchema,
  async handler(input, { db, caller }) {
    await requireVisibleAttachment(db, caller, input.attachmentId);
    const [file] = await db.select().from(orderAttachments).where(eq(orderAttachments.id, input.attachmentId)).limit(1);
    if (!file) throw accessDenied();
    return { FileName: downloadFileName(file.fileName), ContentType: file.contentType, ContentBase64: Buffer.from(file.content).toString('base64') };
  },
});

const deleteOrderAttachment = defineOperation({
  service: 'IAccountService',
  operation: 'DeleteOrderAttachment',
  keepsSessions: true,
  summary: 'Deletes an attachment (attachmentId) of a Pending order: the orderer or an Account Manager over the company; a decided order answers 409 and keeps it. Audited.',
  request: orderAttachmentRequestSchema,
  response: deleteOrderAttachmentResponseSchema,
  async handler(input, ctx) {
    const { db, caller } = ctx;
    const { order, fileName } = await requireVisibleAttachment(db, caller, input.attachmentId);
    if (!mayEditAttachments(caller, order)) throw accessDenied();
    await db.transaction(async (tx) => {
      await lockPendingOrder(tx, order.id);
      const deleted = await tx.delete(orderAttachments).where(eq(orderAttachments.id, input.attachmentId)).returning({ id: orderAttachments.id });
      // Deleted by a second click meanwhile: nothing left to delete, nothing to audit.
      if (deleted.length === 0) throw accessDenied();
      await auditAccountChange(tx, ctx, 'OrderAttachmentDeleted', { id: order.companyAccountId, path: order.companyPath }, { OrderId: order.id, FileName: fileName });
    });
    return { AttachmentId: input.attachmentId, OrderId: order.id };
  },
});

export const orderAttachmentOperations: OperationDefinition[] = [addOrderAttachment, getOrderAttachments, downloadOrderAttachment, deleteOrderAttachment];
