import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import WebSocket from 'ws';
import { HttpTransportType, HubConnectionBuilder, HubConnectionState, LogLevel, type HubConnection } from '@microsoft/signalr';
import { EVENT_HUB_METHOD, EVENT_HUB_PATH, type HubServerMessage } from '@cmp/contracts/realtime';
import { outboxEvents } from '../platform/db/schema';
import { call, signIn, startTestServer, type TestServer } from '../test/testServer';
import { listenOnFreePort } from './liveTestClient';
import { RECORD_SEPARATOR } from './hubProtocol';

// Issue 16 event hub: the real @microsoft/signalr client, as the portal uses it, on both transports
// the server offers; a DP_UpdateComplete committed to the outbox reaches the hierarchy of its
// pricelist's owner and nobody else; a session that ends closes its connections.

let server: TestServer;
let httpUrl: string;
let northwind: number;
const connections: HubConnection[] = [];

beforeAll(async () => {
  server = await startTestServer();
  httpUrl = (await listenOnFreePort(server.app)).replace('ws:', 'http:');
  northwind = ((await server.handle.db.execute(sql`select id from accounts where display_name = 'Northwind Cloud' and type = 'Reseller'`)) as unknown as { rows: { id: number }[] }).rows[0]!.id;
});
afterAll(async () => {
  await Promise.all(connections.map((c) => c.stop().catch(() => undefined)));
  await server?.close();
});

interface Listener {
  connection: HubConnection;
  received: HubServerMessage[];
  closed: Promise<Error | undefined>;
}

async function connect(cookie: string, transport: HttpTransportType): Promise<Listener> {
  const connection = new HubConnectionBuilder()
    .withUrl(`${httpUrl}${EVENT_HUB_PATH}?InstanceId=pp`, { transport, headers: { cookie, origin: httpUrl } })
    .configureLogging(LogLevel.None)
    .build();
  const received: HubServerMessage[] = [];
  connection.on(EVENT_HUB_METHOD, (message: HubServerMessage) => received.push(message));
  const closed = new Promise<Error | undefined>((resolve) => connection.onclose(resolve));
  await connection.start();
  connections.push(connection);
  return { connection, received, closed };
}

async function propagationFinished(marketplaceId: number, ownerAccountId = northwind): Promise<HubServerMessage> {
  const payload = { Event: 'DP_UpdateComplete', MarketplaceId: marketplaceId, TimeStamp: new Date().toISOString() };
  await server.handle.db.insert(outboxEvents).values({ event: 'DP_UpdateComplete', accountId: ownerAccountId, payload });
  return payload;
}

/** What a connection got by the time another one got the event: the server sends to all in one loop. */
const until = (check: () => boolean) => expect.poll(check, { timeout: 10_000 }).toBe(true);

describe('event hub', () => {
  it('refuses to negotiate without a session, and answers the transports with one', async () => {
    const anonymous = await fetch(`${httpUrl}${EVENT_HUB_PATH}/negotiate?InstanceId=pp&negotiateVersion=1`, { method: 'POST' });
    expect(anonymous.status).toBe(401);
    const cookie = await signIn(server.app, 'company.admin');
    const answer = await fetch(`${httpUrl}${EVENT_HUB_PATH}/negotiate?InstanceId=pp&negotiateVersion=1`, { method: 'POST', headers: { cookie } });
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ negotiateVersion: 1, connectionId: expect.any(String), connectionToken: expect.any(String) });
    expect((body.availableTransports as { transport: string }[]).map((t) => t.transport)).toEqual(['WebSockets', 'ServerSentEvents']);
    const foreign = await fetch(`${httpUrl}${EVENT_HUB_PATH}/negotiate?InstanceId=pp`, { method: 'POST', headers: { cookie, origin: 'https://elsewhere.example' } });
    expect(foreign.status).toBe(403);
  });

  it.each([
    ['WebSockets', HttpTransportType.WebSockets],
    ['server-sent events', HttpTransportType.ServerSentEvents],
  ])('sends DP_UpdateComplete over %s to the owner’s hierarchy only', async (_name, transport) => {
    const owner = await connect(await signIn(server.app, 'reseller.admin'), transport);
    const below = await connect(await signIn(server.app, 'company.admin'), transport);
    const above = await connect(await signIn(server.app, 'admin'), transport);
    const stranger = await connect(await signIn(server.app, 'other.admin'), transport);
    expect(owner.connection.state).toBe(HubConnectionState.Connected);

    const sent = await propagationFinished(4242);
    await until(() => owner.received.length === 1 && below.received.length === 1 && above.received.length === 1);
    expect(owner.received[0]).toEqual(sent);
    expect(below.received[0]).toEqual(sent);
    // Sent in the same loop as the others: had it been meant for the stranger, it would be there.
    expect(stranger.received).toEqual([]);

    // Business events for named users (migration 0029) are the live channel's, never the hub's.
    await server.handle.db.insert(outboxEvents).values({ event: 'OrderApproved', accountId: northwind, payload: { values: {}, link: '/' }, recipientUserIds: [1] });
    await propagationFinished(4243);
    await until(() => owner.received.length === 2);
    expect(owner.received.map((m) => m.MarketplaceId)).toEqual([4242, 4243]);
  });

  it('closes the connections of a session that signs out', async () => {
    const cookie = await signIn(server.app, 'company.user');
    const listener = await connect(cookie, HttpTransportType.WebSockets);
    expect((await call(server.app, 'IAuthorizationService/Logout', {}, { cookie })).status).toBe(200);
    const error = await listener.closed;
    expect(error?.message).toContain('The session ended.');
    expect(listener.connection.state).toBe(HubConnectionState.Disconnected);
  });

  it('answers an invocation of a method it does not have with an error, and stays connected', async () => {
    const listener = await connect(await signIn(server.app, 'company.admin'), HttpTransportType.WebSockets);
    await expect(listener.connection.invoke('DeleteEverything')).rejects.toThrow("This hub has no method 'DeleteEverything'");
    expect(listener.connection.state).toBe(HubConnectionState.Connected);
  });

  it('refuses a handshake in a protocol it does not speak, and an unknown connection', async () => {
    const cookie = await signIn(server.app, 'company.admin');
    const negotiated = (await (await fetch(`${httpUrl}${EVENT_HUB_PATH}/negotiate?negotiateVersion=1`, { method: 'POST', headers: { cookie } })).json()) as { connectionToken: string };
    const wsUrl = `${httpUrl.replace('http:', 'ws:')}${EVENT_HUB_PATH}?id=${negotiated.connectionToken}`;
    const socket = new WebSocket(wsUrl);
    const answer = new Promise<string>((resolve) => socket.once('message', (data) => resolve(data.toString())));
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(`{"protocol":"messagepack","version":1}${RECORD_SEPARATOR}`);
    expect(await answer).toBe(`{"error":"Protocol 'messagepack' is not supported: this hub speaks json."}${RECORD_SEPARATOR}`);
    await new Promise((resolve) => socket.once('close', resolve));

    const unknown = new WebSocket(`${httpUrl.replace('http:', 'ws:')}${EVENT_HUB_PATH}?id=nobody`);
    const status = await new Promise<number>((resolve) => unknown.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0)));
    expect(status).toBe(404);
    expect((await fetch(`${httpUrl}${EVENT_HUB_PATH}?id=nobody`, { headers: { accept: 'text/event-stream' } })).status).toBe(404);
  });
});
