import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { and, desc, eq, like, sql } from 'drizzle-orm';
import { accounts, auditLog, users } from '../platform/db/schema';
import { insertUser } from '../accounts/accountStore';
import { assignRole, insertRoleWithCapabilities } from '../auth/roleStore';
import { writeAudit } from '../platform/audit';
import { accountIdByName, userIdByName } from '../users/demoLookups';
import { call, signIn, startTestServer, type TestServer } from '../test/testServer';

let server: TestServer;
let admin: string;

const idOf = (displayName: string) => accountIdByName(server.handle.db, displayName);
const userIdOf = (username: string) => userIdByName(server.handle.db, username);
/** The demo world audits every account it creates: Contoso's subtree, whatever later issues add to it. */
const accountsUnder = async (displayName: string) => {
  const [top] = await server.handle.db.select().from(accounts).where(eq(accounts.displayName, displayName)).limit(1);
  const rows = await server.handle.db.select({ name: accounts.displayName }).from(accounts).where(like(accounts.path, `${top!.path}%`));
  return rows.map((r) => r.name);
};
type Entry = { Action: string; AccountDisplayName: string; ActorDisplayName: string | null; ImpersonatorDisplayName: string | null; Ip: string | null; Details: Record<string, unknown> };
const getLog = async (body: Record<string, unknown>, cookie = admin) => {
  const result = await call(server.app, 'IAccountService/GetAuditLog', body, { cookie });
  return { ...result, entries: (result.body.Entries ?? []) as Entry[] };
};

beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server.app, 'company.admin');
});
afterAll(async () => {
  await server?.close();
});

describe('GetAuditLog (the audit log of an account subtree)', () => {
  it("shows the entries about Contoso and every account below it, newest first, with who did it", async () => {
    const contoso = await idOf('Contoso Ltd');
    const tom = await userIdOf('tom.becker');
    await call(server.app, 'IAccountService/ChangeUserStatus', { userAccountId: tom, status: 'Disabled' }, { cookie: admin });
    const { status, body, entries } = await getLog({ accountId: contoso, pageSize: 200 });
    expect(status).toBe(200);
    expect(entries[0]).toMatchObject({ Action: 'UserStatusChanged', AccountDisplayName: 'Tom Becker', ActorDisplayName: 'Claire Dubois', ImpersonatorDisplayName: null, Details: { Before: 'Enabled', After: 'Disabled' } });
    expect(entries[0]!.Ip).toBeTruthy();
    const names = new Set(entries.map((e) => e.AccountDisplayName));
    expect(names).toContain('Sales');
    expect(names).toContain('Lena Nowak');
    expect(names).not.toContain('Northwind Cloud');
    expect(names).not.toContain('Litware Inc');
    expect(body.Total).toBe(entries.length);
  });

  it('filters by action, actor and period, and pages with the total', async () => {
    const contoso = await idOf('Contoso Ltd');
    const created = await accountsUnder('Contoso Ltd');
    const byAction = await getLog({ accountId: contoso, filter: { action: 'AccountCreated' }, pageSize: 200 });
    expect(byAction.body.Total).toBe(created.length);
    expect(byAction.entries.map((e) => e.AccountDisplayName).sort()).toEqual(created.sort());
    expect(byAction.entries.every((e) => e.Action === 'AccountCreated')).toBe(true);
    const byActor = await getLog({ accountId: contoso, filter: { actor: 'DUBOIS' } });
    expect(byActor.entries.length).toBeGreaterThan(0);
    expect(byActor.entries.every((e) => e.ActorDisplayName === 'Claire Dubois')).toBe(true);
    expect((await getLog({ accountId: contoso, filter: { actor: 'company.admin' } })).body.Total).toBe(byActor.body.Total);
    const future = await getLog({ accountId: contoso, filter: { from: new Date(Date.now() + 3_600_000).toISOString() } });
    expect(future.body.Total).toBe(0);
    const paged = await getLog({ accountId: contoso, filter: { action: 'AccountCreated' }, sortBy: 'Account', sortDirection: 'asc', page: 1, pageSize: 3 });
    expect(paged.body.Total).toBe(created.length);
    const byName = [...created].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
    expect(paged.entries.map((e) => e.AccountDisplayName)).toEqual(byName.slice(3, 6));
  });

  it('keeps the history of a moved account with the account: it follows the current path', async () => {
    // A move rewrites accounts.path of the subtree (the lifecycle issue); the audit rows keep the old path.
    const contoso = await server.handle.db.select().from(accounts).where(eq(accounts.displayName, 'Contoso Ltd')).then((r) => r[0]!);
    const adventure = await server.handle.db.select().from(accounts).where(eq(accounts.displayName, 'Adventure Works')).then((r) => r[0]!);
    const engineering = await idOf('Engineering');
    const oldPrefix = `${contoso.path}${engineering}/`;
    await server.handle.db
      .update(accounts)
      .set({ path: sql`${adventure.path} || substr(${accounts.path}, ${contoso.path.length + 1})` })
      .where(like(accounts.path, `${oldPrefix}%`));
    try {
      const reseller = await signIn(server.app, 'reseller.admin');
      const atNewParent = await getLog({ accountId: adventure.id, filter: { action: 'AccountCreated' } }, reseller);
      expect(atNewParent.entries.map((e) => e.AccountDisplayName)).toEqual(expect.arrayContaining(['Engineering', 'Lena Nowak']));
      const atOldParent = await getLog({ accountId: contoso.id, filter: { action: 'AccountCreated' } }, reseller);
      expect(atOldParent.entries.map((e) => e.AccountDisplayName)).not.toContain('Engineering');
    } finally {
      await server.handle.db
        .update(accounts)
        .set({ path: sql`${contoso.path} || substr(${accounts.path}, ${adventure.path.length + 1})` })
        .where(like(accounts.path, `${adventure.path}${engineering}/%`));
    }
  });

  it('refuses a plain user, and a foreign account exactly like a missing one', async () => {
    expect((await getLog({ accountId: await idOf('Contoso Ltd') }, await signIn(server.app, 'company.user'))).status).toBe(403);
    const foreign = await getLog({ accountId: await idOf('Litware Inc') });
    const missing = await getLog({ accountId: 999_999 });
    expect([foreign.status, missing.status]).toEqual([403, 403]);
    expect(foreign.body).toEqual(missing.body);
  });

  it('answers 400 naming the field for a page over 200, an unknown action or a period that ends before it starts', async () => {
    const accountId = await idOf('Contoso Ltd');
    const long = await getLog({ accountId, pageSize: 201 });
    expect([long.status, long.body.Message?.includes('pageSize')]).toEqual([400, true]);
    const action = await getLog({ accountId, filter: { action: 'Dance' } });
    expect([action.status, action.body.Message?.includes('filter.action')]).toEqual([400, true]);
    const period = await getLog({ accountId, filter: { from: '2024-05-02T00:00:00Z', to: '2024-05-01T00:00:00Z' } });
    expect([period.status, period.body.Message?.includes('filter.to')]).toEqual([400, true]);
  });
});

