import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, DEMO_PASSWORD, signIn, startTestServer, type TestServer } from '../test/testServer';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const idOf = async (name: string) =>
  ((await server.handle.db.execute(sql`select id from accounts where display_name = ${name} order by id limit 1`)) as unknown as { rows: { id: number }[] }).rows[0]!.id;
const policy = (minLength: number, maxFailures: number) => ({
  passwordPolicy: { minLength, requireDigit: true, requireSpecial: true, requireUppercase: true, requireLowercase: true, historyCount: 10, checkCompromised: true, checkPersonalInfo: true },
  lockout: { maxFailures, waitIncrementSeconds: 60, maxWaitSeconds: 900, failureResetHours: 12 },
});

describe("an owner's sign-in policy", () => {
  it('shows the defaults until an owner sets its own', async () => {
    const result = await call(server.app, 'IAccountService/GetSignInPolicy', { accountId: await idOf('Adventure Works') }, { cookie: await signIn(server.app, 'reseller.admin') });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ IsOwnPolicy: false, InheritedFrom: null, PasswordPolicy: { minLength: 12, historyCount: 10 }, Lockout: { maxFailures: 10 } });
  });

  it('applies its password length and lockout to the users below it', async () => {
    const adventure = await idOf('Adventure Works');
    const cookie = await signIn(server.app, 'reseller.admin');
    expect((await call(server.app, 'IAccountService/SaveSignInPolicy', { accountId: adventure, ...policy(16, 3) }, { cookie })).status).toBe(200);
    const own = await signIn(server.app, 'aw.admin');
    expect((await call(server.app, 'IAccountService/ValidateUserPassword', { password: 'Brisk-Falcon-42' }, { cookie: own })).body.UnmetRules).toEqual(['min_length']);
    for (let i = 0; i < 3; i += 1) await call(server.app, 'IAuthorizationService/Authenticate', { userName: 'aw.admin', password: `wrong-${i}` });
    expect((await call(server.app, 'IAuthorizationService/Authenticate', { userName: 'aw.admin', password: DEMO_PASSWORD })).status).toBe(401);
    // Other owners keep the defaults.
    expect((await call(server.app, 'IAccountService/ValidateUserPassword', { password: 'Brisk-Falcon-42' }, { cookie: await signIn(server.app, 'company.admin') })).body.UnmetRules).toEqual([]);
  });

  it('rejects values out of range naming the field, and writes nothing', async () => {
    const contoso = await idOf('Contoso Ltd');
    const cookie = await signIn(server.app, 'company.admin');
    const result = await call(server.app, 'IAccountService/SaveSignInPolicy', { accountId: contoso, ...policy(4, 2) }, { cookie });
    expect(result.status).toBe(400);
    expect(result.body.Message).toContain('passwordPolicy.minLength');
    expect(result.body.Message).toContain('lockout.maxFailures');
    expect((await call(server.app, 'IAccountService/GetSignInPolicy', { accountId: contoso }, { cookie })).body.IsOwnPolicy).toBe(false);
  });

  it('refuses another company, a non-owner account and a user without the capability', async () => {
    const cookie = await signIn(server.app, 'company.admin');
    expect((await call(server.app, 'IAccountService/SaveSignInPolicy', { accountId: await idOf('Adventure Works'), ...policy(12, 10) }, { cookie })).status).toBe(403);
    expect((await call(server.app, 'IAccountService/SaveSignInPolicy', { accountId: await idOf('Sales'), ...policy(12, 10) }, { cookie })).status).toBe(403);
    expect((await call(server.app, 'IAccountService/GetSignInPolicy', { accountId: await idOf('Contoso Ltd') }, { cookie: await signIn(server.app, 'company.user') })).status).toBe(403);
  });
});
