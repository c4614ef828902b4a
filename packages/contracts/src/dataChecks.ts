import { z } from 'zod';

// The admin console's data checks (issue 30): states the product must never reach, listed with the
// ids of the rows in them so that an operator can find and mend each one. An empty list is the
// healthy answer.

/**
 * - ProvisionedWithoutSubscription: a provisioning request the vendor confirmed (Completed, or the
 *   product Active at the vendor) that names no subscription in the portal — seats nobody bills.
 * - ActiveSubscriptionWithoutProvisioning: an Active subscription no provisioning request ever
 *   completed for — billed seats the vendor never confirmed delivering.
 * - InvoiceLineWithoutSubscription: an invoice line billed for a service (any reason but a custom
 *   charge, whose lines legitimately name no subscription) that names no subscription.
 */
export const DATA_CHECKS = ['ProvisionedWithoutSubscription', 'ActiveSubscriptionWithoutProvisioning', 'InvoiceLineWithoutSubscription'] as const;
export type DataCheck = (typeof DATA_CHECKS)[number];

/** At most this many offending rows are listed per check (Total counts them all). */
export const DATA_CHECK_FINDINGS_LIMIT = 100;

export const dataCheckFindingSchema = z.object({
  /** The offending row: a provisioning request's id, a subscription's (Product) account id, or an invoice line's id. */
  RecordId: z.number().int(),
  /** The company (or payer, for an invoice line) the row belongs to. */
  AccountId: z.number().int().nullable(),
  AccountName: z.string().nullable(),
  ProductName: z.string().nullable(),
  /** Where the row leads: the order of a request, the invoice of a line. */
  OrderId: z.number().int().nullable(),
  InvoiceId: z.number().int().nullable(),
  /** The row's own status (the request's, the subscription's) or the line's reason. */
  Status: z.string(),
});
export type DataCheckFinding = z.infer<typeof dataCheckFindingSchema>;

export const dataCheckResultSchema = z.object({
  Check: z.enum(DATA_CHECKS),
  Total: z.number().int(),
  Findings: z.array(dataCheckFindingSchema),
});
export type DataCheckResult = z.infer<typeof dataCheckResultSchema>;

export const getDataChecksResponseSchema = z.object({ Checks: z.array(dataCheckResultSchema), CheckedAt: z.string() });
export type GetDataChecksResponse = z.infer<typeof getDataChecksResponseSchema>;
