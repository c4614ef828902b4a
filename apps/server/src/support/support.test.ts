import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, signIn, startTestServer, type TestServer } from '../test/testServer';

let server: TestServer;

const accountIdOf = async (displayName: string) => {
  const result = (await server.handle.db.execute(sql`select id from accounts where display_name = ${displayName}`)) as unknown as { rows: { id: number }[] };
  return result.rows[0]!.id;
};

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('GetSupportDetails (spec §3: inherited down the hierarchy)', () => {
  it("gives a Contoso user the details of their reseller, Northwind Cloud", async () => {
    const cookie = await signIn(server.app, 'company.user');
    const result = await call(server.app, 'IAccountService/GetSupportDetails', {}, { cookie });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({
      SupportPhoneNumber: '+44 20 7946 0321',
      SupportTechnicalEmail: 'support@northwind.example',
      SupportUrl: 'https://support.northwind.example',
      KnowledgeBaseUrl: 'https://academy.northwind.example',
      Imprint: 'https://northwind.example/imprint',
    });
  });

  it("gives a Fabrikam user, whose reseller has none, the platform owner's details", async () => {
    const cookie = await signIn(server.app, 'litware.ops');
    const result = await call(server.app, 'IAccountService/GetSupportDetails', {}, { cookie });
    expect(result.status).toBe(200);
    expect(result.body.SupportTechnicalEmail).toBe('support@cloudserviceproviders.example');
    expect(Object.keys(result.body)).toHaveLength(14);
  });

  it('answers 401 without a session', async () => {
    expect((await call(server.app, 'IAccountService/GetSupportDetails', {})).status).toBe(401);
  });
});

describe('SaveSupportDetails', () => {
  it("refuses a foreign reseller's account with 403, like a missing one", async () => {
    const cookie = await signIn(server.app, 'other.admin');
    const northwind = await accountIdOf('Northwind Cloud');
    const read = await call(server.app, 'IAccountService/GetSupportDetailsForAccount', { accountId: northwind }, { cookie });
    const save = await call(server.app, 'IAccountService/SaveSupportDetails', { accountId: northwind, supportDetails: { SupportPhoneNumber: '+49 30 1234567' } }, { cookie });
    const missing = await call(server.app, 'IAccountService/SaveSupportDetails', { accountId: 999_999, supportDetails: {} }, { cookie });
    expect([read.status, save.status, missing.status]).toEqual([403, 403, 403]);
    expect(save.body).toEqual(missing.body);
  });

  it('refuses a plain user, who may only read them', async () => {
    const cookie = await signIn(server.app, 'company.user');
    const result = await call(server.app, 'IAccountService/SaveSupportDetails', { accountId: await accountIdOf('Northwind Cloud'), supportDetails: {} }, { cookie });
    expect(result.status).toBe(403);
  });

  it('answers 400 naming the field for an invalid e-mail address or a non-web link', async () => {
    const cookie = await signIn(server.app, 'reseller.admin');
    const accountId = await accountIdOf('Northwind Cloud');
    const email = await call(server.app, 'IAccountService/SaveSupportDetails', { accountId, supportDetails: { SupportSalesEmail: 'sales at northwind' } }, { cookie });
    expect(email.status).toBe(400);
    expect(email.body.Message).toContain('supportDetails.SupportSalesEmail');
    const link = await call(server.app, 'IAccountService/SaveSupportDetails', { accountId, supportDetails: { SupportUrl: 'javascript:alert(1)' } }, { cookie });
    expect(link.status).toBe(400);
    expect(link.body.Message).toContain('supportDetails.SupportUrl');
  });

  it('refuses an account that is not a reseller', async () => {
    const cookie = await signIn(server.app, 'reseller.admin');
    const result = await call(server.app, 'IAccountService/SaveSupportDetails', { accountId: await accountIdOf('Contoso Ltd'), supportDetails: {} }, { cookie });
    expect(result.status).toBe(400);
    expect(result.body.Message).toBe('Support details can be set only for a reseller account.');
  });

  it('saves the details, audits it, and the users below see them', async () => {
    const cookie = await signIn(server.app, 'reseller.admin');
    const accountId = await accountIdOf('Northwind Cloud');
    const before = await call(server.app, 'IAccountService/GetSupportDetailsForAccount', { accountId }, { cookie });
    const changed = { ...(before.body.SupportDetails as Record<string, string>), SupportPhoneNumber: '+44 20 7946 0999', SupportButtonText: '' };
    const saved = await call(server.app, 'IAccountService/SaveSupportDetails', { accountId, supportDetails: changed }, { cookie });
    expect(saved.body).toEqual({ Success: true });

    const after = await call(server.app, 'IAccountService/GetSupportDetailsForAccount', { accountId }, { cookie });
    expect(after.body).toMatchObject({ AccountId: accountId, DisplayName: 'Northwind Cloud', SupportDetails: { SupportPhoneNumber: '+44 20 7946 0999', SupportButtonText: '' } });
    const user = await call(server.app, 'IAccountService/GetSupportDetails', {}, { cookie: await signIn(server.app, 'company.user') });
    expect(user.body.SupportPhoneNumber).toBe('+44 20 7946 0999');
    const audit = (await server.handle.db.execute(sql`select count(*)::int as n from audit_log where action = 'SupportDetailsSaved' and account_id = ${accountId}`)) as unknown as { rows: { n: number }[] };
    expect(audit.rows[0]!.n).toBe(1);
  });
});
