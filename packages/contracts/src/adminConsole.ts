import { z } from 'zod';
import { pagingSchema, SORT_DIRECTIONS } from './users';

// The admin console (issue 17; spec §2 /admin-console/{methodName?}, Administrative Read to see,
// Execute to act): the platform owner's mail outbox, background jobs, signed-in sessions and SSO
// providers. Request fields camelCase, answers PascalCase (DESIGN.md "The API").

// ---- Mail outbox -------------------------------------------------------------------------------

/** Sent: the mail server took it. Failed: it refused or could not be reached. Pending: neither yet (or no SMTP_URL). */
export const OUTBOX_MAIL_STATUSES = ['Sent', 'Pending', 'Failed'] as const;
export type OutboxMailStatus = (typeof OUTBOX_MAIL_STATUSES)[number];
export const OUTBOX_SORT_FIELDS = ['CreatedAt', 'Recipient', 'Subject', 'Status'] as const;
export type OutboxSortField = (typeof OUTBOX_SORT_FIELDS)[number];

export const getOutboxMailsRequestSchema = z
  .object({
    status: z.enum(OUTBOX_MAIL_STATUSES).optional(),
    /** Part of the recipient or subject, case-insensitive. */
    text: z.string().trim().max(200).optional(),
    sortBy: z.enum(OUTBOX_SORT_FIELDS).default('CreatedAt'),
    sortDirection: z.enum(SORT_DIRECTIONS).default('desc'),
    ...pagingSchema,
  })
  .strict();
export type GetOutboxMailsRequest = z.input<typeof getOutboxMailsRequestSchema>;

export const outboxMailSchema = z.object({
  MailId: z.number().int(),
  Recipient: z.string(),
  Subject: z.string(),
  Status: z.enum(OUTBOX_MAIL_STATUSES),
  CreatedAt: z.string(),
  SentAt: z.string().nullable(),
  Error: z.string().nullable(),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;

export const getOutboxMailsResponseSchema = z.object({
  Mails: z.array(outboxMailSchema),
  Total: z.number().int(),
  /** Counts per status over the whole outbox, for the filter. */
  Counts: z.object({ Sent: z.number().int(), Pending: z.number().int(), Failed: z.number().int() }),
  /** false without SMTP_URL: mails then stay in the outbox and cannot be resent. */
  IsDeliveryConfigured: z.boolean(),
});
export type OutboxMailPage = z.infer<typeof getOutboxMailsResponseSchema>;

export const mailIdRequestSchema = z.object({ mailId: z.number().int().positive() }).strict();
export const getOutboxMailResponseSchema = outboxMailSchema.extend({ TextBody: z.string() });
export type OutboxMailDetails = z.infer<typeof getOutboxMailResponseSchema>;

// ---- Background jobs ---------------------------------------------------------------------------

/** pg-boss 10's job states. */
export const JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

export const jobQueueSchema = z.object({
  Name: z.string(),
  /** Jobs per state, in pg-boss's table (completed ones stay a day before they are archived). */
  Counts: z.object(Object.fromEntries(JOB_STATES.map((state) => [state, z.number().int()])) as Record<JobState, z.ZodNumber>),
});
export type JobQueue = z.infer<typeof jobQueueSchema>;

export const failedJobSchema = z.object({
  JobId: z.string(),
  Queue: z.string(),
  /** The error the last attempt ended with. */
  Error: z.string(),
  RetryCount: z.number().int(),
  CreatedAt: z.string(),
  FailedAt: z.string().nullable(),
});
export type FailedJob = z.infer<typeof failedJobSchema>;

export const getBackgroundJobsResponseSchema = z.object({
  Queues: z.array(jobQueueSchema),
  /** The newest failed jobs still in the table (at most 200). */
  FailedJobs: z.array(failedJobSchema),
});
export type BackgroundJobs = z.infer<typeof getBackgroundJobsResponseSchema>;

export const retryJobRequestSchema = z
  .object({
    queue: z.string().trim().min(1).max(200),
    jobId: z.uuid(),
  })
  .strict();

// ---- Sessions ----------------------------------------------------------------------------------

export const signedInSessionSchema = z.object({
  /** The session's public id (never its cookie). */
  SessionId: z.string(),
  UserAccountId: z.number().int(),
  Username: z.string(),
  DisplayName: z.string(),
  CompanyName: z.string().nullable(),
  ImpersonatorName: z.string().nullable(),
  Ip: z.string().nullable(),
  UserAgent: z.string().nullable(),
  StartedAt: z.string(),
  LastSeenAt: z.string(),
  ExpiresAt: z.string(),
  /** The caller's own session: ending it is signing out. */
  IsCurrent: z.boolean(),
});
export type SignedInSession = z.infer<typeof signedInSessionSchema>;
export const getSignedInSessionsResponseSchema = z.object({ Sessions: z.array(signedInSessionSchema) });

export const endSignedInSessionRequestSchema = z.object({ sessionId: z.uuid() }).strict();

// ---- SSO providers -----------------------------------------------------------------------------

export const ssoProviderInUseSchema = z.object({
  ProviderId: z.string(),
  Name: z.string(),
  IssuerUrl: z.string(),
  ClientId: z.string(),
  Scope: z.string(),
  /** Users who have linked an identity of this provider. */
  LinkedUsers: z.number().int(),
});
export type SsoProviderInUse = z.infer<typeof ssoProviderInUseSchema>;
export const getSsoProvidersResponseSchema = z.object({ Providers: z.array(ssoProviderInUseSchema) });
