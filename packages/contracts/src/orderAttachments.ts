import { z } from 'zod';
import { ATTACHMENT_FILE_NAME_MAX_LENGTH, CUSTOM_CHARGE_CHECKS, attachmentContentBase64Schema, attachmentExtension } from './customCharges';

// Order attachments (issue 14 "Orders carry … attachments (doc, docx, xls, xlsx, pdf; size limit;
// safe names)"; spec §3 Order, §5 "Order attachments: doc, docx, xls, xlsx, pdf"). The same types,
// size limit and content checks as a custom charge's attachment (customCharges.ts); an order holds
// several. Whoever may see the order lists and downloads them; its orderer, or an Account Manager
// who decides the company's orders, adds and deletes them while the order is Pending.

/** At most this many attachments per order. */
export const MAX_ATTACHMENTS_PER_ORDER = 10;

// Control characters and the invisible direction marks that make "report‮fdp.exe" look like a pdf.
const UNSAFE_CHARACTERS = /[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/**
 * The name an attachment is stored and shown under (spec §5 safe names): only the last part of a
 * path ("C:\\Users\\me\\offer.pdf" is "offer.pdf"), without control or direction characters, and
 * with runs of white space made one space.
 */
export function safeAttachmentName(fileName: string): string {
  const lastPart = fileName.split(/[\\/]/).pop() ?? '';
  return lastPart.replace(UNSAFE_CHARACTERS, '').replace(/\s+/g, ' ').trim();
}

const orderIdSchema = z.number().int().positive();
export const orderAttachmentIdSchema = z.number().int().positive();

export const addOrderAttachmentRequestSchema = z
  .object({
    orderId: orderIdSchema,
    /** Any name the user's system gave the file: it is made safe (safeAttachmentName), then must end in an allowed extension. */
    fileName: z
      .string()
      .max(1000, CUSTOM_CHARGE_CHECKS.tooLong)
      .transform(safeAttachmentName)
      .pipe(
        z
          .string()
          .min(1, CUSTOM_CHARGE_CHECKS.required)
          .max(ATTACHMENT_FILE_NAME_MAX_LENGTH, CUSTOM_CHARGE_CHECKS.tooLong)
          .refine((name) => attachmentExtension(name) !== undefined, CUSTOM_CHARGE_CHECKS.fileType),
      ),
    /** The type the browser declared; without it, the extension's own. Checked against the extension either way. */
    contentType: z.string().trim().min(1, CUSTOM_CHARGE_CHECKS.required).max(200, CUSTOM_CHARGE_CHECKS.tooLong).optional(),
    contentBase64: attachmentContentBase64Schema,
  })
  .strict();
export type AddOrderAttachmentRequest = z.input<typeof addOrderAttachmentRequestSchema>;

export const getOrderAttachmentsRequestSchema = z.object({ orderId: orderIdSchema }).strict();
export const orderAttachmentRequestSchema = z.object({ attachmentId: orderAttachmentIdSchema }).strict();

export const orderAttachmentSchema = z.object({
  AttachmentId: z.number().int(),
  OrderId: z.number().int(),
  FileName: z.string(),
  ContentType: z.string(),
  SizeBytes: z.number().int(),
  CreatedByName: z.string(),
  /** ISO 8601 in UTC. */
  CreatedAt: z.string(),
});
export type OrderAttachment = z.infer<typeof orderAttachmentSchema>;

export const addOrderAttachmentResponseSchema = z.object({ Attachment: orderAttachmentSchema });

export const getOrderAttachmentsResponseSchema = z.object({
  Attachments: z.array(orderAttachmentSchema),
  /** Whether the caller may add and delete attachments now: the orderer or an Account Manager, while the order is Pending. */
  CanEdit: z.boolean(),
  MaxAttachments: z.number().int(),
});
export type OrderAttachmentList = z.infer<typeof getOrderAttachmentsResponseSchema>;

export const downloadOrderAttachmentResponseSchema = z.object({
  /** The stored name made safe for a download (spec §5: word characters and hyphens, at most 200). */
  FileName: z.string(),
  ContentType: z.string(),
  ContentBase64: z.string(),
});

export const deleteOrderAttachmentResponseSchema = z.object({ AttachmentId: z.number().int(), OrderId: z.number().int() });
