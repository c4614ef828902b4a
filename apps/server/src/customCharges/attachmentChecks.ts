import { randomUUID } from 'node:crypto';
import {
  ATTACHMENT_CONTENT_TYPES,
  MAX_ATTACHMENT_BYTES,
  attachmentExtension,
  type AttachmentExtension,
  type CustomChargeAttachmentInput,
} from '@cmp/contracts/customCharges';
import { ApiError } from '../platform/errors';
import { safeFileName } from '../platform/excel';

// A charge's attachment (DESIGN.md "Uploads"): size limit, extension AND declared content type AND
// the file's first bytes checked, stored under a server-generated name; the user's file name is
// only shown, and sanitised (spec §5) when it is downloaded.

const PDF = Buffer.from('%PDF-', 'latin1');
/** The OLE2 compound file of the legacy Office formats (doc, xls). */
const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
/** A ZIP local file header: the Office Open XML packages (docx, xlsx). */
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** Whether the content is a file of the extension's kind, by its first bytes (and an OOXML package's main part). */
export function hasExpectedSignature(extension: AttachmentExtension, content: Buffer): boolean {
  switch (extension) {
    case 'pdf':
      return content.subarray(0, PDF.length).equals(PDF);
    case 'doc':
    case 'xls':
      return content.subarray(0, OLE2.length).equals(OLE2);
    case 'docx':
      return content.subarray(0, ZIP.length).equals(ZIP) && content.includes('word/', 0, 'latin1');
    case 'xlsx':
      return content.subarray(0, ZIP.length).equals(ZIP) && content.includes('xl/', 0, 'latin1');
  }
}

/** "512 KB": the limit as the message states it. */
export const attachmentLimitText = () => `${Math.round(MAX_ATTACHMENT_BYTES / 1024)} KB`;

export interface CheckedAttachment {
  fileName: string;
  storageName: string;
  contentType: string;
  content: Buffer;
}

/** The attachment decoded and checked, or 400 saying what is wrong with it. */
export function checkAttachment(input: CustomChargeAttachmentInput): CheckedAttachment {
  const fileName = input.FileName;
  const extension = attachmentExtension(fileName);
  if (!extension) throw new ApiError(400, 'custom_charge_attachment_type', { fileName });
  const content = Buffer.from(input.ContentBase64, 'base64');
  if (content.length > MAX_ATTACHMENT_BYTES) throw new ApiError(400, 'file_too_large', { limit: attachmentLimitText() });
  // The declared type without parameters ("application/pdf; name=x" is application/pdf).
  const contentType = input.ContentType.split(';')[0]!.trim().toLowerCase();
  if (!ATTACHMENT_CONTENT_TYPES[extension].includes(contentType) || content.length === 0 || !hasExpectedSignature(extension, content)) {
    throw new ApiError(400, 'custom_charge_attachment_content', { fileName, extension });
  }
  return { fileName, storageName: `${randomUUID()}.${extension}`, contentType, content };
}

/** spec §5: the download name keeps the extension, the rest becomes word characters and hyphens, at most 200. */
export function downloadFileName(fileName: string): string {
  const extension = attachmentExtension(fileName);
  if (!extension) return safeFileName(fileName, 'bin');
  return safeFileName(fileName.trim().slice(0, -extension.length - 1), extension);
}
