import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { hash } from '@node-rs/argon2';
import { call, DEMO_PASSWORD, signIn, startTestServer, type TestServer } from '../test/testServer';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('IAuthorizationService/Authenticate', () => {
  it('signs the demo administrator in and answers the session user with an integer UserAccountId', async () => {
    const result = await call(server.app, 'IAuthorizationService/Authenticate', { userName: 'admin', password: DEMO_PASSWORD });
    expect(result.status).toBe(200);
    expect(Number.isInteger(result.body.UserAccountId)).toBe(true);
    expect(result.body.Username).toBe('admin');
    expect(result.body.MustSetupMfa).toBe(false);
    expect(result.body.UserAuthenticationMethods).toEqual([]);
    expect((result.body.CompanyAccount as { DisplayName: string }).DisplayName).toBe('Cloud Service Providers');
    const session = result.response.cookies.find((c) => c.name === 'cmp_session');
    expect(session?.httpOnly).toBe(true);
    expect(session?.value.length).toBeGreaterThanOrEqual(43);
  });

  it('accepts the username in any case and trimmed, and optional MFA fields', async () => {
    const result = await call(server.app, 'IAuthorizationService/Authenticate', { userName: '  Company.Admin ', password: DEMO_PASSWORD, mfaToken: '', mfaMethodId: 1 });
    expect(result.status).toBe(200);
    expect(result.body.Username).toBe('company.admin');
  });

  it('gives the same answer for a wrong password and an unknown user', async () => {
    const wrong = await call(server.app, 'IAuthorizationService/Authenticate', { userName: 'admin', password: 'not-the-password' });
    const unknown = await call(server.app, 'IAuthorizationService/Authenticate', { userName: 'nobody.here', password: 'not-the-password' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.Message).toBe('The username or password is incorrect.');
    expect(wrong.response.cookies.find((c) => c.name === 'cmp_session')).toBeUndefined();
  });

  it('refuses a user without the Login capability with "Missing capabilities to log in."', async () => {
    const { db } = server.handle;
    await db.execute(sql`delete from user_roles where user_account_id = (select account_id from users where username = 'priya.patel')`);
    const result = await call(server.app, 'IAuthorizationService/Authenticate', { userName: 'priya.patel', password: DEMO_PASSWORD });
    expect(result.status).toBe(403);
    expect(result.body.Message).toBe('Missing capabilities to log in.');
  });

  it('names the missing field and rejects unknown fields with 400', async () => {
    const missing = await call(server.app, 'IAuthorizationService/Authenticate', { userName: 'admin' });
    expect(missing.status).toBe(400);
    expect(missing.body.Message).toContain('password');
    const wrongType = await call(server.app, 'IAuthorizationService/Authenticate', { userName: 'admin', password: 42 });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.Message).toContain('password');
    const extra = await call(server.app, 'IAuthorizationService/Authenticate', { userName: 'admin', password: DEMO_PASSWORD, isAdmin: true });
    expect(extra.status).toBe(400);
    expect(extra.body.Message).toContain('isAdmin');
  });

  it('treats SQL metacharacters as plain text', async () => {
    const result = await call(server.app, 'IAuthorizationService/Authenticate', { userName: "admin' or '1'='1", password: "x' or '1'='1" });
    expect(result.status).toBe(401);
  });

  it('audits successful and failed sign-ins', async () => {
    const rows = await server.handle.db.execute(sql`select action from audit_log where action in ('SignIn', 'SignInFailed')`);
    const actions = (rows as unknown as { rows: { action: string }[] }).rows.map((r) => r.action);
    expect(actions).toContain('SignIn');
    expect(actions).toContain('SignInFailed');
  });
});

describe('password hashes made with older parameters', () => {
  it('are replaced by a hash with the current parameters at the next successful sign-in', async () => {
    const hashOf = async () =>
      ((await server.handle.db.execute(sql`select password_hash as h from users where username = 'proseware.ops'`)) as unknown as { rows: { h: string }[] }).rows[0]!.h;
    const old = await hash(DEMO_PASSWORD, { memoryCost: 4096, timeCost: 2, parallelism: 1 });
    await server.handle.db.execute(sql`update users set password_hash = ${old} where username = 'proseware.ops'`);

    expect((await call(server.app, 'IAuthorizationService/Authenticate', { userName: 'proseware.ops', password: 'Wrong-Password-2024!' })).status).toBe(401);
    expect(await hashOf()).toBe(old);
    expect((await call(server.app, 'IAuthorizationService/Authenticate', { userName: 'proseware.ops', password: DEMO_PASSWORD })).status).toBe(200);
    const current = await hashOf();
    expect(current).not.toBe(old);
    expect(current).toMatch(new RegExp(`^\\$argon2id\\$v=19\\$m=${process.env.ARGON2_MEMORY_KIB ?? 65536},t=${process.env.ARGON2_TIME_COST ?? 3},p=1\\$`));
    expect((await call(server.app, 'IAuthorizationService/Authenticate', { userName: 'proseware.ops', password: DEMO_PASSWORD })).status).toBe(200);
  });
});

