import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { call, cookieHeader, DEMO_PASSWORD, signIn, startTestServer, type TestServer } from '../test/testServer';
import { startSmtpReceiver } from '../test/smtpReceiver';
import { jobsSettled } from '../test/jobQueue';
import { PASSWORD_RESET_MAIL_JOB } from './jobs';

let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
const NEW_PASSWORD = 'Brisk-Falcon-42-River';

const idOf = async (username: string) => {
  const rows = (await server.handle.db.execute(sql`select account_id from users where username = ${username}`)) as unknown as { rows: { account_id: number }[] };
  return rows.rows[0]!.account_id;
};
const totpCode = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: Date.now() + offsetSteps * 30_000 });

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  server = await startTestServer({ smtpUrl: smtp.url, publicUrl: 'http://portal.test' });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

describe('ValidateUserPassword', () => {
  it('lists each unmet rule for the signed-in user, including their names', async () => {
    const cookie = await signIn(server.app, 'company.admin');
    const result = await call(server.app, 'IAccountService/ValidateUserPassword', { password: 'contoso' }, { cookie });
    expect(result.status).toBe(200);
    expect(result.body.IsValid).toBe(false);
    expect(result.body.UnmetRules).toEqual(['min_length', 'digit', 'special', 'uppercase', 'personal_info']);
    expect((await call(server.app, 'IAccountService/ValidateUserPassword', { password: NEW_PASSWORD }, { cookie })).body).toMatchObject({ IsValid: true, UnmetRules: [] });
    expect((await call(server.app, 'IAccountService/ValidateUserPassword', { password: DEMO_PASSWORD }, { cookie })).body.UnmetRules).toContain('history');
  });

  it('checks only the general rules without a session or reset link', async () => {
    const result = await call(server.app, 'IAccountService/ValidateUserPassword', { password: 'Password1234!' });
    expect(result.body.UnmetRules).toEqual(['compromised']);
  });
});

describe('ChangeMyPassword', () => {
  it('refuses a wrong current password with "Password mismatch" and a weak new one naming the rules', async () => {
    const cookie = await signIn(server.app, 'tailspin.admin');
    const wrong = await call(server.app, 'ISelfCareService/ChangeMyPassword', { currentPassword: 'nope', newPassword: NEW_PASSWORD }, { cookie });
    expect(wrong.status).toBe(400);
    expect(wrong.body.Message).toBe('Password mismatch');
    const weak = await call(server.app, 'ISelfCareService/ChangeMyPassword', { currentPassword: DEMO_PASSWORD, newPassword: 'short' }, { cookie });
    expect(weak.status).toBe(400);
    expect(weak.body.Message).toContain('at least 12 characters');
  });

  it('counts a wrong current password like a failed sign-in: after the limit even the right one answers "Password mismatch" (issue 11)', async () => {
    const cookie = await signIn(server.app, 'priya.patel');
    const guesser = '198.51.100.60';
    const change = (currentPassword: string, newPassword: string) => call(server.app, 'ISelfCareService/ChangeMyPassword', { currentPassword, newPassword }, { cookie, remoteAddress: guesser });
    const mismatch = await change('guess-0', 'short');
    expect(mismatch).toMatchObject({ status: 400, body: { Message: 'Password mismatch' } });
    for (let i = 1; i < 10; i += 1) expect((await change(`guess-${i}`, NEW_PASSWORD)).body).toEqual(mismatch.body);
    // Locked now: the right password tells nothing, whatever the new one, and changes nothing.
    for (const newPassword of ['short', NEW_PASSWORD]) expect(await change(DEMO_PASSWORD, newPassword)).toMatchObject({ status: 400, body: mismatch.body });
    // The same counter as sign-in: that address is locked out of signing in too, another is not.
    expect((await call(server.app, 'IAuthorizationService/Authenticate', { userName: 'priya.patel', password: DEMO_PASSWORD }, { remoteAddress: guesser })).status).toBe(401);
    expect((await call(server.app, 'IAuthorizationService/Authenticate', { userName: 'priya.patel', password: DEMO_PASSWORD }, { remoteAddress: '198.51.100.61' })).status).toBe(200);
    const audited = (await server.handle.db.execute(sql`select count(*)::int as n from audit_log where action = 'SignInFailed' and details->>'via' = 'change_password' and ip = ${guesser}`)) as unknown as { rows: { n: number }[] };
    expect(audited.rows[0]!.n).toBe(12);
  });

  it('changes the password and ends every other session of the user', async () => {
    const other = await signIn(server.app, 'tailspin.admin');
    const cookie = await signIn(server.app, 'tailspin.admin');
    const result = await call(server.app, 'ISelfCareService/ChangeMyPassword', { currentPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD }, { cookie });
    expect(result.status).toBe(200);
    expect((await call(server.app, 'IAuthorizationService/GetCurrentUser', {}, { cookie: other })).status).toBe(401);
    expect((await call(server.app, 'IAuthorizationService/GetCurrentUser', {}, { cookie })).status).toBe(200);
    expect((await call(server.app, 'IAuthorizationService/Authenticate', { userName: 'tailspin.admin', password: NEW_PASSWORD })).status).toBe(200);
    const again = await call(server.app, 'ISelfCareService/ChangeMyPassword', { currentPassword: NEW_PASSWORD, newPassword: DEMO_PASSWORD }, { cookie });
    expect(again.status).toBe(400);
    expect(again.body.Message).toContain('last 10');
  });
});

