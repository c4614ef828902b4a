import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { LiveServerMessage } from '@cmp/contracts/realtime';
import { call, signIn, startTestServer, type TestServer } from '../test/testServer';
import { listenOnFreePort, openLiveSocket, sessionOf, type LiveTestClient } from './liveTestClient';

// Issue 16 business events: an order waiting for approval reaches the seller's Account Managers, the
// decision reaches whoever ordered — nobody else — and a socket that signs in later replays them.

type BusinessMessage = Extract<LiveServerMessage, { type: 'event' }>;

let server: TestServer;
let baseUrl: string;
let contoso: number;
const open: LiveTestClient[] = [];

beforeAll(async () => {
  server = await startTestServer();
  baseUrl = await listenOnFreePort(server.app);
  contoso = ((await server.handle.db.execute(sql`select id from accounts where display_name = 'Contoso Ltd' and type = 'Company'`)) as unknown as { rows: { id: number }[] }).rows[0]!.id;
});
afterAll(async () => {
  await Promise.all(open.map((client) => client.close()));
  await server?.close();
});

/** A signed-in socket; given a cookie, another socket of that session (a reconnect, a second tab). */
async function authenticated(userName: string, sessionCookie?: string) {
  const cookie = sessionCookie ?? (await signIn(server.app, userName));
  const client = await openLiveSocket(baseUrl, { cookie, origin: baseUrl.replace('ws:', 'http:') });
  open.push(client);
  client.send({ type: 'auth', ...(await sessionOf(server.app, cookie)) });
  client.send({ type: 'ping', echo: 'ready' });
  await nextOf(client, (m) => m.type === 'pong');
  return { cookie, client };
}

async function nextOf(client: LiveTestClient, wanted: (message: LiveServerMessage) => boolean): Promise<LiveServerMessage> {
  for (;;) {
    const message = await client.next(10_000);
    if (wanted(message)) return message;
  }
}
const eventNamed = (event: string) => (m: LiveServerMessage) => m.type === 'event' && m.event === event;
const eventsOf = (client: LiveTestClient) => client.received.filter((m): m is BusinessMessage => m.type === 'event');

/** Everything sent before a ping's pong has been sent: what a socket has not got by then, it will not get. */
async function settled(client: LiveTestClient) {
  client.send({ type: 'ping', echo: 'settled' });
  await nextOf(client, (m) => m.type === 'pong' && m.echo === 'settled');
}

describe('business events on the live channel', () => {
  it('tells the Account Managers an order waits, the orderer the decision, and nobody else', async () => {
    const approver = await authenticated('reseller.admin');
    const orderer = await authenticated('company.admin');
    const stranger = await authenticated('other.admin');
    const colleague = await authenticated('company.user');

    // Above Contoso's credit limit: Pending (see orders.test.ts).
    const order = { parentAccountId: contoso, productName: 'NIMBUS_ENDPOINT', quantity: 400, commitment: '1-month', billingFrequency: 'Monthly' };
    const placed = await call(server.app, 'IAccountService/PlaceOrder', order, { cookie: orderer.cookie });
    expect(placed.status).toBe(200);
    const orderId = String((placed.body as { Order: { Id: number } }).Order.Id);

    const waiting = (await nextOf(approver.client, eventNamed('OrderAwaitsApproval'))) as BusinessMessage;
    expect(waiting).toMatchObject({ values: { orderId, company: 'Contoso Ltd' }, link: '/orders/request-review' });

    expect((await call(server.app, 'IAccountService/ApproveCreditCheckOrder', { orderId: Number(orderId) }, { cookie: approver.cookie })).status).toBe(200);
    const approved = (await nextOf(orderer.client, eventNamed('OrderApproved'))) as BusinessMessage;
    expect(approved).toMatchObject({ values: { orderId }, link: '/orders/my-orders' });

    for (const client of [stranger.client, colleague.client]) await settled(client);
    await settled(approver.client);
    expect(eventsOf(stranger.client)).toEqual([]);
    expect(eventsOf(colleague.client)).toEqual([]);
    expect(eventsOf(approver.client).map((e) => e.event)).not.toContain('OrderApproved');
    expect(eventsOf(orderer.client).map((e) => e.event)).not.toContain('OrderAwaitsApproval');

    // The session's socket reconnecting afterwards (another node) replays the event with the same id: the portal skips what it showed.
    const reconnected = await authenticated('company.admin', orderer.cookie);
    expect(eventsOf(reconnected.client).find((e) => e.event === 'OrderApproved')?.id).toBe(approved.id);
    // A session signed in afterwards gets no old news.
    const signedInLater = await authenticated('company.admin');
    await settled(signedInLater.client);
    expect(eventsOf(signedInLater.client)).toEqual([]);
  });

  it('delivers an event only when its transaction commits', async () => {
    const orderer = await authenticated('company.admin');
    const db = server.handle.db;
    const { recordBusinessEvent } = await import('./businessEvents');
    const userId = (await sessionOf(server.app, orderer.cookie)).userId;
    await db
      .transaction(async (tx) => {
        await recordBusinessEvent(tx, { event: 'PropagationFinished', values: { pricelist: 'Rolled back' }, link: '/propagation', userAccountIds: [userId] });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await db.transaction((tx) => recordBusinessEvent(tx, { event: 'PropagationFinished', values: { pricelist: 'Committed' }, link: '/propagation', userAccountIds: [userId] }));
    const delivered = (await nextOf(orderer.client, eventNamed('PropagationFinished'))) as BusinessMessage;
    expect(delivered.values.pricelist).toBe('Committed');
  });
});
