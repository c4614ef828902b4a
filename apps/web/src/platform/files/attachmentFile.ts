import { ATTACHMENT_CONTENT_TYPES, ATTACHMENT_EXTENSIONS, attachmentExtension, type CustomChargeAttachmentInput } from '@cmp/contracts/customCharges';

// A file attached to a custom charge or to an order, as the contract takes it: both features send
// the same attachment shape, checked again by the server.

/** What the file picker accepts: the extensions and their content types. */
export const ATTACHMENT_ACCEPT = [...ATTACHMENT_EXTENSIONS.map((extension) => `.${extension}`), ...Object.values(ATTACHMENT_CONTENT_TYPES).flat()].join(',');

/** The file's bytes in base64, read by the browser (a data: URL without its prefix). */
function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).slice(String(reader.result).indexOf(',') + 1));
    reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'));
    reader.readAsDataURL(file);
  });
}

/** The file as the API takes it; a browser that reports no type gets the extension's own (the server checks the bytes). */
export async function attachmentOf(file: File): Promise<CustomChargeAttachmentInput> {
  const extension = attachmentExtension(file.name)!;
  const declared = file.type && file.type !== 'application/octet-stream' ? file.type : ATTACHMENT_CONTENT_TYPES[extension][0]!;
  return { FileName: file.name, ContentType: declared, ContentBase64: await base64Of(file) };
}