describe('GetCurrentUser, PingPong, Logout', () => {
  it('answers 401 without a session', async () => {
    const result = await call(server.app, 'IAuthorizationService/GetCurrentUser');
    expect(result.status).toBe(401);
    expect(result.body.Message).toMatch(/not signed in/);
  });

  it('answers the whole session user of the specification', async () => {
    const cookie = await signIn(server.app, 'company.admin');
    const result = await call(server.app, 'IAuthorizationService/GetCurrentUser', {}, { cookie });
    expect(result.status).toBe(200);
    for (const key of ['SessionId', 'UserAccountId', 'Username', 'UserAuthenticationMethods', 'MustSetupMfa', 'Capability', 'UserAccount', 'CompanyAccount', 'ImpersonatorAccountId', 'ImpersonatorAccount', 'Category', 'PaasType', 'PaasCountry', 'PaasName', 'AccountPath', 'LastLogon']) {
      expect(result.body).toHaveProperty(key);
    }
    const company = result.body.CompanyAccount as { DisplayName: string; Views: Record<string, { Values: Record<string, string> }> };
    expect(company.DisplayName).toBe('Contoso Ltd');
    expect(company.Views.Company!.Values).toMatchObject({ Country: 'GB', AccountIdentificator: 'CON-2001', DisplayName: 'Contoso Ltd' });
    expect((result.body.UserAccount as { Views: Record<string, { Values: Record<string, string> }> }).Views.User!.Values.Firstname).toBe('Claire');
    expect(result.body.AccountPath).toMatch(/^(\/\d+)+\/$/);
    expect(result.body.Capability).toContainEqual(expect.objectContaining({ ObjectType: 'LOGIN', Execute: true }));
    expect(result.body.SessionId).not.toBe(cookie.match(/cmp_session=([^;]+)/)![1]);
  });

  it('keeps a session alive with PingPong', async () => {
    const cookie = await signIn(server.app, 'company.user');
    const result = await call(server.app, 'IAuthorizationService/PingPong', {}, { cookie });
    expect(result.status).toBe(200);
    expect(result.body.Pong).toBe('Pong');
  });

  it('kills the session id on Logout', async () => {
    const cookie = await signIn(server.app, 'company.user');
    const out = await call(server.app, 'IAuthorizationService/Logout', {}, { cookie });
    expect(out.status).toBe(200);
    const after = await call(server.app, 'IAuthorizationService/GetCurrentUser', {}, { cookie });
    expect(after.status).toBe(401);
  });

  it('kills the session on GET /keeper/logout and /dash/logout', async () => {
    for (const url of ['/keeper/logout', '/dash/logout']) {
      const cookie = await signIn(server.app, 'company.user');
      const res = await server.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(res.statusCode).toBe(302);
      expect((await call(server.app, 'IAuthorizationService/GetCurrentUser', {}, { cookie })).status).toBe(401);
    }
  });

  it('ends a session after the idle timeout', async () => {
    const cookie = await signIn(server.app, 'company.user');
    await server.handle.db.execute(sql`update sessions set last_seen_at = now() - interval '31 minutes'`);
    expect((await call(server.app, 'IAuthorizationService/GetCurrentUser', {}, { cookie })).status).toBe(401);
  });
});

describe('SetLanguage', () => {
  it('saves a supported language and answers errors in it', async () => {
    const cookie = await signIn(server.app, 'reseller.admin');
    expect((await call(server.app, 'IAuthorizationService/SetLanguage', { languageCode: 'de' }, { cookie })).status).toBe(200);
    const me = await call(server.app, 'IAuthorizationService/GetCurrentUser', {}, { cookie });
    expect(me.body.Locale).toBe('de');
    const german = await call(server.app, 'IAuthorizationService/GetCurrentUser', {}, { headers: { 'accept-language': 'de-DE,de;q=0.9' } });
    expect(german.status).toBe(401);
    expect(german.body.Message).not.toBe((await call(server.app, 'IAuthorizationService/GetCurrentUser')).body.Message);
  });

  it('refuses an unsupported language code', async () => {
    const cookie = await signIn(server.app, 'reseller.admin');
    const result = await call(server.app, 'IAuthorizationService/SetLanguage', { languageCode: 'xx' }, { cookie });
    expect(result.status).toBe(400);
    expect(result.body.Message).toContain('languageCode');
  });

  it('needs a session', async () => {
    expect((await call(server.app, 'IAuthorizationService/SetLanguage', { languageCode: 'de' })).status).toBe(401);
  });
});

