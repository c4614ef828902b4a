import type { OperationDefinition } from '../platform/operations';

// Order attachments (issue 14; spec §3 Order "attachments", §5 "doc, docx, xls, xlsx, pdf; size limit; safe names").

export const orderAttachmentOperations: OperationDefinition[] = [];
