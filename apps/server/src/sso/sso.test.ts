import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { call, DEMO_PASSWORD, signIn, startTestServer, type TestServer } from '../test/testServer';
import { syncSsoProviders } from './ssoProviderSync';
import { obtainAuthorizationCode, startTestIdentityProvider, type TestIdentityProvider } from '../test/oidcProvider';

// spec §2 /sso-auth and /sso-link, §7 AuthenticateOpenId and AuthenticateWithSubConfirmation, against
// a real OpenID provider on 127.0.0.1.
const PORTAL = 'http://portal.test';
const PORTAL_STATE = encodeURIComponent(PORTAL);

let idp: TestIdentityProvider;
let server: TestServer;

const rows = async <T>(query: ReturnType<typeof sql>) => ((await server.handle.db.execute(query)) as unknown as { rows: T[] }).rows;
const idOf = async (username: string) => (await rows<{ account_id: number }>(sql`select account_id from users where username = ${username}`))[0]!.account_id;
const auditOf = (action: string) => rows<{ details: Record<string, unknown>; account_id: number | null }>(sql`select details, account_id from audit_log where action = ${action} order by id`);

/** A full round at the provider as `subject`, then AuthenticateOpenId as the portal sends it. */
async function signInWithSso(subject: string, overrides: { state?: string; code?: string } = {}) {
  const { code, state } = await obtainAuthorizationCode(idp, { subject, redirectUri: PORTAL, state: PORTAL_STATE });
  return call(server.app, 'IAuthorizationService/AuthenticateOpenId', { code: overrides.code ?? code, state: overrides.state ?? state, clientName: 'test-idp' });
}

const link = (openIdSubIdentifier: unknown, userName: string, password = DEMO_PASSWORD) =>
  call(server.app, 'IAuthorizationService/AuthenticateWithSubConfirmation', { userName, password, openIdSubIdentifier });

beforeAll(async () => {
  idp = await startTestIdentityProvider({ redirectUris: [PORTAL] });
  server = await startTestServer({
    publicUrl: PORTAL,
    ssoProviders: [{ id: 'test-idp', name: 'Test IdP', issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, scope: 'openid email profile' }],
  });
});
afterAll(async () => {
  await server?.close();
  await idp?.close();
});

describe('SSO provider configuration', () => {
  it("publishes a login button with the provider's discovered authorization endpoint, and never the secret", async () => {
    const response = await server.app.inject({ method: 'GET', url: '/branding/latest/config.gen.js' });
    expect(response.body).not.toContain(idp.clientSecret);
    const branding = JSON.parse(response.body.slice(response.body.indexOf('{'), -1)) as { sso_setup_list: unknown[] };
    expect(branding.sso_setup_list).toEqual([{ id: 'test-idp', name: 'Test IdP', auth_endpoint: `${idp.issuer}/auth`, client: idp.clientId, scope: 'openid email profile' }]);
  });
});