describe('password reset by e-mail', () => {
  it('answers the same for an unknown user and sends nothing', async () => {
    const before = smtp.mails.length;
    const result = await call(server.app, 'ISelfCareService/RequestResetPassword', { username: 'nobody' });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ Success: true });
    await jobsSettled(server.handle.db, PASSWORD_RESET_MAIL_JOB);
    expect(smtp.mails.length).toBe(before);
  });

  it('mails a single-use link that sets a new password and ends all sessions', async () => {
    const session = await signIn(server.app, 'aw.admin');
    expect((await call(server.app, 'ISelfCareService/RequestResetPassword', { username: 'AW.Admin' })).status).toBe(200);
    const mail = await smtp.waitFor((m) => m.to.includes('aw.admin@adventureworks.example'));
    const link = mail.raw.match(/http:\/\/portal\.test\/#\/reset-password\/([^/\s]+)\/([A-Za-z0-9_-]+)/);
    expect(link).not.toBeNull();
    const [, username, token] = link!;
    expect((await call(server.app, 'IAccountService/ValidateUserPassword', { password: 'adventure-Works-1!', username, token })).body.UnmetRules).toContain('personal_info');
    expect((await call(server.app, 'ISelfCareService/ResetPassword', { username, token: 'wrong', newPassword: NEW_PASSWORD })).body.Message).toMatch(/invalid or has expired/);
    const reset = await call(server.app, 'ISelfCareService/ResetPassword', { username, token, newPassword: NEW_PASSWORD });
    expect(reset.status).toBe(200);
    expect((await call(server.app, 'IAuthorizationService/GetCurrentUser', {}, { cookie: session })).status).toBe(401);
    expect((await call(server.app, 'IAuthorizationService/Authenticate', { userName: 'aw.admin', password: NEW_PASSWORD })).status).toBe(200);
    expect((await call(server.app, 'ISelfCareService/ResetPassword', { username, token, newPassword: 'Another-Falcon-43-River' })).status).toBe(400);
  });
});

