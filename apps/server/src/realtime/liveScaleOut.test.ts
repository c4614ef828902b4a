import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../app';
import { readConfig, type ServerConfig } from '../platform/config';
import { openDatabase, type DatabaseHandle } from '../platform/db/database';
import { ensureInitialData } from '../startup/initialData';
import { createScratchDatabase, type ScratchDatabase } from '../test/scratchDatabase';
import { DEMO_PASSWORD, call, signIn } from '../test/testServer';
import { listenOnFreePort, openLiveSocket, sessionOf, type LiveTestClient } from './liveTestClient';

// Two app nodes on one database (DESIGN.md scale-out, issue 16 "several nodes"): what is sent or
// changed through node A reaches the sockets node B holds, through PostgreSQL LISTEN/NOTIFY.
let nodeA: FastifyInstance;
let nodeB: FastifyInstance;
let config: ServerConfig;
let scratch: ScratchDatabase | undefined;
const handles: DatabaseHandle[] = [];
let urlB: string;
const open: LiveTestClient[] = [];

/**
 * Embedded PGlite is one connection, shared in-process by both nodes; its thread's client keeps one
 * listener per channel, so each node gets a view whose LISTEN joins a fan-out — as two PostgreSQL
 * connections would each hear the notification.
 */
function fanOutViews(handle: DatabaseHandle): () => DatabaseHandle {
  const listeners = new Map<string, Set<(payload: string) => void>>();
  return () => ({
    ...handle,
    async listen(channel, onNotify) {
      const registered = listeners.get(channel);
      if (registered) return void registered.add(onNotify);
      const set = new Set([onNotify]);
      listeners.set(channel, set);
      await handle.listen(channel, (payload) => set.forEach((listener) => listener(payload)));
    },
    close: async () => undefined,
  });
}

beforeAll(async () => {
  // On PostgreSQL (the second CI pass) each node has its own pool and listener on a scratch database.
  scratch = process.env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL, 'cmp_test') : undefined;
  config = { ...readConfig({}), dataDir: 'memory://', databaseUrl: scratch?.url, loadDemoData: true, demoPassword: DEMO_PASSWORD, webDist: '/nonexistent' };
  const first = await openDatabase({ databaseUrl: scratch?.url, dataDir: config.dataDir });
  handles.push(first);
  await ensureInitialData(first.db, config);
  const view = scratch ? undefined : fanOutViews(first);
  const second = scratch ? await openDatabase({ databaseUrl: scratch.url, dataDir: config.dataDir }) : first;
  if (second !== first) handles.push(second);
  nodeA = await buildServer({ database: view ? view() : first, config });
  // One node's job runner installs pg-boss before the other starts: on the one shared PGlite
  // connection two installing at once leave it inside a failed transaction.
  await nodeA.jobs.start();
  nodeB = await buildServer({ database: view ? view() : second, config });
  await nodeB.jobs.start();
  urlB = await listenOnFreePort(nodeB);
});
afterAll(async () => {
  await Promise.all(open.map((client) => client.close()));
  await nodeB?.close();
  await nodeA?.close();
  for (const handle of handles) await handle.close();
  await scratch?.drop();
});

/** Signs in through node A and opens an authenticated socket on node B. */
async function socketOnNodeB(userName: string) {
  const cookie = await signIn(nodeA, userName);
  const session = await sessionOf(nodeA, cookie);
  const client = await openLiveSocket(urlB, { cookie });
  open.push(client);
  client.send({ type: 'auth', ...session });
  client.send({ type: 'ping', echo: 'ready' });
  expect(await client.next()).toEqual({ type: 'pong', echo: 'ready' });
  return { client, cookie, session };
}

