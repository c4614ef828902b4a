import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, DEMO_PASSWORD, signIn, startTestServer, type TestServer } from '../test/testServer';
import { deleteExpiredSignInFailures } from './bruteForce';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const authenticate = (userName: string, password: string, remoteAddress = '198.51.100.7') =>
  call(server.app, 'IAuthorizationService/Authenticate', { userName, password }, { remoteAddress });
const idOf = async (name: string) =>
  ((await server.handle.db.execute(sql`select id from accounts where display_name = ${name} order by id limit 1`)) as unknown as { rows: { id: number }[] }).rows[0]!.id;

type Counter = { failures: number; locked_until: Date | null; long_enough: boolean };
const counterOf = async (username: string, address = '198.51.100.7') =>
  ((await server.handle.db.execute(
    sql`select failures, locked_until, locked_until > now() + interval '50 seconds' as long_enough from sign_in_failures where username = ${username} and address = ${address}`,
  )) as unknown as { rows: Counter[] }).rows[0];
const countRows = async (where: ReturnType<typeof sql>) =>
  ((await server.handle.db.execute(sql`select count(*)::int as n from sign_in_failures where ${where}`)) as unknown as { rows: { n: number }[] }).rows[0]!.n;

describe('brute-force protection', () => {
  it('locks the user after 10 failures from one address with the same answer as a wrong password, whatever the case of the name', async () => {
    for (let i = 0; i < 10; i += 1) expect((await authenticate(i % 2 ? 'PRIYA.patel' : 'priya.patel', `wrong-${i}`)).status).toBe(401);
    const locked = await authenticate('priya.patel', DEMO_PASSWORD);
    const unknown = await authenticate('no.such.user', DEMO_PASSWORD);
    expect(locked.status).toBe(401);
    expect(locked.body).toEqual(unknown.body);
    expect(await counterOf('priya.patel')).toMatchObject({ failures: 10, long_enough: true });
  });

  it('does not lengthen the lock for the right password during it (issue 11)', async () => {
    const before = await counterOf('priya.patel');
    for (let i = 0; i < 3; i += 1) expect((await authenticate('priya.patel', DEMO_PASSWORD)).status).toBe(401);
    expect(await counterOf('priya.patel')).toEqual(before);
    const audited = (await server.handle.db.execute(sql`select count(*)::int as n from audit_log where action = 'SignInFailed' and details->>'reason' = 'locked'`)) as unknown as { rows: { n: number }[] };
    expect(audited.rows[0]!.n).toBe(4);
  });

  it('locks out only the address that failed: the platform administrator still signs in from elsewhere (issue 11)', async () => {
    const attacker = '203.0.113.50';
    for (let i = 0; i < 12; i += 1) expect((await authenticate('admin', `wrong-${i}`, attacker)).status).toBe(401);
    expect((await authenticate('admin', DEMO_PASSWORD, attacker)).status).toBe(401);
    expect((await authenticate('admin', DEMO_PASSWORD, '198.51.100.30')).status).toBe(200);
    // Signing in elsewhere does not lift the attacker's lock.
    expect((await authenticate('admin', DEMO_PASSWORD, attacker)).status).toBe(401);
  });

  it('doubles the wait with each further failure up to 900 s', async () => {
    const wait = async () =>
      ((await server.handle.db.execute(sql`select extract(epoch from locked_until - now())::int as seconds from sign_in_failures where username = 'priya.patel' and address = '198.51.100.7'`)) as unknown as { rows: { seconds: number }[] }).rows[0]!.seconds;
    const before = await wait();
    await authenticate('priya.patel', 'wrong-again');
    expect(await wait()).toBeGreaterThan(before * 1.8);
    for (let i = 0; i < 6; i += 1) await authenticate('priya.patel', 'wrong-again');
    expect(await wait()).toBeLessThanOrEqual(900);
    expect(await wait()).toBeGreaterThan(850);
  });

  it('counts concurrent failures without losing any', async () => {
    await Promise.all(Array.from({ length: 8 }, (_, i) => authenticate('tom.becker', `wrong-${i}`, '198.51.100.8')));
    expect((await counterOf('tom.becker', '198.51.100.8'))!.failures).toBe(8);
    expect((await authenticate('tom.becker', DEMO_PASSWORD, '198.51.100.8')).status).toBe(200);
    expect(await counterOf('tom.becker', '198.51.100.8')).toBeUndefined();
  });

  it('keeps no counter for names that belong to nobody, only the address\'s, and sweeps expired counters (issue 11)', async () => {
    const prober = '203.0.113.70';
    for (let i = 0; i < 30; i += 1) expect((await authenticate(`ghost-${i}`, `wrong-${i}`, prober)).status).toBe(401);
    expect(await countRows(sql`address = ${prober} and username <> ''`)).toBe(0);
    expect(await counterOf('', prober)).toMatchObject({ failures: 30 });
    await server.handle.db.execute(sql`update sign_in_failures set expires_at = now() - interval '1 second' where address = ${prober}`);
    const kept = await countRows(sql`expires_at > now()`);
    expect(kept).toBeGreaterThan(0);
    await deleteExpiredSignInFailures(server.handle.db);
    expect(await countRows(sql`true`)).toBe(kept);
    expect(await counterOf('priya.patel')).toMatchObject({ long_enough: true });
  });

  it('answers 429 to an address spraying passwords over many users without locking them', async () => {
    const sprayer = '203.0.113.66';
    const names = Array.from({ length: 101 }, (_, i) => `user-${i}`);
    for (const name of names) await authenticate(name, 'Summer2024!', sprayer);
    const blocked = await authenticate('company.admin', DEMO_PASSWORD, sprayer);
    expect(blocked.status).toBe(429);
    expect(blocked.body.Message).toMatch(/Too many requests/);
    expect((await authenticate('company.admin', DEMO_PASSWORD, '198.51.100.9')).status).toBe(200);
  });

  it('audits every attempt', async () => {
    const rows = (await server.handle.db.execute(sql`select count(*)::int as n from audit_log where action = 'SignInFailed'`)) as unknown as { rows: { n: number }[] };
    expect(rows.rows[0]!.n).toBeGreaterThan(160);
  });
});