describe('authenticator app (TOTP)', () => {
  let cookie: string;
  let secret: string;
  let methodId: number;

  it('sets up a method with a QR code and confirms it with a code', async () => {
    cookie = await signIn(server.app, 'lena.nowak');
    const setup = await call(server.app, 'IAccountService/SetupAuthenticationMethod', { authenticationMethod: 'AuthenticatorApp', newName: 'Phone' }, { cookie });
    expect(setup.status).toBe(200);
    expect(setup.body.QrCodeDataUrl).toMatch(/^data:image\/png;base64,/);
    expect(setup.body.OtpAuthUri).toMatch(/^otpauth:\/\/totp\//);
    secret = setup.body.Secret as string;
    methodId = setup.body.AuthenticationMethodId as number;
    expect((await call(server.app, 'IAccountService/ConfirmAuthenticationMethod', { authenticationMethodId: methodId, mfaToken: '000000' }, { cookie })).status).toBe(400);
    expect((await call(server.app, 'IAccountService/ConfirmAuthenticationMethod', { authenticationMethodId: methodId, mfaToken: totpCode(secret, -1) }, { cookie })).status).toBe(200);
    const methods = await call(server.app, 'IAccountService/GetAuthenticationMethods', { userAccountId: await idOf('lena.nowak') }, { cookie });
    expect(methods.body.Methods).toEqual([expect.objectContaining({ Id: methodId, Name: 'Phone', IsPrimary: true, IsEnabled: true, IsPending: false })]);
  });

  it('asks for the second factor, refuses a wrong or replayed code and signs in with a fresh one', async () => {
    const first = await call(server.app, 'IAuthorizationService/Authenticate', { userName: 'lena.nowak', password: DEMO_PASSWORD });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ MfaRequired: true, UserAuthenticationMethods: [expect.objectContaining({ Id: methodId, IsPrimary: true })] });
    expect(first.response.cookies.find((c) => c.name === 'cmp_session')).toBeUndefined();
    const wrong = await call(server.app, 'IAuthorizationService/Authenticate', { userName: 'lena.nowak', password: DEMO_PASSWORD, mfaToken: '123456', mfaMethodId: methodId });
    expect(wrong.status).toBe(401);
    expect(wrong.body.Message).toBe('MFA code is incorrect. Please try again.');
    // The confirmation used the previous step's code; the current one is still fresh.
    const code = totpCode(secret);
    const ok = await call(server.app, 'IAuthorizationService/Authenticate', { userName: 'lena.nowak', password: DEMO_PASSWORD, mfaToken: code, mfaMethodId: methodId });
    expect(ok.status).toBe(200);
    expect(ok.body.UserAccountId).toBe(await idOf('lena.nowak'));
    const replay = await call(server.app, 'IAuthorizationService/Authenticate', { userName: 'lena.nowak', password: DEMO_PASSWORD, mfaToken: code, mfaMethodId: methodId });
    expect(replay.status).toBe(401);
  });

  it("renames, refuses another user's method with 403, and deletes", async () => {
    expect((await call(server.app, 'IAccountService/RenameAuthenticationMethod', { authenticationMethodId: methodId, newName: 'Work phone' }, { cookie })).status).toBe(200);
    const stranger = await signIn(server.app, 'company.user');
    expect((await call(server.app, 'IAccountService/DeleteAuthenticationMethod', { authenticationMethodId: methodId }, { cookie: stranger })).status).toBe(403);
    expect((await call(server.app, 'IAccountService/GetAuthenticationMethods', { userAccountId: await idOf('lena.nowak') }, { cookie: stranger })).status).toBe(403);
    expect((await call(server.app, 'IAccountService/DeleteAuthenticationMethod', { authenticationMethodId: methodId }, { cookie })).status).toBe(200);
    expect((await call(server.app, 'IAuthorizationService/Authenticate', { userName: 'lena.nowak', password: DEMO_PASSWORD })).body.MfaRequired).toBe(false);
  });
});

describe('e-mailed security codes', () => {
  it('confirms an e-mail method and signs in with a mailed code', async () => {
    const cookie = await signIn(server.app, 'tom.becker');
    const setup = await call(server.app, 'IAccountService/SetupAuthenticationMethod', { authenticationMethod: 'Email', newName: 'Mail' }, { cookie });
    expect(setup.body.SentTo).toMatch(/^t•+@sales\.example$/);
    const codeOf = async (after: number) => {
      const mail = await smtp.waitFor((m) => smtp.mails.indexOf(m) >= after && m.to.includes('tom.becker@sales.example'));
      return mail.raw.match(/\b(\d{6})\b/)![1]!;
    };
    const methodId = setup.body.AuthenticationMethodId as number;
    expect((await call(server.app, 'IAccountService/ConfirmAuthenticationMethod', { authenticationMethodId: methodId, mfaToken: await codeOf(0) }, { cookie })).status).toBe(200);

    const mark = smtp.mails.length;
    expect((await call(server.app, 'IAuthorizationService/SendSecurityCodeNotification', { userName: 'tom.becker', password: 'wrong', mfaMethodId: methodId })).status).toBe(401);
    expect((await call(server.app, 'IAuthorizationService/SendSecurityCodeNotification', { userName: 'tom.becker', password: DEMO_PASSWORD, mfaMethodId: methodId })).status).toBe(200);
    const code = await codeOf(mark);
    const ok = await call(server.app, 'IAuthorizationService/Authenticate', { userName: 'tom.becker', password: DEMO_PASSWORD, mfaToken: code, mfaMethodId: methodId });
    expect(ok.status).toBe(200);
    expect((await call(server.app, 'IAuthorizationService/Authenticate', { userName: 'tom.becker', password: DEMO_PASSWORD, mfaToken: code, mfaMethodId: methodId })).status).toBe(401);
  });
});

