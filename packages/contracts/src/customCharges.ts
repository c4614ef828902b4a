import { z } from 'zod';
import { accountIdSchema } from './accounts';
import { SORT_DIRECTIONS, XLSX_CONTENT_TYPE, pagingSchema } from './users';

// Custom charges (issue 13; spec §3 "Custom charge", §4, §5): one-off amounts a reseller adds to a
// customer company's next invoice — name, price, cost, description, an optional attachment, who
// added it and when (UTC). Pending billing until the monthly billing run bills them; only pending
// ones can be deleted. Amounts are decimal strings, positive or negative (spec §5), in the
// company's currency at its minor unit (checked on the server, which knows the currency).

export const CUSTOM_CHARGE_STATUSES = ['PendingBilling', 'Billed'] as const;
export type CustomChargeStatus = (typeof CUSTOM_CHARGE_STATUSES)[number];

export const CUSTOM_CHARGE_SORT_FIELDS = ['Name', 'Price', 'Cost', 'Status', 'CreatedBy', 'CreatedAt'] as const;
export type CustomChargeSortField = (typeof CUSTOM_CHARGE_SORT_FIELDS)[number];

export const CUSTOM_CHARGE_NAME_MAX_LENGTH = 100;
export const CUSTOM_CHARGE_DESCRIPTION_MAX_LENGTH = 1000;
export const ATTACHMENT_FILE_NAME_MAX_LENGTH = 255;

/**
 * The largest attachment, in bytes. It travels base64-encoded inside the JSON body (4/3 of its
 * size), and every operation's body is limited to BODY_LIMIT_BYTES (1 MiB by default): 512 KiB
 * leaves room for the encoding and the other fields.
 */
export const MAX_ATTACHMENT_BYTES = 512 * 1024;

/** spec §5 "Order attachments: doc, docx, xls, xlsx, pdf": the same types for a charge's attachment. */
export const ATTACHMENT_EXTENSIONS = ['doc', 'docx', 'xls', 'xlsx', 'pdf'] as const;
export type AttachmentExtension = (typeof ATTACHMENT_EXTENSIONS)[number];

/** The content types each extension may declare (the server also checks the file's first bytes). */
export const ATTACHMENT_CONTENT_TYPES: Record<AttachmentExtension, readonly string[]> = {
  doc: ['application/msword'],
  docx: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  xls: ['application/vnd.ms-excel'],
  xlsx: [XLSX_CONTENT_TYPE],
  pdf: ['application/pdf'],
};

/** The extension of a file name, lower case, when it is one an attachment may have. */
export function attachmentExtension(fileName: string): AttachmentExtension | undefined {
  const extension = /\.([A-Za-z]{3,4})$/.exec(fileName.trim())?.[1]?.toLowerCase();
  return ATTACHMENT_EXTENSIONS.find((allowed) => allowed === extension);
}

/** The messages the contract's checks give; the portal shows each in the user's language. */
export const CUSTOM_CHARGE_CHECKS = {
  required: 'is required',
  tooLong: 'is too long',
  amount: 'expected an amount such as 12.50 or -12.50',
  nonZero: 'must not be zero',
  fileType: 'only doc, docx, xls, xlsx and pdf files',
  base64: 'expected the file content in base64',
} as const;

/**
 * An amount as a decimal string, positive or negative (spec §5 "Custom charges may be positive or
 * negative"): at most 12 digits before the point (numeric(14,2)) and 3 after; the currency's minor
 * unit decides how many decimals are allowed (the server checks it).
 */
export const signedAmountSchema = z
  .string()
  .trim()
  .min(1, CUSTOM_CHARGE_CHECKS.required)
  .regex(/^-?\d{1,12}(\.\d{1,3})?$/, CUSTOM_CHARGE_CHECKS.amount);

// No control characters in names shown in tables and sent back in Content-Disposition.
const CONTROL_CHARACTERS = /\p{Cc}/u;

/** An attachment's bytes in base64 (a charge's and an order's attachments alike). */
export const attachmentContentBase64Schema = z
  .string()
  .min(1, CUSTOM_CHARGE_CHECKS.required)
  // The body limit bounds it first; twice the encoded limit leaves the exact size check (with its message) to the server.
  .max(Math.ceil(MAX_ATTACHMENT_BYTES / 3) * 8, CUSTOM_CHARGE_CHECKS.tooLong)
  .regex(/^[A-Za-z0-9+/]+={0,2}$/, CUSTOM_CHARGE_CHECKS.base64);

