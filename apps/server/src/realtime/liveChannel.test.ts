import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, call, signIn, startTestServer, type TestServer } from '../test/testServer';
import { listenOnFreePort, openLiveSocket, refusedStatus, sessionOf, type LiveTestClient } from './liveTestClient';

// The live-notification channel of spec §7/§9 (issue 16): a real server listening on a free port,
// real `ws` clients carrying the session cookie the way a browser does.
let server: TestServer;
let baseUrl: string;
const open: LiveTestClient[] = [];

beforeAll(async () => {
  server = await startTestServer();
  baseUrl = await listenOnFreePort(server.app);
});
afterAll(async () => {
  await Promise.all(open.map((client) => client.close()));
  await server?.close();
});

async function signedInSocket(userName: string, path = '/') {
  const cookie = await signIn(server.app, userName);
  const session = await sessionOf(server.app, cookie);
  const client = await openLiveSocket(baseUrl, { cookie, path, origin: baseUrl.replace('ws:', 'http:') });
  open.push(client);
  return { cookie, session, client };
}

async function authenticated(userName: string, path = '/') {
  const socket = await signedInSocket(userName, path);
  socket.client.send({ type: 'auth', ...socket.session });
  // No answer to a good auth: a ping round trip shows the socket is signed in.
  socket.client.send({ type: 'ping', echo: 'ready' });
  expect(await socket.client.next()).toEqual({ type: 'pong', echo: 'ready' });
  return socket;
}

describe('live-notification channel', () => {
  it('answers a signed-in ping with a pong carrying the same echo, on / and on /ws/', async () => {
    for (const path of ['/', '/ws/']) {
      const { client } = await authenticated('company.admin', path);
      client.send({ type: 'ping', echo: `echo ${path}` });
      expect(await client.next()).toEqual({ type: 'pong', echo: `echo ${path}` });
    }
  });

  it('delivers a published message and a maintenance announcement to a signed-in socket', async () => {
    const { client } = await authenticated('reseller.admin');
    await server.app.liveHub.publish({ type: 'maintenance', mode: 600 });
    await server.app.liveHub.publish({ type: 'message', text: 'Hello from the operators' });
    expect(await client.next()).toEqual({ type: 'maintenance', mode: 600 });
    expect(await client.next()).toEqual({ type: 'message', text: 'Hello from the operators' });
    await server.app.liveHub.publish({ type: 'maintenance', mode: false });
    expect(await client.next()).toEqual({ type: 'maintenance', mode: false });
  });

  it('gives an unauthenticated socket nothing but reauth', async () => {
    const { client } = await signedInSocket('company.user');
    client.send({ type: 'ping', echo: 'anyone?' });
    expect(await client.next()).toEqual({ type: 'reauth' });
    await server.app.liveHub.publish({ type: 'message', text: 'not for strangers' });
    client.send({ type: 'not a message' });
    expect(await client.next()).toEqual({ type: 'reauth' });
    client.send({ type: 'ping', echo: 'last' });
    expect(await client.next()).toEqual({ type: 'reauth' });
    expect(client.received.every((message) => message.type === 'reauth')).toBe(true);
  });

  it("refuses an auth naming another user's session or another user than the cookie's", async () => {
    const admin = await signedInSocket('admin');
    const other = await signedInSocket('other.admin');
    admin.client.send({ type: 'auth', ...other.session });
    expect(await admin.client.next()).toEqual({ type: 'reauth' });
    other.client.send({ type: 'auth', sessionId: other.session.sessionId, userId: admin.session.userId });
    expect(await other.client.next()).toEqual({ type: 'reauth' });
    admin.client.send({ type: 'ping', echo: 'x' });
    expect(await admin.client.next()).toEqual({ type: 'reauth' });
  });

  it('refuses an auth on a socket opened without a session cookie', async () => {
    const { session } = await signedInSocket('company.admin');
    const client = await openLiveSocket(baseUrl);
    open.push(client);
    client.send({ type: 'auth', ...session });
    expect(await client.next()).toEqual({ type: 'reauth' });
  });

  it('says reauth at once to a socket whose session ends, and then nothing more', async () => {
    const { client, cookie } = await authenticated('company.admin');
    expect((await call(server.app, 'IAuthorizationService/Logout', {}, { cookie })).status).toBe(200);
    expect(await client.next()).toEqual({ type: 'reauth' });
    await server.app.liveHub.publish({ type: 'message', text: 'after sign-out' });
    client.send({ type: 'ping', echo: 'still there?' });
    expect(await client.next()).toEqual({ type: 'reauth' });
    // Signing in again in another tab gives a new session; this socket's cookie is the ended one.
    const fresh = await sessionOf(server.app, await signIn(server.app, 'company.admin'));
    client.send({ type: 'auth', ...fresh });
    expect(await client.next()).toEqual({ type: 'reauth' });
  });

  it('says reauth to the sockets of a user who is disabled', async () => {
    const { client, session } = await authenticated('company.user');
    const admin = await signIn(server.app, 'company.admin');
    const result = await call(server.app, 'IAccountService/ChangeUserStatus', { userAccountId: session.userId, status: 'Disabled' }, { cookie: admin });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(await client.next()).toEqual({ type: 'reauth' });
    await call(server.app, 'IAccountService/ChangeUserStatus', { userAccountId: session.userId, status: 'Enabled' }, { cookie: admin });
  });

  it('does not deliver a message to a signed-out socket after deauth', async () => {
    const { client } = await authenticated('vendor.admin');
    client.send({ type: 'deauth' });
    client.send({ type: 'ping', echo: 'after deauth' });
    expect(await client.next()).toEqual({ type: 'reauth' });
  });

  it("says reauth to the user's other sessions when the password changes, and keeps the changing one", async () => {
    const other = await authenticated('reseller.admin');
    const changing = await authenticated('reseller.admin');
    const change = { currentPassword: DEMO_PASSWORD, newPassword: 'Fresh-Harbour-2031!' };
    const result = await call(server.app, 'ISelfCareService/ChangeMyPassword', change, { cookie: changing.cookie });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(await other.client.next()).toEqual({ type: 'reauth' });
    changing.client.send({ type: 'ping', echo: 'kept' });
    expect(await changing.client.next()).toEqual({ type: 'pong', echo: 'kept' });
  });

  it('says reauth when the sweep finds the session expired (idle or absolute)', async () => {
    const { client } = await authenticated('admin');
    await server.app.liveHub.sweep(Date.now() + (server.config.sessionIdleMinutes + 1) * 60_000);
    expect(await client.next()).toEqual({ type: 'reauth' });
  });

  it('tells open sockets that the node is going away when it stops, and stops', async () => {
    const stopping = await startTestServer();
    const client = await openLiveSocket(await listenOnFreePort(stopping.app));
    const closed = new Promise<number>((resolve) => client.socket.once('close', (code) => resolve(code)));
    const started = Date.now();
    await stopping.close();
    expect(await closed).toBe(1001);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('refuses an upgrade from a foreign origin, without the webclient subprotocol, or on another path', async () => {
    expect(await refusedStatus(baseUrl, { origin: 'https://evil.example' })).toBe(403);
    expect(await refusedStatus(baseUrl, { protocol: null })).toBe(400);
    expect(await refusedStatus(baseUrl, { protocol: 'chat' })).toBe(400);
    expect(await refusedStatus(baseUrl, { path: '/api/docs' })).toBe(404);
  });
});
