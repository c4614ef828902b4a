import { z } from 'zod';
import { ACCOUNT_STATES, ACCOUNT_TYPES, accountIdSchema } from './accounts';

// Moving and terminating accounts (issue 6 "Create, move, terminate"; spec §4 Termination, §5).

/** How many accounts one portal termination may name at once. */
export const TERMINATION_BATCH_LIMIT = 50;
export const TERMINATION_REASON_MAX_LENGTH = 1000;
export const PARENT_SEARCH_MAX_LENGTH = 200;

const pageSchema = z.number().int().min(0).default(0);
const pageSizeSchema = z.number().int().min(1).max(100).default(25);
/** An ISO 8601 date-time with its offset (`2030-01-31T17:00:00Z`, `…+01:00`). */
export const terminationDateSchema = z.iso.datetime({ offset: true });

// ── Move ────────────────────────────────────────────────────────────────────────────────────────

/** `IAccountService/MoveAccount` (DESIGN.md "The API"): the account and its whole subtree go under the new parent. */
export const moveAccountRequestSchema = z
  .object({
    sourceAccountId: accountIdSchema,
    newParentAccountId: accountIdSchema,
  })
  .strict();
export type MoveAccountRequest = z.input<typeof moveAccountRequestSchema>;

export const moveAccountResponseSchema = z.object({
  AccountId: z.number().int(),
  ParentAccountId: z.number().int(),
  AccountPath: z.string(),
  /** The account itself and every account below it. */
  MovedAccountCount: z.number().int(),
});
export type MoveAccountResponse = z.infer<typeof moveAccountResponseSchema>;

/** The parent picker of /move: only the accounts the hierarchy rules allow (spec §5). */
export const getPossibleParentsRequestSchema = z
  .object({
    accountId: accountIdSchema,
    searchText: z.string().max(PARENT_SEARCH_MAX_LENGTH).default(''),
    page: pageSchema,
    pageSize: pageSizeSchema,
  })
  .strict();
export type GetPossibleParentsRequest = z.input<typeof getPossibleParentsRequestSchema>;

const accountRefSchema = z.object({
  AccountId: z.number().int(),
  AccountType: z.enum(ACCOUNT_TYPES),
  DisplayName: z.string(),
});

export const possibleParentSchema = accountRefSchema.extend({
  /** Tells apart parents with the same name ("Operations" of two companies). */
  ParentDisplayName: z.string().nullable(),
});
export type PossibleParent = z.infer<typeof possibleParentSchema>;

export const getPossibleParentsResponseSchema = z.object({
  Account: accountRefSchema.extend({
    AccountState: z.enum(ACCOUNT_STATES),
    ParentAccountId: z.number().int().nullable(),
    ParentDisplayName: z.string().nullable(),
  }),
  Items: z.array(possibleParentSchema),
  TotalCount: z.number().int(),
});
export type GetPossibleParentsResponse = z.infer<typeof getPossibleParentsResponseSchema>;

// ── Terminate ───────────────────────────────────────────────────────────────────────────────────

/**
 * `IAccountService/TerminateAccount`, the partners' integration call (a public contract): a null
 * terminationDate terminates now, a date schedules. Scripts send no reason, so it is optional here;
 * terminatorId is the user recorded as requester (the caller when absent).
 */
export const terminateAccountRequestSchema = z
  .object({
    accountId: accountIdSchema,
    sendToSdp: z.boolean().default(false),
    terminationDate: terminationDateSchema.nullable().default(null),
    terminatorId: accountIdSchema.nullable().optional(),
    terminationReason: z.string().max(TERMINATION_REASON_MAX_LENGTH).optional(),
  })
  .strict();
export type TerminateAccountRequest = z.input<typeof terminateAccountRequestSchema>;

/**
 * The portal's termination of one or many accounts, all or nothing (spec §5: a reason, the
 * irreversible acknowledgement and — when prepaid subscriptions are involved — the auto-renew one).
 */
