import { z } from 'zod';
import { accountIdSchema } from './accounts';

// spec §3 "Support details" and §7 "Account: … support details". Accounts below a reseller inherit
// the details of the nearest account above them that has its own.

export const SUPPORT_DETAIL_FIELDS = [
  'SupportPhoneNumber',
  'SupportTechnicalEmail',
  'SupportWorkingHoursRegular',
  'SupportWorkingDaysRegular',
  'SupportWorkingHoursOthers',
  'SupportWorkingDaysOthers',
  'SupportUrl',
  'SupportButtonText',
  'SupportSalesPhoneNumber',
  'SupportSalesEmail',
  'SupportBillingPhoneNumber',
  'SupportBillingEmail',
  'Imprint',
  'KnowledgeBaseUrl',
] as const;
export type SupportDetailField = (typeof SUPPORT_DETAIL_FIELDS)[number];

/** How each field is checked; the portal's editor names its messages after these kinds. */
export const SUPPORT_DETAIL_FIELD_KINDS: Record<SupportDetailField, 'phone' | 'email' | 'url' | 'text'> = {
  SupportPhoneNumber: 'phone',
  SupportTechnicalEmail: 'email',
  SupportWorkingHoursRegular: 'text',
  SupportWorkingDaysRegular: 'text',
  SupportWorkingHoursOthers: 'text',
  SupportWorkingDaysOthers: 'text',
  SupportUrl: 'url',
  SupportButtonText: 'text',
  SupportSalesPhoneNumber: 'phone',
  SupportSalesEmail: 'email',
  SupportBillingPhoneNumber: 'phone',
  SupportBillingEmail: 'email',
  Imprint: 'url',
  KnowledgeBaseUrl: 'url',
};

export const SUPPORT_TEXT_MAX_LENGTH = 200;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_PATTERN = /^\+?[0-9 ()./-]{3,40}$/;

/** Only web addresses: a `javascript:` or `data:` link must never reach the support panel. */
export function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

const fieldSchema = (kind: (typeof SUPPORT_DETAIL_FIELD_KINDS)[SupportDetailField]) => {
  const text = z.string().trim().max(kind === 'url' ? 2000 : SUPPORT_TEXT_MAX_LENGTH, 'is too long');
  if (kind === 'email') return text.refine((v) => v === '' || EMAIL_PATTERN.test(v), 'must be a valid e-mail address');
  if (kind === 'url') return text.refine((v) => v === '' || isWebUrl(v), 'must be an http or https address');
  if (kind === 'phone') return text.refine((v) => v === '' || PHONE_PATTERN.test(v), 'must be a phone number');
  return text;
};

/** What a reseller saves: every field optional; an empty or missing field is not set (it is not inherited either). */
export const supportDetailsInputSchema = z
  .object(Object.fromEntries(SUPPORT_DETAIL_FIELDS.map((field) => [field, fieldSchema(SUPPORT_DETAIL_FIELD_KINDS[field]).optional()])) as {
    [K in SupportDetailField]: z.ZodOptional<z.ZodString>;
  })
  .strict();
export type SupportDetailsInput = z.infer<typeof supportDetailsInputSchema>;

/** The details as the portal shows them: every field, empty when not set. */
export const supportDetailsSchema = z.object(
  Object.fromEntries(SUPPORT_DETAIL_FIELDS.map((field) => [field, z.string()])) as { [K in SupportDetailField]: z.ZodString },
);
export type SupportDetails = z.infer<typeof supportDetailsSchema>;

export const getSupportDetailsRequestSchema = z.object({}).strict();
export const getSupportDetailsResponseSchema = supportDetailsSchema;

export const getSupportDetailsForAccountRequestSchema = z.object({ accountId: accountIdSchema }).strict();
export const getSupportDetailsForAccountResponseSchema = z.object({
  AccountId: z.number().int(),
  DisplayName: z.string(),
  /** The account's own details (not the inherited ones): what its editor starts from. */
  SupportDetails: supportDetailsSchema,
});
export type SupportDetailsForAccount = z.infer<typeof getSupportDetailsForAccountResponseSchema>;

export const saveSupportDetailsRequestSchema = z.object({ accountId: accountIdSchema, supportDetails: supportDetailsInputSchema }).strict();
