import { eq } from 'drizzle-orm';
import { okResponseSchema } from '@cmp/contracts/auth';
import { requirement } from '@cmp/contracts/capabilities';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  NOTIFICATION_EVENTS,
  getNotificationPreferencesRequestSchema,
  getNotificationPreferencesResponseSchema,
  hasCommitmentPeriod,
  notificationPreferencesSchema,
  saveNotificationPreferencesRequestSchema,
  type NotificationPreferences,
} from '@cmp/contracts/notifications';
import { assertAccountWritable } from '../accounts/accountAccess';
import { requireAccountInHierarchy } from '../platform/access';
import { auditAccountChange } from '../platform/audit';
import type { Queryable } from '../platform/db/database';
import { notificationPreferences } from '../platform/db/schema';
import { ApiError } from '../platform/errors';
import { defineOperation, type OperationDefinition } from '../platform/operations';
import type { AccountRow, CallerSession } from '../platform/session';

// spec §6 feature key "Notifications": reading needs NOTIFICATIONS Read, saving NOTIFICATIONS Create
// (the flag the other "save settings" operations use, e.g. SUPPORT_CONTACT_DETAILS).
const NOTIFICATIONS_READ = requirement('NOTIFICATIONS', ['Read']);
const NOTIFICATIONS_SAVE = requirement('NOTIFICATIONS', ['Create']);
/** The accounts that receive e-mails: those with the Notifications tab. */
const ACCOUNTS_WITH_NOTIFICATIONS = ['Reseller', 'Company', 'Department', 'User'];

async function requireRecipient(db: Queryable, caller: CallerSession, accountId: number, rule: typeof NOTIFICATIONS_READ): Promise<AccountRow> {
  const account = await requireAccountInHierarchy(db, caller, accountId, rule);
  if (!ACCOUNTS_WITH_NOTIFICATIONS.includes(account.type)) throw new ApiError(400, 'field_invalid_value', { field: 'accountId', value: String(accountId) });
  return account;
}

/** The stored preferences over the defaults: a preference added later starts at its default. */
async function storedPreferences(db: Queryable, accountId: number): Promise<{ preferences: NotificationPreferences; updatedAt: Date | null }> {
  const [row] = await db.select().from(notificationPreferences).where(eq(notificationPreferences.accountId, accountId)).limit(1);
  if (!row) return { preferences: DEFAULT_NOTIFICATION_PREFERENCES, updatedAt: null };
  const merged = notificationPreferencesSchema.safeParse({ ...DEFAULT_NOTIFICATION_PREFERENCES, ...row.preferences });
  return { preferences: merged.success ? merged.data : DEFAULT_NOTIFICATION_PREFERENCES, updatedAt: row.updatedAt };
}

const getNotificationPreferences = defineOperation({
  service: 'INotificationService',
  operation: 'GetNotificationPreferences',
  readOnly: true,
  summary: 'Which e-mails an account receives (order and approval events, provisioning failures, invoices, commitment renewal reminders and their commitment periods); the defaults when nothing is stored.',
  request: getNotificationPreferencesRequestSchema,
  response: getNotificationPreferencesResponseSchema,
  rule: NOTIFICATIONS_READ,
  async handler(input, { db, caller }) {
    const account = await requireRecipient(db, caller, input.accountId, NOTIFICATIONS_READ);
    const { preferences, updatedAt } = await storedPreferences(db, account.id);
    return { AccountId: account.id, Preferences: preferences, IsDefault: updatedAt === null, UpdatedAt: updatedAt?.toISOString() ?? null };
  },
});

const FIELDS = [...NOTIFICATION_EVENTS, 'CommitmentPeriods'] as const;
const shown = (value: unknown) => (Array.isArray(value) ? value.join(', ') : value);

const saveNotificationPreferences = defineOperation({
  service: 'INotificationService',
  operation: 'SaveNotificationPreferences',
  summary: 'Saves which e-mails an account receives; spec §5: at least one commitment period must be selected (400 commitment_period_required).',
  request: saveNotificationPreferencesRequestSchema,
  response: okResponseSchema,
  rule: NOTIFICATIONS_SAVE,
  async handler(input, ctx) {
    const { db, caller } = ctx;
    const account = await requireRecipient(db, caller, input.accountId, NOTIFICATIONS_SAVE);
    assertAccountWritable(account);
    if (!hasCommitmentPeriod(input.preferences)) throw new ApiError(400, 'commitment_period_required');
    // Stored in the order of the options, each once, whatever order the caller sent.
    const preferences = { ...input.preferences, CommitmentPeriods: DEFAULT_NOTIFICATION_PREFERENCES.CommitmentPeriods.filter((p) => input.preferences.CommitmentPeriods.includes(p)) };
    const { preferences: before } = await storedPreferences(db, account.id);
    const changes = FIELDS.filter((field) => JSON.stringify(before[field]) !== JSON.stringify(preferences[field])).map((field) => ({
      View: 'NotificationPreferences',
      Field: field,
      Before: shown(before[field]),
      After: shown(preferences[field]),
    }));
    const values = { preferences, updatedAt: new Date() };
    await db.transaction(async (tx) => {
      await tx.insert(notificationPreferences).values({ accountId: account.id, ...values }).onConflictDoUpdate({ target: notificationPreferences.accountId, set: values });
      await auditAccountChange(tx, ctx, 'NotificationPreferencesSaved', account, { changes });
    });
    return { Success: true };
  },
});

/** Which e-mails an account receives. */
export const notificationOperations: OperationDefinition[] = [getNotificationPreferences, saveNotificationPreferences];