export const terminateAccountsRequestSchema = z
  .object({
    accountIds: z.array(accountIdSchema).min(1).max(TERMINATION_BATCH_LIMIT),
    terminationDate: terminationDateSchema.nullable(),
    reason: z.string().max(TERMINATION_REASON_MAX_LENGTH),
    isIrreversibleAcknowledged: z.boolean(),
    isAutoRenewAcknowledged: z.boolean().default(false),
    sendToSdp: z.boolean().default(false),
  })
  .strict();
export type TerminateAccountsRequest = z.input<typeof terminateAccountsRequestSchema>;

export const TERMINATION_STATUSES = ['Scheduled', 'Done', 'Cancelled'] as const;
export type TerminationStatus = (typeof TERMINATION_STATUSES)[number];

export const terminateAccountsResponseSchema = z.object({
  Terminations: z.array(
    accountRefSchema.extend({
      TerminationId: z.number().int(),
      Status: z.enum(TERMINATION_STATUSES),
      TerminateAt: z.string(),
    }),
  ),
});
export type TerminateAccountsResponse = z.infer<typeof terminateAccountsResponseSchema>;

/** What the /terminate screen shows before the user confirms. */
export const getTerminationPreviewRequestSchema = z
  .object({
    accountIds: z.array(accountIdSchema).min(1).max(TERMINATION_BATCH_LIMIT),
    terminationDate: terminationDateSchema.nullable().default(null),
  })
  .strict();
export type GetTerminationPreviewRequest = z.input<typeof getTerminationPreviewRequestSchema>;

const subscriptionRefSchema = z.object({
  AccountId: z.number().int(),
  DisplayName: z.string(),
  ProductName: z.string(),
});

export const scheduledTerminationSchema = z.object({
  TerminationId: z.number().int(),
  TerminateAt: z.string(),
  Reason: z.string(),
});

export const terminationPreviewAccountSchema = accountRefSchema.extend({
  AccountState: z.enum(ACCOUNT_STATES),
  /** The account and every account below it that is not terminated yet. */
  SubtreeSize: z.number().int(),
  /** Read and Delete on the account type's capability (spec §5). */
  MayTerminate: z.boolean(),
  /** Prepaid subscriptions whose auto-renew goes from Renew to Terminate (spec §4). */
  PrepaidSubscriptions: z.array(subscriptionRefSchema.extend({ AutoRenew: z.enum(['Renew', 'Terminate']) })),
  /** Subscriptions locked beyond the termination date: they refuse it (spec §4). */
  LockedSubscriptions: z.array(subscriptionRefSchema.extend({ LockPeriodEndDate: z.string() })),
  ScheduledTermination: scheduledTerminationSchema.nullable(),
});
export type TerminationPreviewAccount = z.infer<typeof terminationPreviewAccountSchema>;

export const getTerminationPreviewResponseSchema = z.object({
  Accounts: z.array(terminationPreviewAccountSchema),
});
export type GetTerminationPreviewResponse = z.infer<typeof getTerminationPreviewResponseSchema>;

export const cancelScheduledTerminationRequestSchema = z.object({ accountId: accountIdSchema }).strict();
export type CancelScheduledTerminationRequest = z.input<typeof cancelScheduledTerminationRequestSchema>;

export const listScheduledTerminationsRequestSchema = z
  .object({
    page: pageSchema,
    pageSize: pageSizeSchema,
    /** Only the terminations that concern this account: its own and those of the accounts above it (they take it along). */
    accountId: accountIdSchema.nullable().optional(),
  })
  .strict();
export type ListScheduledTerminationsRequest = z.input<typeof listScheduledTerminationsRequestSchema>;

export const scheduledTerminationItemSchema = accountRefSchema.extend(scheduledTerminationSchema.shape).extend({
  RequestedByDisplayName: z.string().nullable(),
  RequestedAt: z.string(),
});
export type ScheduledTerminationItem = z.infer<typeof scheduledTerminationItemSchema>;

export const listScheduledTerminationsResponseSchema = z.object({
  Items: z.array(scheduledTerminationItemSchema),
  TotalCount: z.number().int(),
});
export type ListScheduledTerminationsResponse = z.infer<typeof listScheduledTerminationsResponseSchema>;
