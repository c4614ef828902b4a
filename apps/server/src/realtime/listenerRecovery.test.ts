import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../app';
import { readConfig, type ServerConfig } from '../platform/config';
import { openDatabase, type DatabaseHandle } from '../platform/db/database';
import { ensureInitialData } from '../startup/initialData';
import { createScratchDatabase, type ScratchDatabase } from '../test/scratchDatabase';
import { DEMO_PASSWORD, call, signIn } from '../test/testServer';
import { recordBusinessEvent } from './businessEvents';
import { listenOnFreePort, openLiveSocket, sessionOf, type LiveTestClient } from './liveTestClient';

// Issue 30 item 8: a failover, a restart of PostgreSQL or a pooler ends the nodes' LISTEN
// connections. Each node opens its connection again, listens again, and re-reads what it missed;
// until then /healthz answers 503 and the session cache holds nothing. Embedded PGlite's LISTEN is
// in-process and cannot be lost, so this file always uses PostgreSQL, as twoProcesses.test.ts does:
// the run's DATABASE_URL, or the machine's server.
const postgresUrl = process.env.DATABASE_URL || process.env.TEST_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

let scratch: ScratchDatabase;
let config: ServerConfig;
const handles: DatabaseHandle[] = [];
let nodeA: FastifyInstance;
let nodeB: FastifyInstance;
let urlB: string;
const open: LiveTestClient[] = [];

beforeAll(async () => {
  scratch = await createScratchDatabase(postgresUrl, 'cmp_test');
  config = { ...readConfig({}), dataDir: 'memory://', databaseUrl: scratch.url, loadDemoData: true, demoPassword: DEMO_PASSWORD, webDist: '/nonexistent' };
  handles.push(await openDatabase({ databaseUrl: scratch.url, dataDir: config.dataDir }));
  await ensureInitialData(handles[0]!.db, config);
  handles.push(await openDatabase({ databaseUrl: scratch.url, dataDir: config.dataDir }));
  nodeA = await buildServer({ database: handles[0]!, config });
  nodeB = await buildServer({ database: handles[1]!, config });
  urlB = await listenOnFreePort(nodeB);
});
afterAll(async () => {
  await Promise.all(open.map((client) => client.close()));
  await nodeB?.close();
  await nodeA?.close();
  for (const handle of handles) await handle.close();
  await scratch?.drop();
});

/** What a failover does to the nodes: the server ends both nodes' LISTEN backends (and only theirs). */
async function terminateListeners(): Promise<void> {
  const pids = await Promise.all(handles.map((handle) => handle.listenerBackendPid!()));
  expect(pids.every((pid) => typeof pid === 'number')).toBe(true);
  await handles[0]!.executeSql('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [pids]);
}

const healthOf = async (node: FastifyInstance) => {
  const response = await node.inject({ method: 'GET', url: '/healthz' });
  return { status: response.statusCode, body: response.json() as { status: string; notListening?: string[] } };
};
const currentUserStatus = async (node: FastifyInstance, cookie: string) => (await call(node, 'IAuthorizationService/GetCurrentUser', {}, { cookie })).status;

async function socketOnNodeB(userName: string) {
  const cookie = await signIn(nodeA, userName);
  const session = await sessionOf(nodeA, cookie);
  const client = await openLiveSocket(urlB, { cookie });
  open.push(client);
  client.send({ type: 'auth', ...session });
  client.send({ type: 'ping', echo: 'ready' });
  expect(await client.next()).toEqual({ type: 'pong', echo: 'ready' });
  return { client, session };
}

describe('LISTEN connections ended by the database', () => {
  it('reports degraded while not listening, refuses a session signed out meanwhile within 2 s, and delivers the events committed meanwhile', async () => {
    const leaving = await signIn(nodeA, 'company.admin');
    // Node B now holds the session in its cache: only a notification (or its loss) can drop it.
    expect(await currentUserStatus(nodeB, leaving)).toBe(200);
    const { client, session } = await socketOnNodeB('company.user');
    expect((await healthOf(nodeB)).status).toBe(200);

    await terminateListeners();
    await expect.poll(async () => (await healthOf(nodeB)).status, { interval: 5, timeout: 5_000 }).toBe(503);

    const signedOutAt = Date.now();
    expect(await currentUserStatus(nodeA, leaving)).toBe(200);
    expect((await call(nodeA, 'IAuthorizationService/Logout', {}, { cookie: leaving })).status).toBe(200);
    await recordBusinessEvent(handles[0]!.db, { event: 'OrderApproved', values: { order: 'SO-3008' }, link: '/orders', userAccountIds: [session.userId] });
    await expect.poll(() => currentUserStatus(nodeB, leaving), { interval: 50, timeout: 2_000 }).toBe(401);
    expect(Date.now() - signedOutAt).toBeLessThan(2_000);

    // Committed while node B could not hear it: re-read from the outbox once it listens again.
    expect(await client.next(15_000)).toMatchObject({ type: 'event', event: 'OrderApproved', values: { order: 'SO-3008' } });
    await expect.poll(async () => (await healthOf(nodeB)).status, { interval: 50, timeout: 15_000 }).toBe(200);
    await expect.poll(async () => (await healthOf(nodeA)).status, { interval: 50, timeout: 15_000 }).toBe(200);
  });

  it('names the channels not listened on while degraded, and listens on them again afterwards', async () => {
    await terminateListeners();
    let degraded: Awaited<ReturnType<typeof healthOf>> | undefined;
    await expect
      .poll(async () => (degraded = await healthOf(nodeB)).status, { interval: 5, timeout: 5_000 })
      .toBe(503);
    expect(degraded!.body).toEqual({ status: 'degraded', notListening: expect.arrayContaining(['cmp_live', 'cmp_session_cache']) });
    await expect.poll(async () => (await healthOf(nodeB)).body, { interval: 50, timeout: 15_000 }).toEqual({ status: 'ok' });

    // Subscribed again: a session cached on node B ends there when it signs out on node A, and a broadcast arrives.
    const { client } = await socketOnNodeB('reseller.admin');
    const cookie = await signIn(nodeA, 'vendor.admin');
    expect(await currentUserStatus(nodeB, cookie)).toBe(200);
    expect((await call(nodeA, 'IAuthorizationService/Logout', {}, { cookie })).status).toBe(200);
    await expect.poll(() => currentUserStatus(nodeB, cookie), { interval: 50, timeout: 2_000 }).toBe(401);
    await nodeA.liveHub.publish({ type: 'message', text: 'Listening again' });
    expect(await client.next()).toEqual({ type: 'message', text: 'Listening again' });
  });
});
