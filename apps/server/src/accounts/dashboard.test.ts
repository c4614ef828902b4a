import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, signIn, startTestServer, type TestServer } from '../test/testServer';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

type Summary = {
  CompanyAccount: { DisplayName: string };
  AccountCounts: { AccountType: string; Count: number }[];
  LatestAuditEntries: { Action: string; AccountId: number | null; ActorAccountId: number | null; AccountDisplayName: string | null }[];
};

describe('IAccountService/GetDashboardSummary', () => {
  it("counts the accounts under the caller's company by type", async () => {
    const result = await call(server.app, 'IAccountService/GetDashboardSummary', {}, { cookie: await signIn(server.app, 'company.admin') });
    expect(result.status).toBe(200);
    const summary = result.body as unknown as Summary;
    expect(summary.CompanyAccount.DisplayName).toBe('Contoso Ltd');
    expect(summary.AccountCounts).toEqual([
      { AccountType: 'Department', Count: 2 },
      { AccountType: 'Product', Count: 5 },
      { AccountType: 'User', Count: 5 },
    ]);
  });

  it('shows audit entries only from within the hierarchy', async () => {
    const summary = (await call(server.app, 'IAccountService/GetDashboardSummary', {}, { cookie: await signIn(server.app, 'other.admin') })).body as unknown as Summary;
    expect(summary.LatestAuditEntries.length).toBeGreaterThan(0);
    const names = summary.LatestAuditEntries.map((e) => e.AccountDisplayName);
    expect(names).not.toContain('Contoso Ltd');
    expect(names).not.toContain('Claire Dubois');
  });

  it('shows a plain user only their own log: what they did and what was done to their account', async () => {
    const cookie = await signIn(server.app, 'company.user');
    const summary = (await call(server.app, 'IAccountService/GetDashboardSummary', {}, { cookie })).body as unknown as Summary;
    const own = (await call(server.app, 'IAuthorizationService/GetCurrentUser', {}, { cookie })).body.UserAccountId;
    expect(summary.LatestAuditEntries.map((e) => e.Action)).toEqual(expect.arrayContaining(['SignIn', 'AccountCreated']));
    expect(summary.LatestAuditEntries.every((e) => e.AccountId === own || e.ActorAccountId === own)).toBe(true);
    expect(summary.LatestAuditEntries.every((e) => !('Ip' in e))).toBe(true);
  });

  it('rejects unknown fields and needs a session', async () => {
    expect((await call(server.app, 'IAccountService/GetDashboardSummary', { x: 1 }, { cookie: await signIn(server.app, 'admin') })).status).toBe(400);
    expect((await call(server.app, 'IAccountService/GetDashboardSummary')).status).toBe(401);
  });
});

describe('the audit log', () => {
  it('refuses UPDATE and DELETE', async () => {
    await expect(server.handle.db.execute(sql`update audit_log set action = 'x'`)).rejects.toThrow();
    await expect(server.handle.db.execute(sql`delete from audit_log`)).rejects.toThrow();
  });
});
