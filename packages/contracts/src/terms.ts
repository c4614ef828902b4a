import { z } from 'zod';
import { accountIdSchema } from './accounts';

// spec §3 "Confirmed term", §4 Terms (unaccepted becomes accepted after the call succeeds), §7
// "Get my confirmed terms: no payload" and "Accept terms and conditions: takes the account id and product name".

export const confirmedTermSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  /** HTML written by the owner; the portal shows it in a sandboxed frame (spec §2 Terms menu). */
  TermsText: z.string(),
  PathToTermsPdf: z.string().nullable(),
  IsPrivacyPolicy: z.boolean(),
  IsAccepted: z.boolean(),
  AcceptedAt: z.string().nullable(),
});
export type ConfirmedTerm = z.infer<typeof confirmedTermSchema>;

export const getMyConfirmedTermsRequestSchema = z.object({}).strict();
export const getMyConfirmedTermsResponseSchema = z.array(confirmedTermSchema);

/** Either the term the portal shows, or — as integrations call it — an account and a product name. */
export const acceptTermsRequestSchema = z.union([
  z.object({ termId: z.number().int().positive() }).strict(),
  z.object({ accountId: accountIdSchema, productName: z.string().trim().min(1, 'is required').max(200) }).strict(),
]);
export type AcceptTermsRequest = z.infer<typeof acceptTermsRequestSchema>;
