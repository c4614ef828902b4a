import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  getOrderAttachmentsResponseSchema,
  type addOrderAttachmentResponseSchema,
  type deleteOrderAttachmentResponseSchema,
  type downloadOrderAttachmentResponseSchema,
  type OrderAttachmentList,
} from '@cmp/contracts/orderAttachments';
import { callOperation } from '../../platform/api/callOperation';
import { attachmentOf } from '../../platform/files/attachmentFile';
import { ordersQueryKey } from './ordersApi';

// Order attachments (issue 14; spec §5 "Order attachments: doc, docx, xls, xlsx, pdf"): the file
// travels base64-encoded in the JSON body, read by the browser as a custom charge's attachment is.

const SERVICE = 'IAccountService';

export type AddedOrderAttachment = z.infer<typeof addOrderAttachmentResponseSchema>;
export type DownloadedOrderAttachment = z.infer<typeof downloadOrderAttachmentResponseSchema>;
export type DeletedOrderAttachment = z.infer<typeof deleteOrderAttachmentResponseSchema>;

/** Under the orders' key: a decision (approve, decline, cancel) refreshes whether attachments may still change. */
export const orderAttachmentsQueryKey = (orderId: number) => [...ordersQueryKey, 'attachments', orderId] as const;

/** The attachments of one order and whether the caller may add and delete them now. */
export function useOrderAttachments(orderId: number) {
  return useQuery({
    queryKey: orderAttachmentsQueryKey(orderId),
    queryFn: async ({ signal }) => {
      const answer = await callOperation<unknown>(SERVICE, 'GetOrderAttachments', { orderId }, { suppressErrorToast: true, signal });
      // Read through the contract: an answer of another shape is a failure the section shows, not a broken dialog.
      const parsed = getOrderAttachmentsResponseSchema.safeParse(answer);
      if (!parsed.success) throw new Error('');
      return parsed.data satisfies OrderAttachmentList;
    },
  });
}

/** Uploads a file the caller picked (its type and size already checked); a refusal rejects with the server's message. */
export async function addOrderAttachment(orderId: number, file: File): Promise<AddedOrderAttachment> {
  const { FileName, ContentType, ContentBase64 } = await attachmentOf(file);
  return callOperation<AddedOrderAttachment>(SERVICE, 'AddOrderAttachment', { orderId, fileName: FileName, contentType: ContentType, contentBase64: ContentBase64 }, { suppressErrorToast: true });
}

export const downloadOrderAttachment = (attachmentId: number) =>
  callOperation<DownloadedOrderAttachment>(SERVICE, 'DownloadOrderAttachment', { attachmentId }, { suppressErrorToast: true });

export const deleteOrderAttachment = (attachmentId: number) => callOperation<DeletedOrderAttachment>(SERVICE, 'DeleteOrderAttachment', { attachmentId }, { suppressErrorToast: true });