describe('AuthenticateOpenId and AuthenticateWithSubConfirmation', () => {
  let linkToken: string;

  it('answers LinkRequired with a one-time identifier for a subject nobody is linked to', async () => {
    const result = await signInWithSso('claire@contoso');
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ MfaRequired: false, UserAuthenticationMethods: [], LinkRequired: true });
    linkToken = result.body.OpenIdSubIdentifier as string;
    expect(linkToken).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(result.response.cookies.find((c) => c.name === 'cmp_session')).toBeUndefined();
    const stored = await rows<{ token_hash: string; subject: string }>(sql`select token_hash, subject from sso_pending_links`);
    expect(stored).toEqual([expect.objectContaining({ subject: 'claire@contoso' })]);
    expect(stored[0]!.token_hash).not.toBe(linkToken);
  });

  it('refuses a wrong password with 401 and keeps the pending link', async () => {
    const wrong = await link(linkToken, 'company.admin', 'not-the-password');
    expect(wrong.status).toBe(401);
    expect((await auditOf('SignInFailed')).at(-1)!.details).toMatchObject({ reason: 'wrong_password' });
    expect(await rows(sql`select 1 from sso_pending_links`)).toHaveLength(1);
  });

  it('links the subject with the right password and signs the user in', async () => {
    const result = await link(linkToken, 'company.admin');
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ UserAccountId: await idOf('company.admin'), Username: 'company.admin', MfaRequired: false, LinkRequired: false });
    expect(result.response.cookies.find((c) => c.name === 'cmp_session')?.httpOnly).toBe(true);
    expect((await auditOf('SsoLinked')).at(-1)).toMatchObject({ account_id: await idOf('company.admin'), details: { provider: 'test-idp', subject: 'claire@contoso' } });
    expect((await auditOf('SignIn')).at(-1)!.details).toEqual({ via: 'sso-link' });
  });

  it('accepts a link identifier once only', async () => {
    const again = await link(linkToken, 'company.admin');
    expect(again.status).toBe(400);
    expect(again.body.Message).toBe('This single sign-on link has expired. Please sign in with single sign-on again.');
    expect((await link('made-up', 'company.admin')).status).toBe(400);
  });

  it('signs a linked subject in directly on the next round', async () => {
    const result = await signInWithSso('claire@contoso');
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ UserAccountId: await idOf('company.admin'), LinkRequired: false });
    const cookie = result.response.cookies.find((c) => c.name === 'cmp_session');
    expect(cookie).toBeDefined();
    const me = await call(server.app, 'IAuthorizationService/GetCurrentUser', {}, { cookie: `cmp_session=${cookie!.value}` });
    expect(me.body.Username).toBe('company.admin');
    expect((await auditOf('SignIn')).at(-1)!.details).toEqual({ via: 'sso' });
  });

  it('keeps a subject with the user it is linked to', async () => {
    const first = await signInWithSso('shared@contoso');
    const second = await signInWithSso('shared@contoso');
    expect((await link(first.body.OpenIdSubIdentifier, 'company.user')).status).toBe(200);
    const stolen = await link(second.body.OpenIdSubIdentifier, 'priya.patel');
    expect(stolen.status).toBe(400);
    expect((await auditOf('SignInFailed')).at(-1)!.details).toMatchObject({ reason: 'subject_linked_to_other_user' });
    expect((await signInWithSso('shared@contoso')).body.UserAccountId).toBe(await idOf('company.user'));
  });

  it('does not let a password alone link a user who has a second factor', async () => {
    const cookie = await signIn(server.app, 'lena.nowak');
    const setup = await call(server.app, 'IAccountService/SetupAuthenticationMethod', { authenticationMethod: 'AuthenticatorApp', newName: 'Phone' }, { cookie });
    const code = new TOTP({ secret: Secret.fromBase32(setup.body.Secret as string), algorithm: 'SHA1', digits: 6, period: 30 }).generate();
    expect((await call(server.app, 'IAccountService/ConfirmAuthenticationMethod', { authenticationMethodId: setup.body.AuthenticationMethodId, mfaToken: code }, { cookie })).status).toBe(200);

    const pending = await signInWithSso('lena@contoso');
    const result = await link(pending.body.OpenIdSubIdentifier, 'lena.nowak');
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ MfaRequired: true, LinkRequired: false });
    expect(result.response.cookies.find((c) => c.name === 'cmp_session')).toBeUndefined();
    expect((await signInWithSso('lena@contoso')).body.LinkRequired).toBe(true);

    // With the code as well, the link is made and later SSO sign-ins need neither password nor link.
    const totp = new TOTP({ secret: Secret.fromBase32(setup.body.Secret as string), algorithm: 'SHA1', digits: 6, period: 30 });
    const confirm = (mfaToken: string) =>
      call(server.app, 'IAuthorizationService/AuthenticateWithSubConfirmation', { userName: 'lena.nowak', password: DEMO_PASSWORD, openIdSubIdentifier: pending.body.OpenIdSubIdentifier, mfaToken, mfaMethodId: setup.body.AuthenticationMethodId });
    const wrong = await confirm('000000');
    expect(wrong.status).toBe(401);
    expect(wrong.body.Message).toBe('MFA code is incorrect. Please try again.');
    const linked = await confirm(totp.generate({ timestamp: Date.now() + 30_000 }));
    expect(linked.status).toBe(200);
    expect(linked.body.Username).toBe('lena.nowak');
    expect((await auditOf('SignIn')).at(-1)!.details).toEqual({ via: 'sso-link+mfa' });
    expect((await signInWithSso('lena@contoso')).body.Username).toBe('lena.nowak');
  });

  it('answers 400 for a code the provider does not know', async () => {
    const result = await call(server.app, 'IAuthorizationService/AuthenticateOpenId', { code: 'not-a-code', state: PORTAL_STATE, clientName: 'test-idp' });
    expect(result.status).toBe(400);
    expect(result.body.Message).toBe('Single sign-on failed. Please try again or sign in with your username and password.');
    expect((await auditOf('SignInFailed')).at(-1)!.details).toMatchObject({ via: 'sso', reason: 'code_exchange_failed', error: 'invalid_grant' });
  });

  it('answers 400 for a code used twice', async () => {
    const { code } = await obtainAuthorizationCode(idp, { subject: 'claire@contoso', redirectUri: PORTAL, state: PORTAL_STATE });
    const first = await call(server.app, 'IAuthorizationService/AuthenticateOpenId', { code, state: PORTAL_STATE, clientName: 'test-idp' });
    expect(first.status).toBe(200);
    expect((await call(server.app, 'IAuthorizationService/AuthenticateOpenId', { code, state: PORTAL_STATE, clientName: 'test-idp' })).status).toBe(400);
  });

  it('refuses a state naming an origin that is not this portal, before the code is used', async () => {
    const foreign = await signInWithSso('claire@contoso', { state: encodeURIComponent('http://evil.test') });
    expect(foreign.status).toBe(400);
    expect((await auditOf('SignInFailed')).at(-1)!.details).toMatchObject({ reason: 'foreign_redirect_origin' });
    const withPath = await signInWithSso('claire@contoso', { state: encodeURIComponent(`${PORTAL}/x`) });
    expect(withPath.status).toBe(400);
  });

  it('answers 400 for a provider that is not configured', async () => {
    const result = await call(server.app, 'IAuthorizationService/AuthenticateOpenId', { code: 'x', state: PORTAL_STATE, clientName: 'nope' });
    expect(result.status).toBe(400);
    expect(result.body.Message).toMatch(/^Single sign-on failed/);
  });

  it('answers 429 to an address that keeps sending bad codes, before asking the provider again', async () => {
    const prober = '203.0.113.91';
    const probe = (code: string) => call(server.app, 'IAuthorizationService/AuthenticateOpenId', { code, state: PORTAL_STATE, clientName: 'test-idp' }, { remoteAddress: prober });
    // The first failures are exchanged with the provider and refused by it; the limit is the password form's (100 per 15 min).
    for (let i = 0; i < 3; i += 1) expect((await probe(`guess-${i}`)).status).toBe(400);
    await server.handle.db.execute(sql`update sign_in_failures set failures = 100 where username = '' and address = ${prober}`);
    expect((await probe('guess-100')).status).toBe(400);
    const blocked = await probe('guess-101');
    expect(blocked.status).toBe(429);
    // Another address is not affected, and the password form shares the limit.
    expect((await call(server.app, 'IAuthorizationService/AuthenticateOpenId', { code: 'x', state: PORTAL_STATE, clientName: 'test-idp' }, { remoteAddress: '203.0.113.92' })).status).toBe(400);
    expect((await call(server.app, 'IAuthorizationService/Authenticate', { userName: 'company.admin', password: DEMO_PASSWORD }, { remoteAddress: prober })).status).toBe(429);
  });
});