describe('the details of a change (issue 10: labels, not internal keys)', () => {
  const changeContoso = async () => {
    const contoso = await idOf('Contoso Ltd');
    const updated = await call(server.app, 'IAccountService/UpdateAccount', { accountId: contoso, viewValues: { Company: { Values: { VatNumber: 'GB123456789' } } } }, { cookie: admin });
    expect(updated.status).toBe(200);
    const preferences = { OrderEvents: false, ApprovalEvents: true, ProvisioningFailures: true, Invoices: true, CommitmentRenewalReminders: true, CommitmentPeriods: ['annual'] };
    expect((await call(server.app, 'INotificationService/SaveNotificationPreferences', { accountId: contoso, preferences }, { cookie: admin })).status).toBe(200);
    return contoso;
  };

  it("names each changed field by its layout's label in the caller's language", async () => {
    const contoso = await changeContoso();
    const german = await call(server.app, 'IAccountService/GetAuditLog', { accountId: contoso, filter: { action: 'AccountUpdated' } }, { cookie: admin, headers: { 'accept-language': 'de' } });
    const [update] = german.body.Entries as Entry[];
    expect(update!.Details.changes).toEqual([{ View: 'Company', Field: 'VatNumber', Label: 'USt-IdNr.', Before: null, After: 'GB123456789' }]);
    const { entries } = await getLog({ accountId: contoso, filter: { action: 'NotificationPreferencesSaved' } });
    expect(entries[0]!.Details.changes).toEqual([
      expect.objectContaining({ Field: 'OrderEvents', Label: 'Orders (placed, completed, cancelled)', Before: true, After: false }),
      expect.objectContaining({ Field: 'CommitmentPeriods', Label: 'Reminder commitment periods', After: 'annual' }),
    ]);
    // The label is the answer's, in the reader's language; the stored entry keeps the keys only.
    const [stored] = await server.handle.db.select().from(auditLog).where(and(eq(auditLog.action, 'AccountUpdated'), eq(auditLog.accountId, contoso))).orderBy(desc(auditLog.id)).limit(1);
    expect(stored!.details).toEqual({ changes: [{ View: 'Company', Field: 'VatNumber', Before: null, After: 'GB123456789' }] });
  });

  it('writes the same labels into the Excel export', async () => {
    const contoso = await idOf('Contoso Ltd');
    const result = await call(server.app, 'IAccountService/ExportAuditLog', { accountId: contoso, filter: { action: 'AccountUpdated' } }, { cookie: admin, headers: { 'accept-language': 'de' } });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(result.body.ContentBase64 as string, 'base64') as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]!.getRow(2).getCell(7).value).toBe('USt-IdNr.: — → GB123456789');
  });
});

