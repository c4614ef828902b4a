import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, signIn, startTestServer, type TestServer } from '../test/testServer';

let server: TestServer;
type Term = { Id: number; Name: string; IsPrivacyPolicy: boolean; IsAccepted: boolean; AcceptedAt: string | null; TermsText: string };
const termsOf = async (cookie: string) => (await call(server.app, 'IAccountService/GetMyConfirmedTerms', {}, { cookie })).body as unknown as Term[];

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('GetMyConfirmedTerms', () => {
  it("lists the platform owner's and the reseller's terms for a Contoso user, none accepted yet", async () => {
    const terms = await termsOf(await signIn(server.app, 'company.user'));
    expect(terms.map((t) => [t.Name, t.IsPrivacyPolicy, t.IsAccepted])).toEqual([
      ['Terms of service', false, false],
      ['Privacy policy', true, false],
      ['Northwind reseller agreement', false, false],
    ]);
    expect(terms[0]!.TermsText).toContain('<h2>');
  });

  it("shows a Fabrikam user only the owner's terms", async () => {
    const terms = await termsOf(await signIn(server.app, 'litware.ops'));
    expect(terms.map((t) => t.Name)).toEqual(['Terms of service', 'Privacy policy']);
  });

  it('answers 401 without a session', async () => {
    expect((await call(server.app, 'IAccountService/GetMyConfirmedTerms', {})).status).toBe(401);
    expect((await call(server.app, 'IAccountService/AcceptTerms', { termId: 1 })).status).toBe(401);
  });
});

describe('AcceptTerms (spec §4: unaccepted becomes accepted after the call succeeds)', () => {
  it('accepts a term once; accepting it again is fine and changes nothing', async () => {
    const cookie = await signIn(server.app, 'company.user');
    const agreement = (await termsOf(cookie)).find((t) => t.Name === 'Northwind reseller agreement')!;
    expect((await call(server.app, 'IAccountService/AcceptTerms', { termId: agreement.Id }, { cookie })).body).toEqual({ Success: true });
    const accepted = (await termsOf(cookie)).find((t) => t.Id === agreement.Id)!;
    expect(accepted.IsAccepted).toBe(true);
    expect(accepted.AcceptedAt).not.toBeNull();

    expect((await call(server.app, 'IAccountService/AcceptTerms', { termId: agreement.Id }, { cookie })).status).toBe(200);
    expect((await termsOf(cookie)).find((t) => t.Id === agreement.Id)!.AcceptedAt).toBe(accepted.AcceptedAt);
    const audit = (await server.handle.db.execute(sql`select count(*)::int as n from audit_log where action = 'TermsAccepted'`)) as unknown as { rows: { n: number }[] };
    expect(audit.rows[0]!.n).toBe(1);
    // Other users still have to accept it themselves.
    expect((await termsOf(await signIn(server.app, 'company.admin'))).find((t) => t.Id === agreement.Id)!.IsAccepted).toBe(false);
  });

  it('accepts by account id and product name, as integrations call it', async () => {
    const cookie = await signIn(server.app, 'company.admin');
    const me = (await call(server.app, 'IAuthorizationService/GetCurrentUser', {}, { cookie })).body.UserAccountId as number;
    const result = await call(server.app, 'IAccountService/AcceptTerms', { accountId: me, productName: 'Northwind Cloud' }, { cookie });
    expect(result.status).toBe(200);
    expect((await termsOf(cookie)).find((t) => t.Name === 'Northwind reseller agreement')!.IsAccepted).toBe(true);
  });

  it("refuses a term of another reseller's hierarchy with 403", async () => {
    const agreement = (await termsOf(await signIn(server.app, 'company.user'))).find((t) => t.Name === 'Northwind reseller agreement')!;
    const result = await call(server.app, 'IAccountService/AcceptTerms', { termId: agreement.Id }, { cookie: await signIn(server.app, 'litware.ops') });
    expect(result.status).toBe(403);
  });

  it('answers 400 for a request without a term', async () => {
    const result = await call(server.app, 'IAccountService/AcceptTerms', {}, { cookie: await signIn(server.app, 'company.user') });
    expect(result.status).toBe(400);
  });
});
