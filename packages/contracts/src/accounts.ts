import { z } from 'zod';
import { ACCOUNT_STATES, ACCOUNT_TYPES } from './accountTypes';

// The account types and their hierarchy live apart from the schemas, so that the portal's first
// screen reads them without loading zod (issue 12); they are still exported from here.
export {
  ACCOUNT_CAPABILITY,
  ACCOUNT_STATES,
  ACCOUNT_TYPES,
  ALLOWED_PARENT_TYPES,
  accountTypesBelow,
  canHoldAccountType,
  type AccountState,
  type AccountType,
} from './accountTypes';

/** Account ids are integers in every request (DESIGN.md "The API"). */
export const accountIdSchema = z.number().int().positive();

export const viewValuesSchema = z.record(z.string(), z.unknown());
/** Views hold Values by view name: `{ User: { Values: { Firstname: 'Ada' } } }`. */
export const viewsSchema = z.record(z.string(), z.object({ Values: viewValuesSchema }));
export type Views = z.infer<typeof viewsSchema>;

export const accountSummarySchema = z.object({
  AccountId: z.number().int(),
  AccountType: z.enum(ACCOUNT_TYPES),
  DisplayName: z.string(),
  AccountState: z.enum(ACCOUNT_STATES),
  Views: viewsSchema,
});
export type AccountSummary = z.infer<typeof accountSummarySchema>;

export const auditEntrySchema = z.object({
  Id: z.number().int(),
  OccurredAt: z.string(),
  Action: z.string(),
  AccountId: z.number().int().nullable(),
  AccountDisplayName: z.string().nullable(),
  ActorAccountId: z.number().int().nullable(),
  ActorDisplayName: z.string().nullable(),
  ImpersonatorAccountId: z.number().int().nullable(),
  ImpersonatorDisplayName: z.string().nullable(),
  Details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const dashboardSummaryRequestSchema = z.object({}).strict();
export const dashboardSummaryResponseSchema = z.object({
  CompanyAccount: accountSummarySchema,
  AccountCounts: z.array(z.object({ AccountType: z.enum(ACCOUNT_TYPES), Count: z.number().int() })),
  LatestAuditEntries: z.array(auditEntrySchema),
});
export type DashboardSummary = z.infer<typeof dashboardSummaryResponseSchema>;