describe('live channel across nodes', () => {
  it('delivers a message and a maintenance announcement sent through node A to a socket on node B', async () => {
    const { client } = await socketOnNodeB('company.admin');
    await nodeA.liveHub.publish({ type: 'maintenance', mode: 900 });
    expect(await client.next()).toEqual({ type: 'maintenance', mode: 900 });
    await nodeA.liveHub.publish({ type: 'message', text: 'Node A speaking' });
    expect(await client.next()).toEqual({ type: 'message', text: 'Node A speaking' });
    await nodeA.liveHub.publish({ type: 'maintenance', mode: false });
    expect(await client.next()).toEqual({ type: 'maintenance', mode: false });
  });

  it('passes a message larger than a NOTIFY payload by reference', async () => {
    const { client } = await socketOnNodeB('reseller.admin');
    const text = 'ä'.repeat(6_000);
    await nodeA.liveHub.publish({ type: 'message', text });
    expect(await client.next()).toEqual({ type: 'message', text });
  });

  it("sends a message for one account's users only to them", async () => {
    const contoso = await socketOnNodeB('company.user');
    const fabrikam = await socketOnNodeB('other.admin');
    const { body } = await call(nodeA, 'IAuthorizationService/GetCurrentUser', {}, { cookie: contoso.cookie });
    await nodeA.liveHub.publish({ type: 'message', text: 'Contoso only' }, { accountPath: String((body.CompanyAccount as { AccountPath?: string }).AccountPath ?? body.AccountPath) });
    expect(await contoso.client.next()).toEqual({ type: 'message', text: 'Contoso only' });
    fabrikam.client.send({ type: 'ping', echo: 'after' });
    expect(await fabrikam.client.next()).toEqual({ type: 'pong', echo: 'after' });
  });

  it('counts the signed-in sockets of both nodes, and a socket opening on node B after an announcement through node A sees the countdown', async () => {
    const admin = await signIn(nodeA, 'admin');
    const status = await call(nodeA, 'ILiveNotificationService/GetLiveChannelStatus', {}, { cookie: admin });
    const nodes = status.body.Nodes as { NodeId: string; SignedIn: number }[];
    expect(nodes.map((node) => node.NodeId).sort()).toEqual([nodeA.liveHub.nodeId, nodeB.liveHub.nodeId].sort());
    expect(nodes.find((node) => node.NodeId === nodeB.liveHub.nodeId)!.SignedIn).toBe(open.length);
    expect((await call(nodeA, 'ILiveNotificationService/AnnounceMaintenance', { seconds: 1_200 }, { cookie: admin })).status).toBe(200);
    const cookie = await signIn(nodeA, 'company.admin');
    const late = await openLiveSocket(urlB, { cookie });
    open.push(late);
    late.send({ type: 'auth', ...(await sessionOf(nodeA, cookie)) });
    const announced = (await late.next()) as { type: string; mode: number };
    expect(announced.type).toBe('maintenance');
    expect(announced.mode).toBeGreaterThan(1_190);
    expect((await call(nodeA, 'ILiveNotificationService/CancelMaintenance', {}, { cookie: admin })).status).toBe(200);
    expect(await late.next()).toEqual({ type: 'maintenance', mode: false });
  });

  it('says reauth on node B when the session signs out on node A', async () => {
    const { client, cookie } = await socketOnNodeB('vendor.admin');
    expect((await call(nodeA, 'IAuthorizationService/Logout', {}, { cookie })).status).toBe(200);
    expect(await client.next()).toEqual({ type: 'reauth' });
  });

  it("sends updatecapabs on node B when the user's roles change on node A, and not to others", async () => {
    const user = await socketOnNodeB('company.user');
    const bystander = await socketOnNodeB('company.admin');
    const roles = await call(nodeA, 'IAccountService/GetUserRoles', { userAccountId: user.session.userId }, { cookie: bystander.cookie });
    const all = roles.body.Roles as { RoleId: number; IsAssigned: boolean; IsGrantable: boolean }[];
    const extra = all.find((role) => !role.IsAssigned && role.IsGrantable);
    expect(extra, JSON.stringify(all)).toBeDefined();
    const roleIds = [...all.filter((role) => role.IsAssigned).map((role) => role.RoleId), extra!.RoleId];
    expect((await call(nodeA, 'IAccountService/SetUserRoles', { userAccountId: user.session.userId, roleIds }, { cookie: bystander.cookie })).status).toBe(200);
    expect(await user.client.next()).toEqual({ type: 'updatecapabs' });
    bystander.client.send({ type: 'ping', echo: 'unchanged' });
    expect(await bystander.client.next()).toEqual({ type: 'pong', echo: 'unchanged' });
  });
});