describe('IP restrictions', () => {
  it('refuses an invalid list with "Invalid IP range" naming the entry, and writes nothing', async () => {
    const cookie = await signIn(server.app, 'reseller.admin');
    const contoso = await idOf('Contoso Ltd');
    const bad = await call(server.app, 'IIpRestrictionService/SaveIpRestrictions', { accountId: contoso, restrictions: { Allow: '10.0.0.1, 10.0.0.300', Deny: '' } }, { cookie });
    expect(bad.status).toBe(400);
    expect(bad.body.Message).toBe('Invalid IP range: restrictions.Allow: 10.0.0.300');
    const stored = await call(server.app, 'IIpRestrictionService/GetIpRestrictions', { accountId: contoso }, { cookie });
    expect(stored.body.Restrictions).toEqual({ Allow: '', Deny: '' });
  });

  it('enforces a deny list of an ancestor at sign-in and on every request of a session', async () => {
    const admin = await signIn(server.app, 'reseller.admin');
    const contoso = await idOf('Contoso Ltd');
    const session = await signIn(server.app, 'company.admin', DEMO_PASSWORD, '192.0.2.10');
    expect((await call(server.app, 'IIpRestrictionService/SaveIpRestrictions', { accountId: contoso, restrictions: { Allow: '', Deny: '192.0.2.0/24, 2001:db8::1-2001:db8::ff' } }, { cookie: admin })).status).toBe(200);
    const refused = await authenticate('company.user', DEMO_PASSWORD, '192.0.2.44');
    expect(refused.status).toBe(403);
    expect(refused.body.Message).toContain('192.0.2.44');
    expect((await authenticate('company.user', DEMO_PASSWORD, '198.51.100.20')).status).toBe(200);
    expect((await call(server.app, 'IAuthorizationService/GetCurrentUser', {}, { cookie: session, remoteAddress: '192.0.2.10' })).status).toBe(403);
    const inherited = await call(server.app, 'IIpRestrictionService/GetIpRestrictions', { accountId: await idOf('Sales') }, { cookie: admin });
    expect(inherited.body.Inherited).toEqual([expect.objectContaining({ DisplayName: 'Contoso Ltd', Deny: '192.0.2.0/24, 2001:db8::1-2001:db8::ff' })]);
  });

  it('lets only allowed addresses in when an allow list is set', async () => {
    const admin = await signIn(server.app, 'other.admin');
    const litware = await idOf('Litware Inc');
    expect((await call(server.app, 'IIpRestrictionService/SaveIpRestrictions', { accountId: litware, restrictions: { Allow: '198.51.100.0-198.51.100.99', Deny: '' } }, { cookie: admin })).status).toBe(200);
    expect((await authenticate('litware.ops', DEMO_PASSWORD, '198.51.100.150')).status).toBe(403);
    expect((await authenticate('litware.ops', DEMO_PASSWORD, '198.51.100.50')).status).toBe(200);
  });

  it("refuses another reseller's account and users without the capability", async () => {
    const contoso = await idOf('Contoso Ltd');
    expect((await call(server.app, 'IIpRestrictionService/GetIpRestrictions', { accountId: contoso }, { cookie: await signIn(server.app, 'other.admin') })).status).toBe(403);
    expect((await call(server.app, 'IIpRestrictionService/SaveIpRestrictions', { accountId: contoso, restrictions: { Allow: '', Deny: '' } }, { cookie: await signIn(server.app, 'company.user', DEMO_PASSWORD, '198.51.100.21') })).status).toBe(403);
  });
});
