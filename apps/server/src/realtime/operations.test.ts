import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog } from '../platform/db/schema';
import { call, signIn, startTestServer, type TestServer } from '../test/testServer';
import { listenOnFreePort, openLiveSocket, sessionOf, type LiveTestClient } from './liveTestClient';
import { LiveHub } from './liveHub';

// The admin console's live-channel operations (issue 16): Administrative Read to see, Execute to
// send; maintenance is the platform owner's; messages stay within the sender's hierarchy.
let server: TestServer;
let baseUrl: string;
const open: LiveTestClient[] = [];
const cookies = new Map<string, string>();

/** Another node's hub on the same database, starting after what the test did (without its listener: PGlite has one per channel). */
async function hubStartedNow(): Promise<LiveHub> {
  const hub = new LiveHub(server.handle, server.config, server.app.log);
  await hub.restoreMaintenance();
  return hub;
}

beforeAll(async () => {
  server = await startTestServer();
  baseUrl = await listenOnFreePort(server.app);
});
afterAll(async () => {
  await Promise.all(open.map((client) => client.close()));
  await server?.close();
});

async function cookieOf(userName: string) {
  if (!cookies.has(userName)) cookies.set(userName, await signIn(server.app, userName));
  return cookies.get(userName)!;
}

const op = async (userName: string, operation: string, body: unknown = {}) =>
  call(server.app, `ILiveNotificationService/${operation}`, body, { cookie: await cookieOf(userName) });

/** A signed-in socket; the messages it got right after auth (a maintenance in force) come first. */
async function signedInSocket(userName: string) {
  const cookie = await cookieOf(userName);
  const client = await openLiveSocket(baseUrl, { cookie });
  open.push(client);
  client.send({ type: 'auth', ...(await sessionOf(server.app, cookie)) });
  client.send({ type: 'ping', echo: 'ready' });
  const beforePong = [];
  for (let message = await client.next(); message.type !== 'pong'; message = await client.next()) beforePong.push(message);
  return { client, beforePong };
}

describe('live channel in the admin console', () => {
  it('announces a countdown to signed-in users, to those who sign in later, and cancels it', async () => {
    const early = await signedInSocket('company.user');
    expect((await op('admin', 'AnnounceMaintenance', { seconds: 600 })).status).toBe(200);
    expect(await early.client.next()).toEqual({ type: 'maintenance', mode: 600 });

    const late = await signedInSocket('company.admin');
    expect(late.beforePong).toHaveLength(1);
    expect(late.beforePong[0]).toMatchObject({ type: 'maintenance' });
    expect((late.beforePong[0] as { mode: number }).mode).toBeGreaterThan(590);

    const status = await op('admin', 'GetLiveChannelStatus');
    expect(status.body.Maintenance).toMatchObject({ Mode: 'Countdown' });
    expect((status.body.Maintenance as { SecondsLeft: number }).SecondsLeft).toBeGreaterThan(590);
    // A node that starts now (a restart, one more node) knows the countdown from the database.
    expect((await hubStartedNow()).currentMaintenance()?.mode).toBeGreaterThan(590);

    expect((await op('admin', 'CancelMaintenance')).status).toBe(200);
    expect(await early.client.next()).toEqual({ type: 'maintenance', mode: false });
    expect((await hubStartedNow()).currentMaintenance()).toBeUndefined();
    expect((await op('admin', 'GetLiveChannelStatus')).body.Maintenance).toEqual({ Mode: 'None', SecondsLeft: null });
    const actions = await server.handle.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.actorAccountId, Number((await sessionOf(server.app, await cookieOf('admin'))).userId)));
    expect(actions.map((row) => row.action)).toEqual(expect.arrayContaining(['MaintenanceAnnounced', 'MaintenanceCancelled']));
  });

  it('announces "maintenance soon" without seconds', async () => {
    const { client } = await signedInSocket('vendor.admin');
    expect((await op('admin', 'AnnounceMaintenance', {})).status).toBe(200);
    expect(await client.next()).toEqual({ type: 'maintenance', mode: true });
    expect((await op('admin', 'GetLiveChannelStatus')).body.Maintenance).toEqual({ Mode: 'Soon', SecondsLeft: null });
    expect((await op('admin', 'CancelMaintenance')).status).toBe(200);
    expect(await client.next()).toEqual({ type: 'maintenance', mode: false });
  });

  it("refuses maintenance to a reseller's administrator and to users without Administrative Execute", async () => {
    expect((await op('reseller.admin', 'AnnounceMaintenance', { seconds: 300 })).status).toBe(403);
    expect((await op('reseller.admin', 'CancelMaintenance')).status).toBe(403);
    expect((await op('company.user', 'AnnounceMaintenance', { seconds: 300 })).status).toBe(403);
    expect((await op('company.user', 'GetLiveChannelStatus')).status).toBe(403);
    expect((await op('company.user', 'SendLiveMessage', { text: 'hi' })).status).toBe(403);
  });

  it("sends a reseller's message to its own hierarchy only", async () => {
    const inside = await signedInSocket('company.user');
    const outside = await signedInSocket('other.admin');
    expect((await op('reseller.admin', 'SendLiveMessage', { text: 'Northwind says hello' })).status).toBe(200);
    expect(await inside.client.next()).toEqual({ type: 'message', text: 'Northwind says hello' });
    outside.client.send({ type: 'ping', echo: 'nothing for me?' });
    expect(await outside.client.next()).toEqual({ type: 'pong', echo: 'nothing for me?' });
  });

  it("sends a message to one account's users, and refuses an account outside the caller's hierarchy", async () => {
    const contoso = await signedInSocket('company.user');
    const contosoUser = await call(server.app, 'IAuthorizationService/GetCurrentUser', {}, { cookie: await cookieOf('company.user') });
    const contosoId = (contosoUser.body.CompanyAccount as { AccountId: number }).AccountId;
    expect((await op('admin', 'SendLiveMessage', { text: 'Contoso only', accountId: contosoId })).status).toBe(200);
    expect(await contoso.client.next()).toEqual({ type: 'message', text: 'Contoso only' });
    expect((await op('other.admin', 'SendLiveMessage', { text: 'Not yours', accountId: contosoId })).status).toBe(403);
  });

  it('refuses an empty or overlong message with 400 naming the field', async () => {
    const empty = await op('admin', 'SendLiveMessage', { text: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.Message).toContain('text');
    expect((await op('admin', 'SendLiveMessage', { text: 'x'.repeat(2_001) })).status).toBe(400);
  });

  it("counts the signed-in sockets of this node within the caller's hierarchy", async () => {
    const all = await op('admin', 'GetLiveChannelStatus');
    const fabrikam = await op('other.admin', 'GetLiveChannelStatus');
    expect(all.status).toBe(200);
    const nodes = all.body.Nodes as { NodeId: string; SignedIn: number }[];
    expect(nodes).toHaveLength(1);
    expect(nodes[0]!.SignedIn).toBe(open.length);
    expect((fabrikam.body.Nodes as { SignedIn: number }[])[0]!.SignedIn).toBe(1);
  });
});
