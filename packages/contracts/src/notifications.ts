import { z } from 'zod';
import { accountIdSchema } from './accounts';

// Accounts issue: which e-mails an account receives. spec §5 "Notification preferences: at least
// one commitment period must be selected"; spec §9 commitment options 1-month, annual, 3-year.

export const NOTIFICATION_EVENTS = ['OrderEvents', 'ApprovalEvents', 'ProvisioningFailures', 'Invoices', 'CommitmentRenewalReminders'] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

export const REMINDER_COMMITMENT_PERIODS = ['1-month', 'annual', '3-year'] as const;
export type ReminderCommitmentPeriod = (typeof REMINDER_COMMITMENT_PERIODS)[number];

export const notificationPreferencesSchema = z
  .object({
    OrderEvents: z.boolean(),
    ApprovalEvents: z.boolean(),
    ProvisioningFailures: z.boolean(),
    Invoices: z.boolean(),
    CommitmentRenewalReminders: z.boolean(),
    /** Which commitments the renewal reminders cover; the server refuses an empty list (commitment_period_required). */
    CommitmentPeriods: z.array(z.enum(REMINDER_COMMITMENT_PERIODS)).max(REMINDER_COMMITMENT_PERIODS.length),
  })
  .strict();
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** What an account receives until someone saves its preferences: everything. */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  OrderEvents: true,
  ApprovalEvents: true,
  ProvisioningFailures: true,
  Invoices: true,
  CommitmentRenewalReminders: true,
  CommitmentPeriods: [...REMINDER_COMMITMENT_PERIODS],
};

/** spec §5, checked alike by the portal (message on the field) and the server (400). */
export const hasCommitmentPeriod = (preferences: Pick<NotificationPreferences, 'CommitmentPeriods'>) => preferences.CommitmentPeriods.length > 0;

export const getNotificationPreferencesRequestSchema = z.object({ accountId: accountIdSchema }).strict();
export const getNotificationPreferencesResponseSchema = z.object({
  AccountId: z.number().int(),
  Preferences: notificationPreferencesSchema,
  /** Nothing stored yet: the defaults are shown. */
  IsDefault: z.boolean(),
  UpdatedAt: z.string().nullable(),
});
export type NotificationPreferencesOverview = z.infer<typeof getNotificationPreferencesResponseSchema>;

export const saveNotificationPreferencesRequestSchema = z.object({ accountId: accountIdSchema, preferences: notificationPreferencesSchema }).strict();
