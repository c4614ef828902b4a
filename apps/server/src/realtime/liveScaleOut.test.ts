import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../app';
import { openDatabase, type DatabaseHandle } from '../platform/db/database';
import { call, signIn, startTestServer, type TestServer } from '../test/testServer';
import { listenOnFreePort, openLiveSocket, sessionOf, type LiveTestClient } from './liveTestClient';

// Two app nodes on one database (DESIGN.md scale-out, issue 16 "several nodes"): what is sent or
// changed through node A reaches the sockets node B holds, through PostgreSQL LISTEN/NOTIFY.
let nodeA: TestServer;
let nodeB: FastifyInstance;
let handleB: DatabaseHandle;
let urlB: string;
const open: LiveTestClient[] = [];

beforeAll(async () => {
  // Two nodes on one embedded PGlite share its client; the worker-thread client keeps one listener
  // per channel (the last node's), so the shared case runs PGlite on this thread, whose LISTEN
  // takes one callback per node, as two PostgreSQL connections would.
  process.env.PGLITE_WORKER = '0';
  nodeA = await startTestServer();
  // On PostgreSQL the second node has its own pool and listener; embedded PGlite can only be shared in-process.
  handleB = nodeA.config.databaseUrl ? await openDatabase({ databaseUrl: nodeA.config.databaseUrl, dataDir: 'memory://' }) : nodeA.handle;
  nodeB = await buildServer({ database: handleB, config: nodeA.config });
  urlB = await listenOnFreePort(nodeB);
});
afterAll(async () => {
  await Promise.all(open.map((client) => client.close()));
  await nodeB?.close();
  if (handleB && handleB !== nodeA.handle) await handleB.close();
  await nodeA?.close();
  delete process.env.PGLITE_WORKER;
});

/** Signs in through node A and opens an authenticated socket on node B. */
async function socketOnNodeB(userName: string) {
  const cookie = await signIn(nodeA.app, userName);
  const session = await sessionOf(nodeA.app, cookie);
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
    await nodeA.app.liveHub.publish({ type: 'maintenance', mode: 900 });
    expect(await client.next()).toEqual({ type: 'maintenance', mode: 900 });
    await nodeA.app.liveHub.publish({ type: 'message', text: 'Node A speaking' });
    expect(await client.next()).toEqual({ type: 'message', text: 'Node A speaking' });
  });

  it('passes a message larger than a NOTIFY payload by reference', async () => {
    const { client } = await socketOnNodeB('reseller.admin');
    const text = 'ä'.repeat(6_000);
    await nodeA.app.liveHub.publish({ type: 'message', text });
    expect(await client.next()).toEqual({ type: 'message', text });
  });

  it("sends a message for one account's users only to them", async () => {
    const contoso = await socketOnNodeB('company.user');
    const fabrikam = await socketOnNodeB('other.admin');
    const { body } = await call(nodeA.app, 'IAuthorizationService/GetCurrentUser', {}, { cookie: contoso.cookie });
    await nodeA.app.liveHub.publish({ type: 'message', text: 'Contoso only' }, { accountPath: String((body.CompanyAccount as { AccountPath?: string }).AccountPath ?? body.AccountPath) });
    expect(await contoso.client.next()).toEqual({ type: 'message', text: 'Contoso only' });
    fabrikam.client.send({ type: 'ping', echo: 'after' });
    expect(await fabrikam.client.next()).toEqual({ type: 'pong', echo: 'after' });
  });

  it('says reauth on node B when the session signs out on node A', async () => {
    const { client, cookie } = await socketOnNodeB('vendor.admin');
    expect((await call(nodeA.app, 'IAuthorizationService/Logout', {}, { cookie })).status).toBe(200);
    expect(await client.next()).toEqual({ type: 'reauth' });
  });

  it("sends updatecapabs on node B when the user's roles change on node A, and not to others", async () => {
    const user = await socketOnNodeB('company.user');
    const bystander = await socketOnNodeB('company.admin');
    const roles = await call(nodeA.app, 'IAccountService/GetUserRoles', { userAccountId: user.session.userId }, { cookie: bystander.cookie });
    const all = roles.body.Roles as { RoleId: number; IsAssigned: boolean; IsGrantable: boolean }[];
    const extra = all.find((role) => !role.IsAssigned && role.IsGrantable);
    expect(extra, JSON.stringify(all)).toBeDefined();
    const roleIds = [...all.filter((role) => role.IsAssigned).map((role) => role.RoleId), extra!.RoleId];
    expect((await call(nodeA.app, 'IAccountService/SetUserRoles', { userAccountId: user.session.userId, roleIds }, { cookie: bystander.cookie })).status).toBe(200);
    expect(await user.client.next()).toEqual({ type: 'updatecapabs' });
    bystander.client.send({ type: 'ping', echo: 'unchanged' });
    expect(await bystander.client.next()).toEqual({ type: 'pong', echo: 'unchanged' });
  });
});
