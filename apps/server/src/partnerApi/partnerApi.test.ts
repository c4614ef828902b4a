import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { hash } from 'node:crypto';
import { rowsOf } from '../platform/db/rowsOf';
import { DEMO_PASSWORD, startTestServer, type TestServer } from '../test/testServer';
import { assertDefinitionAnswer, partnerCall, partnerToken } from './test/partnerClient';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const accountIdOf = async (displayName: string) => {
  const [row] = await rowsOf<{ id: number }>(server.handle.db, sql`select id from accounts where display_name = ${displayName} limit 1`);
  return Number(row!.id);
};

describe('SimpleAPI Authenticate (issue 33)', () => {
  it('GetSessionToken answers the token as a bare JSON string, sets no cookie and stores only its hash', async () => {
    const answer = await partnerCall(server.app, 'GetSessionToken', { username: 'reseller.admin', password: DEMO_PASSWORD });
    expect(answer.status).toBe(200);
    expect(answer.contentType).toMatch(/^application\/json/);
    expect(typeof answer.json).toBe('string');
    expect(answer.setCookie).toBeUndefined();
    const token = answer.json as string;
    expect(token.length).toBeGreaterThanOrEqual(43);
    const [stored] = await rowsOf<{ n: number }>(server.handle.db, sql`select count(*)::int as n from sessions where token_hash = ${hash('sha256', token, 'hex')}`);
    expect(Number(stored!.n)).toBe(1);
    const [plain] = await rowsOf<{ n: number }>(server.handle.db, sql`select count(*)::int as n from sessions where token_hash = ${token}`);
    expect(Number(plain!.n)).toBe(0);
  });

  it('takes the token as "CCPSessionId <token>" and bare; PingPong answers 200 with no body', async () => {
    const token = await partnerToken(server.app, 'reseller.admin');
    const prefixed = await partnerCall(server.app, 'PingPong', {}, { token });
    expect(prefixed.status).toBe(200);
    expect(prefixed.text).toBe('');
    const bare = await partnerCall(server.app, 'PingPong', undefined, { authenticate: token, rawBody: '' });
    expect(bare.status).toBe(200);
  });

  it('accepts a trailing newline, a charset parameter and the definition\'s "charset=UTF8" spelling', async () => {
    const token = await partnerToken(server.app, 'reseller.admin');
    const newline = await partnerCall(server.app, 'GetCompany', undefined, { token, rawBody: '{}\n', contentType: 'application/json;charset=UTF8' });
    expect(newline.status).toBe(200);
  });

  it('answers a wrong password with an XML fault the published clients can read, the same as for an unknown user', async () => {
    const wrong = await partnerCall(server.app, 'GetSessionToken', { username: 'reseller.admin', password: 'not-it' });
    const unknown = await partnerCall(server.app, 'GetSessionToken', { username: 'nobody.at.all', password: 'not-it' });
    expect(wrong.status).toBe(401);
    expect(wrong.contentType).toMatch(/^application\/xml/);
    expect(wrong.fault).toMatchObject({ code: 'Sender', reason: 'The username or password is incorrect.', message: 'The username or password is incorrect.', isSessionExpired: false });
    expect(unknown.fault?.message).toBe(wrong.fault?.message);
    expect(unknown.status).toBe(401);
  });

  it('answers an unknown or ended token 401 with IsSessionExpired true; TerminateSessionToken ends it', async () => {
    const none = await partnerCall(server.app, 'PingPong', {}, { token: 'made-up-token' });
    expect(none.status).toBe(401);
    expect(none.fault?.isSessionExpired).toBe(true);
    const missing = await partnerCall(server.app, 'GetCompany', {});
    expect(missing.status).toBe(401);
    expect(missing.fault?.isSessionExpired).toBe(true);

    const token = await partnerToken(server.app, 'reseller.admin');
    const ended = await partnerCall(server.app, 'TerminateSessionToken', undefined, { token, rawBody: '' });
    expect(ended.status).toBe(200);
    const after = await partnerCall(server.app, 'PingPong', {}, { token });
    expect(after.status).toBe(401);
    expect(after.fault?.isSessionExpired).toBe(true);
  });

  it('refuses a user who signs in with a second factor, saying so', async () => {
    const { db } = server.handle;
    await db.execute(sql`
      insert into mfa_methods (user_account_id, kind, name, is_enabled, is_pending, is_primary, secret)
      select account_id, 'Totp', 'Phone', true, false, true, 'JBSWY3DPEHPK3PXP' from users where username = 'company.user'`);
    const answer = await partnerCall(server.app, 'GetSessionToken', { username: 'company.user', password: DEMO_PASSWORD });
    expect(answer.status).toBe(403);
    expect(answer.fault?.message).toContain('multi-factor authentication');
  });

  it('names the field of a bad body, and refuses unknown fields and wrong casing (the body is case-sensitive)', async () => {
    const missing = await partnerCall(server.app, 'GetSessionToken', { username: 'admin' });
    expect(missing.status).toBe(400);
    expect(missing.fault?.message).toContain('password');
    const casing = await partnerCall(server.app, 'GetSessionToken', { Username: 'admin', Password: DEMO_PASSWORD });
    expect(casing.status).toBe(400);
    const token = await partnerToken(server.app, 'reseller.admin');
    const wrongType = await partnerCall(server.app, 'GetCompanies', { parentAccountId: 'one' }, { token });
    expect(wrongType.status).toBe(400);
    expect(wrongType.fault?.message).toContain('parentAccountId');
    const nul = await partnerCall(server.app, 'GetSessionToken', { username: 'admin\u0000', password: 'x' });
    expect(nul.status).toBe(400);
    const notJson = await partnerCall(server.app, 'GetCompany', undefined, { token, rawBody: '{"accountId":' });
    expect(notJson.status).toBe(400);
    expect(notJson.fault?.message.length).toBeGreaterThan(0);
    const unknownOperation = await partnerCall(server.app, 'GetEverything', {}, { token });
    expect(unknownOperation.status).toBe(404);
    expect(unknownOperation.fault?.message).toContain('GetEverything');
  });

  it('writes the fault in the token owner\'s language', async () => {
    await server.handle.db.execute(sql`update users set locale = 'de' where username = 'reseller.admin'`);
    try {
      const token = await partnerToken(server.app, 'reseller.admin');
      const answer = await partnerCall(server.app, 'GetCompanies', { parentAccountId: 'x' }, { token });
      expect(answer.status).toBe(400);
      expect(answer.fault?.message).toMatch(/^Ungültige Anfrage: parentAccountId/);
    } finally {
      await server.handle.db.execute(sql`update users set locale = null where username = 'reseller.admin'`);
    }
  });
});