describe('syncSsoProviders at a later start', () => {
  const ROOT = sql`(select min(id) from accounts where parent_id is null)`;

  it('drops the button and secret of a provider no longer configured and keeps every other branding value', async () => {
    const { db } = server.handle;
    const manual = { id: 'manual', name: 'Hand made', auth_endpoint: 'https://idp.example/auth', client: 'x', scope: 'openid' };
    await db.execute(sql`update branding set config = config || ${JSON.stringify({ title: 'Own title', sso_setup_list: [manual] })}::jsonb where owner_account_id = ${ROOT}`);
    const stopped = await syncSsoProviders(db, { ...server.config, ssoProviders: [] }, server.app.log);
    stopped.stop();
    expect(await rows(sql`select id from sso_providers`)).toEqual([]);
    const branding = async () => (await rows<{ config: Record<string, unknown> }>(sql`select config from branding where owner_account_id = ${ROOT}`))[0]!.config;
    expect(await branding()).toMatchObject({ title: 'Own title', sso_setup_list: [manual] });

    (await syncSsoProviders(db, server.config, server.app.log)).stop();
    expect((await branding()).sso_setup_list).toEqual([expect.objectContaining({ id: 'test-idp' }), manual]);
    expect((await signInWithSso('claire@contoso')).body.Username).toBe('company.admin');
  });
});

describe('a provider that is down at start', () => {
  it('starts without its login button, and the first sign-in after it comes up discovers it', async () => {
    const port = await freePort();
    const late = { id: 'late-idp', name: 'Late IdP', issuer: `http://127.0.0.1:${port}`, clientId: 'late-client', clientSecret: 'late-secret', scope: 'openid' };
    const other = await startTestServer({ publicUrl: PORTAL, ssoProviders: [late] });
    let lateIdp: TestIdentityProvider | undefined;
    try {
      const response = await other.app.inject({ method: 'GET', url: '/branding/latest/config.gen.js' });
      expect(response.body).toContain('"sso_setup_list":[]');
      const down = await call(other.app, 'IAuthorizationService/AuthenticateOpenId', { code: 'x', state: PORTAL_STATE, clientName: late.id });
      expect(down.status).toBe(400);

      lateIdp = await startTestIdentityProvider({ redirectUris: [PORTAL], port, clientId: late.clientId, clientSecret: late.clientSecret });
      const { code, state } = await obtainAuthorizationCode(lateIdp, { subject: 'late@contoso', redirectUri: PORTAL, state: PORTAL_STATE, scope: 'openid' });
      const up = await call(other.app, 'IAuthorizationService/AuthenticateOpenId', { code, state, clientName: late.id });
      expect(up.status).toBe(200);
      expect(up.body.LinkRequired).toBe(true);
    } finally {
      await other.close();
      await lateIdp?.close();
    }
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