export const customChargeAttachmentInputSchema = z
  .object({
    FileName: z
      .string()
      .trim()
      .min(1, CUSTOM_CHARGE_CHECKS.required)
      .max(ATTACHMENT_FILE_NAME_MAX_LENGTH, CUSTOM_CHARGE_CHECKS.tooLong)
      .refine((name) => !CONTROL_CHARACTERS.test(name) && !/[\\/]/.test(name), 'may not contain slashes or control characters')
      .refine((name) => attachmentExtension(name) !== undefined, CUSTOM_CHARGE_CHECKS.fileType),
    ContentType: z.string().trim().min(1, CUSTOM_CHARGE_CHECKS.required).max(200, CUSTOM_CHARGE_CHECKS.tooLong),
    ContentBase64: attachmentContentBase64Schema,
  })
  .strict();
export type CustomChargeAttachmentInput = z.infer<typeof customChargeAttachmentInputSchema>;

/** `customCharge` of CreateCustomCharge: the charge as the reseller enters it. */
export const customChargeInputSchema = z
  .object({
    Name: z.string().trim().min(1, CUSTOM_CHARGE_CHECKS.required).max(CUSTOM_CHARGE_NAME_MAX_LENGTH, CUSTOM_CHARGE_CHECKS.tooLong),
    Price: signedAmountSchema.refine((amount) => !/^-?0+(\.0+)?$/.test(amount), CUSTOM_CHARGE_CHECKS.nonZero),
    Cost: signedAmountSchema,
    Description: z.string().trim().max(CUSTOM_CHARGE_DESCRIPTION_MAX_LENGTH, CUSTOM_CHARGE_CHECKS.tooLong).optional(),
    Attachment: customChargeAttachmentInputSchema.optional(),
  })
  .strict();
export type CustomChargeInput = z.infer<typeof customChargeInputSchema>;

export const createCustomChargeRequestSchema = z.object({ accountId: accountIdSchema, customCharge: customChargeInputSchema }).strict();
export type CreateCustomChargeRequest = z.input<typeof createCustomChargeRequestSchema>;

export const customChargeIdSchema = z.number().int().positive();
export const deleteCustomChargeRequestSchema = z.object({ customChargeId: customChargeIdSchema }).strict();

export const getCustomChargesRequestSchema = z
  .object({
    accountId: accountIdSchema,
    filter: z
      .object({
        Status: z.enum(CUSTOM_CHARGE_STATUSES).optional(),
        /** Part of the name or the description, case-insensitive. */
        Text: z.string().trim().max(100).optional(),
      })
      .strict()
      .default({}),
    sortBy: z.enum(CUSTOM_CHARGE_SORT_FIELDS).default('CreatedAt'),
    sortDirection: z.enum(SORT_DIRECTIONS).default('desc'),
    ...pagingSchema,
  })
  .strict();
export type GetCustomChargesRequest = z.input<typeof getCustomChargesRequestSchema>;

export const customChargeAttachmentSchema = z.object({
  FileName: z.string(),
  ContentType: z.string(),
  SizeBytes: z.number().int(),
  /** GET it with the session cookie: the file, with a safe Content-Disposition name (spec §5). */
  DownloadUrl: z.string(),
});

export const customChargeSchema = z.object({
  CustomChargeId: z.number().int(),
  AccountId: z.number().int(),
  Name: z.string(),
  Description: z.string(),
  Price: z.string(),
  /**
   * What the charge costs its seller. Only the seller's side sees it (the reseller that sells to
   * the company, and accounts above it — isSellerOf on the server): the company's own users never
   * get the field, so a buyer cannot learn its reseller's margin (issue 30).
   */
  Cost: z.string().optional(),
  Currency: z.string(),
  Status: z.enum(CUSTOM_CHARGE_STATUSES),
  CreatedByAccountId: z.number().int(),
  CreatedByName: z.string(),
  /** ISO 8601 in UTC (spec §3 "date created (UTC)"). */
  CreatedAt: z.string(),
  BilledAt: z.string().nullable(),
  Attachment: customChargeAttachmentSchema.nullable(),
});
export type CustomCharge = z.infer<typeof customChargeSchema>;

export const getCustomChargesResponseSchema = z.object({
  CustomCharges: z.array(customChargeSchema),
  Total: z.number().int(),
  /** The company's currency (spec §2 "receives the company currency"), every charge's. */
  Currency: z.string(),
  /** Decimals an amount in that currency may have. */
  MinorUnits: z.number().int(),
  /** Whether the caller may add and delete this account's charges (its reseller, with Create/Delete). */
  CanCreate: z.boolean(),
  CanDelete: z.boolean(),
  /** The caller is on the seller's side of these charges: the charges carry their Cost (issue 30). */
  SellerView: z.boolean(),
});
export type CustomChargePage = z.infer<typeof getCustomChargesResponseSchema>;

/** Where a charge's attachment is downloaded (GET, session cookie). */
export const customChargeAttachmentPath = (customChargeId: number) => `/custom-charges/${customChargeId}/attachment`;

/** The header that makes a create safe to repeat (DESIGN.md "Idempotency-Key"). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