describe('what an entry reveals (issue 10: only about accounts the reader may read)', () => {
  it("shows an auditor who may read companies but not users no entry about a colleague's user account", async () => {
    const db = server.handle.db;
    const [contoso] = await db.select().from(accounts).where(eq(accounts.displayName, 'Contoso Ltd')).limit(1);
    const [carl] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.username, 'company.user')).limit(1);
    const auditor = await insertUser(db, contoso!, { username: 'contoso.auditor', firstName: 'Aud', lastName: 'Itor', email: 'auditor@contoso.example', passwordHash: carl!.passwordHash });
    const read = { Read: true, Create: false, Execute: false, Delete: false, Value: null };
    const role = await insertRoleWithCapabilities(db, contoso!.id, 'Auditor', [
      { ObjectType: 'LOGIN', ...read, Read: false, Execute: true },
      { ObjectType: 'AUDIT_LOG', ...read },
      { ObjectType: 'COMPANY_ACCOUNT', ...read },
      { ObjectType: 'DEPARTMENT_ACCOUNT', ...read },
    ]);
    await assignRole(db, auditor.id, role);
    await writeAudit(db, null, { action: 'AccountCreated', accountId: auditor.id, accountPath: auditor.path, details: { AccountType: 'User', DisplayName: 'Aud Itor' } });
    const { status, entries } = await getLog({ accountId: contoso!.id, pageSize: 200 }, await signIn(server.app, 'contoso.auditor'));
    expect(status).toBe(200);
    const names = new Set(entries.map((entry) => entry.AccountDisplayName));
    expect(names).toContain('Contoso Ltd');
    expect(names).toContain('Sales');
    expect(names).toContain('Aud Itor');
    expect(names).not.toContain('Tom Becker');
    expect(names).not.toContain('Claire Dubois');
  });
});

describe('GetAuditLog with isUserLog (the user log)', () => {
  it('shows what a user did, what was done to them, and who acted as them', async () => {
    const carl = await userIdOf('company.user');
    const reseller = await signIn(server.app, 'reseller.admin');
    const impersonated = await call(server.app, 'IAuthorizationService/Impersonate', { userAccountId: carl }, { cookie: reseller });
    expect(impersonated.status).toBe(200);
    const asCarl = impersonated.response.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    expect((await call(server.app, 'IAuthorizationService/SetLanguage', { languageCode: 'de' }, { cookie: asCarl })).status).toBe(200);

    const { entries } = await getLog({ accountId: carl, isUserLog: true, pageSize: 200 });
    const language = entries.find((e) => e.Action === 'SetLanguage');
    expect(language).toMatchObject({ ActorDisplayName: 'Carl Jensen', ImpersonatorDisplayName: 'Nora Winters' });
    expect(entries.some((e) => e.Action === 'AccountCreated' && e.AccountDisplayName === 'Carl Jensen')).toBe(true);
    expect(entries.some((e) => e.Action === 'SignIn' && e.AccountDisplayName === 'Claire Dubois')).toBe(false);
  });

  it('is only for User accounts', async () => {
    const result = await getLog({ accountId: await idOf('Sales'), isUserLog: true });
    expect(result.status).toBe(400);
    expect(result.body.Message).toContain('accountId');
  });
});

describe('ExportAuditLog', () => {
  it('answers a real xlsx workbook of the filtered entries and audits the export', async () => {
    const contoso = await idOf('Contoso Ltd');
    const result = await call(server.app, 'IAccountService/ExportAuditLog', { accountId: contoso, filter: { action: 'AccountCreated' } }, { cookie: admin });
    expect(result.status).toBe(200);
    expect(result.body.FileName).toBe('Audit-log-Contoso_Ltd.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(result.body.ContentBase64 as string, 'base64') as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Audit log')!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'When', 'Action', 'Account', 'Done by', 'Impersonated by', 'IP address', 'Details']);
    const created = await accountsUnder('Contoso Ltd');
    expect(sheet.rowCount).toBe(created.length + 1);
    // The action as the portal names it, in the caller's language.
    expect(sheet.getRow(2).getCell(2).value).toBe('Account created');
    expect(sheet.getRow(2).getCell(1).value).toBeInstanceOf(Date);
    const german = await call(server.app, 'IAccountService/ExportAuditLog', { accountId: contoso, filter: { action: 'AccountCreated' } }, { cookie: admin, headers: { 'accept-language': 'de' } });
    const germanBook = new ExcelJS.Workbook();
    await germanBook.xlsx.load(Buffer.from(german.body.ContentBase64 as string, 'base64') as unknown as ArrayBuffer);
    expect(germanBook.worksheets[0]!.getRow(2).getCell(2).value).toBe('Konto erstellt');
    const [audit] = await server.handle.db.select().from(auditLog).where(and(eq(auditLog.action, 'AuditLogExported'), eq(auditLog.accountId, contoso))).orderBy(desc(auditLog.id)).limit(1);
    expect(audit?.details).toEqual({ Count: created.length, IsUserLog: false, Filter: { action: 'AccountCreated' } });
  });

  it('refuses a caller without AUDIT_LOG', async () => {
    const result = await call(server.app, 'IAccountService/ExportAuditLog', { accountId: await idOf('Contoso Ltd') }, { cookie: await signIn(server.app, 'company.user') });
    expect(result.status).toBe(403);
  });
});
