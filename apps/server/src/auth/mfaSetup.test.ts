import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { call, signIn, startTestServer, type TestServer } from '../test/testServer';

// Issue 10: an abandoned authenticator set-up left a second "Waiting for confirmation" row behind.
// A new set-up replaces the caller's unconfirmed method of the same kind; confirmed methods, other
// kinds and other users' set-ups stay.

let server: TestServer;
let cookie: string;
let userId: number;

const totpCode = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate();
const setUp = (authenticationMethod: 'AuthenticatorApp' | 'Email', newName: string, as = cookie) =>
  call(server.app, 'IAccountService/SetupAuthenticationMethod', { authenticationMethod, newName }, { cookie: as });
const methods = async () => {
  const result = await call(server.app, 'IAccountService/GetAuthenticationMethods', { userAccountId: userId }, { cookie });
  return (result.body.Methods as { Id: number; Name: string; AuthenticationMethod: string; IsPending: boolean }[]).map(({ Id, Name, AuthenticationMethod, IsPending }) => ({ Id, Name, AuthenticationMethod, IsPending }));
};

beforeAll(async () => {
  server = await startTestServer();
  cookie = await signIn(server.app, 'company.admin');
  const rows = (await server.handle.db.execute(sql`select account_id from users where username = 'company.admin'`)) as unknown as { rows: { account_id: number }[] };
  userId = rows.rows[0]!.account_id;
});
afterAll(async () => {
  await server?.close();
});

describe('SetupAuthenticationMethod after an abandoned set-up', () => {
  it('replaces the unconfirmed authenticator app instead of adding a second waiting row', async () => {
    const abandoned = await setUp('AuthenticatorApp', 'Old phone');
    const again = await setUp('AuthenticatorApp', 'New phone');
    expect(again.status).toBe(200);
    expect(await methods()).toEqual([{ Id: again.body.AuthenticationMethodId, Name: 'New phone', AuthenticationMethod: 'AuthenticatorApp', IsPending: true }]);
    // The abandoned one is gone: its code no longer confirms anything.
    const late = await call(server.app, 'IAccountService/ConfirmAuthenticationMethod', { authenticationMethodId: abandoned.body.AuthenticationMethodId, mfaToken: totpCode(abandoned.body.Secret as string) }, { cookie });
    expect(late.status).toBe(403);
  });

  it('keeps confirmed methods, an unconfirmed method of the other kind, and says what it replaced in the audit log', async () => {
    const current = (await methods())[0]!;
    const secret = (await server.handle.db.execute(sql`select secret from mfa_methods where id = ${current.Id}`)) as unknown as { rows: { secret: string }[] };
    const confirm = await call(server.app, 'IAccountService/ConfirmAuthenticationMethod', { authenticationMethodId: current.Id, mfaToken: totpCode(secret.rows[0]!.secret) }, { cookie });
    expect(confirm.status).toBe(200);

    const mail = await setUp('Email', 'Work mail');
    const tablet = await setUp('AuthenticatorApp', 'Tablet');
    const tabletAgain = await setUp('AuthenticatorApp', 'Tablet');
    expect(await methods()).toEqual([
      { Id: current.Id, Name: 'New phone', AuthenticationMethod: 'AuthenticatorApp', IsPending: false },
      { Id: mail.body.AuthenticationMethodId, Name: 'Work mail', AuthenticationMethod: 'Email', IsPending: true },
      { Id: tabletAgain.body.AuthenticationMethodId, Name: 'Tablet', AuthenticationMethod: 'AuthenticatorApp', IsPending: true },
    ]);
    const audit = (await server.handle.db.execute(
      sql`select details from audit_log where action = 'MfaMethodAdded' and details->>'methodId' = ${String(tabletAgain.body.AuthenticationMethodId)}`,
    )) as unknown as { rows: { details: { replacedMethodIds?: number[] } }[] };
    expect(audit.rows[0]!.details.replacedMethodIds).toEqual([tablet.body.AuthenticationMethodId]);
  });

  it('replaces an unconfirmed e-mail method the same way', async () => {
    const before = (await methods()).filter((m) => m.AuthenticationMethod === 'Email');
    const again = await setUp('Email', 'Work mail');
    const after = (await methods()).filter((m) => m.AuthenticationMethod === 'Email');
    expect(before).toHaveLength(1);
    expect(after).toEqual([{ Id: again.body.AuthenticationMethodId, Name: 'Work mail', AuthenticationMethod: 'Email', IsPending: true }]);
  });

  it("leaves another user's unconfirmed set-up alone", async () => {
    const other = await signIn(server.app, 'company.user');
    const theirs = await setUp('AuthenticatorApp', 'Their phone', other);
    await setUp('AuthenticatorApp', 'Tablet');
    const rows = (await server.handle.db.execute(sql`select id from mfa_methods where id = ${theirs.body.AuthenticationMethodId}`)) as unknown as { rows: unknown[] };
    expect(rows.rows).toHaveLength(1);
  });
});