describe('MFA enforcement', () => {
  it('holds an enforced user on set-up until a method is enabled, and keeps excluded users free', async () => {
    const admin = await signIn(server.app, 'other.admin');
    const litware = ((await server.handle.db.execute(sql`select id from accounts where display_name = 'Litware Inc'`)) as unknown as { rows: { id: number }[] }).rows[0]!.id;
    expect((await call(server.app, 'IAccountService/SaveMfaPolicy', { companyMFAPolicy: { AccountId: litware, IsEnforced: true, AppliesToHierarchy: true, ExcludedUserIds: [], RestrictChildAccounts: false } }, { cookie: await signIn(server.app, 'company.admin') })).status).toBe(403);
    expect((await call(server.app, 'IAccountService/SaveMfaPolicy', { companyMFAPolicy: { AccountId: litware, IsEnforced: true, AppliesToHierarchy: true, ExcludedUserIds: [], RestrictChildAccounts: false } }, { cookie: admin })).status).toBe(200);
    const signedIn = await call(server.app, 'IAuthorizationService/Authenticate', { userName: 'litware.ops', password: DEMO_PASSWORD });
    expect(signedIn.body.MustSetupMfa).toBe(true);
    const cookie = cookieHeader(signedIn.response);
    expect((await call(server.app, 'IAccountService/GetDashboardSummary', {}, { cookie })).status).toBe(403);
    expect((await call(server.app, 'IAuthorizationService/GetCurrentUser', {}, { cookie })).status).toBe(200);
    const policy = await call(server.app, 'IAccountService/GetMfaPolicy', { accountId: litware }, { cookie: admin });
    expect(policy.body.Policy).toMatchObject({ IsEnforced: true });
    const opsId = await idOf('litware.ops');
    expect((await call(server.app, 'IAccountService/SaveMfaPolicy', { companyMFAPolicy: { AccountId: litware, IsEnforced: true, AppliesToHierarchy: true, ExcludedUserIds: [opsId], RestrictChildAccounts: false } }, { cookie: admin })).status).toBe(200);
    expect((await call(server.app, 'IAccountService/GetDashboardSummary', {}, { cookie })).status).toBe(200);
  });
});

describe('impersonation', () => {
  it('signs a reseller in as a user of its hierarchy, audits with the impersonator, and ends back as the reseller', async () => {
    const cookie = await signIn(server.app, 'reseller.admin');
    const target = await idOf('company.user');
    expect((await call(server.app, 'IAuthorizationService/Impersonate', { userAccountId: await idOf('other.admin') }, { cookie })).status).toBe(403);
    const started = await call(server.app, 'IAuthorizationService/Impersonate', { userAccountId: target }, { cookie });
    expect(started.status).toBe(200);
    expect(started.body.UserAccountId).toBe(target);
    expect(started.body.ImpersonatorAccountId).toBe(await idOf('reseller.admin'));
    expect((await call(server.app, 'IAuthorizationService/GetCurrentUser', {}, { cookie })).status).toBe(401);
    const impersonated = cookieHeader(started.response);
    expect((await call(server.app, 'ISelfCareService/ChangeMyPassword', { currentPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD }, { cookie: impersonated })).status).toBe(403);
    const ended = await call(server.app, 'IAuthorizationService/Unimpersonate', {}, { cookie: impersonated });
    expect(ended.status).toBe(200);
    expect(ended.body.UserAccountId).toBe(await idOf('reseller.admin'));
    expect(ended.body.ImpersonatorAccountId).toBeNull();
    const audited = (await server.handle.db.execute(sql`select action, impersonator_account_id from audit_log where action in ('ImpersonationStarted', 'ImpersonationEnded') order by id`)) as unknown as { rows: { action: string; impersonator_account_id: number }[] };
    expect(audited.rows.map((r) => r.action)).toEqual(['ImpersonationStarted', 'ImpersonationEnded']);
    expect(audited.rows.every((r) => r.impersonator_account_id === started.body.ImpersonatorAccountId)).toBe(true);
  });

  it('refuses a user without the capability', async () => {
    expect((await call(server.app, 'IAuthorizationService/Impersonate', { userAccountId: await idOf('priya.patel') }, { cookie: await signIn(server.app, 'company.user') })).status).toBe(403);
  });
});