describe('SimpleAPI Company and Reseller (issue 33)', () => {
  it('GetCompany without an id answers the caller\'s own company as the definition\'s Company array', async () => {
    const token = await partnerToken(server.app, 'company.admin');
    const answer = await partnerCall(server.app, 'GetCompany', {}, { token });
    expect(answer.status).toBe(200);
    assertDefinitionAnswer('GetCompany', answer.json);
    expect((answer.json as { CompanyName: string }[])[0]!.CompanyName).toBe('Contoso Ltd');
  });

  it('GetCompanies lists the companies one level under a reseller, each as the definition writes it', async () => {
    const token = await partnerToken(server.app, 'reseller.admin');
    const [own] = (await partnerCall(server.app, 'GetReseller', {}, { token })).json as { AccountId: number }[];
    const answer = await partnerCall(server.app, 'GetCompanies', { parentAccountId: own!.AccountId }, { token });
    expect(answer.status).toBe(200);
    assertDefinitionAnswer('GetCompanies', answer.json);
    const names = (answer.json as { CompanyName: string; AccountType: string }[]).map((company) => company.CompanyName);
    expect(names).toContain('Contoso Ltd');
    expect((answer.json as { AccountType: string }[]).every((company) => company.AccountType === 'Company')).toBe(true);
  });

  it('GetReseller and GetResellers answer the definition\'s shape', async () => {
    const token = await partnerToken(server.app, 'admin');
    const reseller = await partnerCall(server.app, 'GetReseller', { accountId: await accountIdOf('Contoso Ltd') }, { token });
    expect(reseller.status).toBe(404);
    expect(reseller.fault?.message).toContain('is not a reseller');
    const [own] = (await partnerCall(server.app, 'GetCompany', {}, { token })).json as { AccountId: number }[];
    const list = await partnerCall(server.app, 'GetResellers', { parentAccountId: own!.AccountId }, { token });
    expect(list.status).toBe(200);
    assertDefinitionAnswer('GetResellers', list.json);
    expect((list.json as unknown[]).length).toBeGreaterThan(0);
  });

  it('never answers an account of another reseller: 403 as a fault, the same as for a missing id', async () => {
    const token = await partnerToken(server.app, 'other.admin');
    const foreign = await partnerCall(server.app, 'GetCompany', { accountId: await accountIdOf('Contoso Ltd') }, { token });
    const missing = await partnerCall(server.app, 'GetCompany', { accountId: 99_999_999 }, { token });
    expect(foreign.status).toBe(403);
    expect(missing.status).toBe(403);
    expect(foreign.fault?.message).toBe(missing.fault?.message);
    const children = await partnerCall(server.app, 'GetCompanies', { parentAccountId: await accountIdOf('Contoso Ltd') }, { token });
    expect(children.status).toBe(403);
  });
});

describe('SimpleAPI documentation (issue 33)', () => {
  it('publishes every partner operation in /api/partner-openapi.json, and the docs page offers both documents', async () => {
    const document = await server.app.inject({ method: 'GET', url: '/api/partner-openapi.json' });
    expect(document.statusCode).toBe(200);
    const paths = Object.keys((document.json() as { paths: Record<string, unknown> }).paths);
    expect(paths).toContain('/SimpleAPI/SimpleAPIService.svc/rest/GetSessionToken');
    expect(paths).toContain('/SimpleAPI/SimpleAPIService.svc/rest/GetCompanies');
    const initializer = await server.app.inject({ method: 'GET', url: '/api/docs/swagger-initializer.js' });
    expect(initializer.body).toContain('/api/partner-openapi.json');
  });
});
