import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { auditLog, notificationPreferences } from '../platform/db/schema';
import { accountIdByName } from '../users/demoLookups';
import { call, signIn, startTestServer, type TestServer } from '../test/testServer';

let server: TestServer;
let admin: string;

const idOf = (displayName: string) => accountIdByName(server.handle.db, displayName);
const op = (name: string, body: unknown, cookie = admin, headers: Record<string, string> = {}) => call(server.app, `INotificationService/${name}`, body, { cookie, headers });
const everything = { OrderEvents: true, ApprovalEvents: true, ProvisioningFailures: true, Invoices: true, CommitmentRenewalReminders: true, CommitmentPeriods: ['1-month', 'annual', '3-year'] };

beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server.app, 'company.admin');
});
afterAll(async () => {
  await server?.close();
});

describe('GetNotificationPreferences', () => {
  it('answers the defaults (every e-mail, every commitment period) while nothing is stored', async () => {
    const result = await op('GetNotificationPreferences', { accountId: await idOf('Sales') });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ AccountId: await idOf('Sales'), Preferences: everything, IsDefault: true, UpdatedAt: null });
  });

  it('refuses a plain user, and a foreign account exactly like a missing one', async () => {
    expect((await op('GetNotificationPreferences', { accountId: await idOf('Contoso Ltd') }, await signIn(server.app, 'company.user'))).status).toBe(403);
    const foreign = await op('GetNotificationPreferences', { accountId: await idOf('Litware Inc') });
    const missing = await op('GetNotificationPreferences', { accountId: 999_999 });
    expect([foreign.status, missing.status]).toEqual([403, 403]);
    expect(foreign.body).toEqual(missing.body);
  });
});

describe('SaveNotificationPreferences', () => {
  it('saves the choice, answers it back and audits what changed as before/after', async () => {
    const contoso = await idOf('Contoso Ltd');
    const preferences = { ...everything, Invoices: false, CommitmentPeriods: ['3-year', 'annual'] };
    expect((await op('SaveNotificationPreferences', { accountId: contoso, preferences })).status).toBe(200);
    const read = await op('GetNotificationPreferences', { accountId: contoso });
    expect(read.body).toMatchObject({ IsDefault: false, Preferences: { ...preferences, CommitmentPeriods: ['annual', '3-year'] } });
    const [audit] = await server.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'NotificationPreferencesSaved'), eq(auditLog.accountId, contoso)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit?.details).toEqual({
      changes: [
        { View: 'NotificationPreferences', Field: 'Invoices', Before: true, After: false },
        { View: 'NotificationPreferences', Field: 'CommitmentPeriods', Before: '1-month, annual, 3-year', After: 'annual, 3-year' },
      ],
    });
  });

  it('refuses a choice without any commitment period (spec §5), in the caller’s language, and stores nothing', async () => {
    const engineering = await idOf('Engineering');
    const result = await op('SaveNotificationPreferences', { accountId: engineering, preferences: { ...everything, CommitmentPeriods: [] } });
    expect(result.status).toBe(400);
    expect(result.body.Message).toBe('Select at least one commitment period');
    const german = await op('SaveNotificationPreferences', { accountId: engineering, preferences: { ...everything, CommitmentPeriods: [] } }, admin, { 'accept-language': 'de' });
    expect(german.body.Message).not.toBe(result.body.Message);
    expect(await server.handle.db.select().from(notificationPreferences).where(eq(notificationPreferences.accountId, engineering))).toEqual([]);
  });

  it('answers 400 naming the field for an unknown preference or period', async () => {
    const accountId = await idOf('Contoso Ltd');
    const unknown = await op('SaveNotificationPreferences', { accountId, preferences: { ...everything, Newsletter: true } });
    expect([unknown.status, unknown.body.Message?.includes('Newsletter')]).toEqual([400, true]);
    const period = await op('SaveNotificationPreferences', { accountId, preferences: { ...everything, CommitmentPeriods: ['weekly'] } });
    expect([period.status, period.body.Message?.includes('preferences.CommitmentPeriods')]).toEqual([400, true]);
  });

  it('refuses a plain user, a foreign account like a missing one, and accounts that receive no e-mails', async () => {
    const body = (accountId: number) => ({ accountId, preferences: everything });
    expect((await op('SaveNotificationPreferences', body(await idOf('Contoso Ltd')), await signIn(server.app, 'company.user'))).status).toBe(403);
    const foreign = await op('SaveNotificationPreferences', body(await idOf('Litware Inc')));
    const missing = await op('SaveNotificationPreferences', body(999_999));
    expect([foreign.status, missing.status]).toEqual([403, 403]);
    expect(foreign.body).toEqual(missing.body);
    const vendor = await op('SaveNotificationPreferences', body(await idOf('Skyline Software')), await signIn(server.app, 'admin'));
    expect([vendor.status, vendor.body.Message?.includes('accountId')]).toEqual([400, true]);
  });
});
