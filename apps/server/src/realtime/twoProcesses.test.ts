import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveServerMessage } from '@cmp/contracts/realtime';
import { OPERATION_PREFIX } from '../platform/operationRoute';
import { serverFile } from '../platform/serverFiles';
import { createScratchDatabase, type ScratchDatabase } from '../test/scratchDatabase';
import { usableTemplate } from '../test/databaseTemplate';
import { openLiveSocket, type LiveTestClient } from './liveTestClient';

// Issue 16 "several nodes", as deployed: two server processes on one PostgreSQL, started together on
// a new database (one migrates and seeds while the other waits on the advisory locks). What is
// committed through node A — an operator's message, an order waiting for approval — reaches the
// sockets node B holds, through LISTEN/NOTIFY only: the processes share nothing else.
//
// Two processes cannot share the embedded database, so this file always uses PostgreSQL: the run's
// DATABASE_URL, or the machine's server (DESIGN.md "The machine, tests and CI").
const postgresUrl = process.env.DATABASE_URL || process.env.TEST_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const PASSWORD = 'Demo-Password-2024!';

let scratch: ScratchDatabase;
const nodes: ChildProcess[] = [];
const sockets: LiveTestClient[] = [];
let urlA: string;
let urlB: string;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function startNode(): Promise<string> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', serverFile('src/main.ts')], {
    env: { ...process.env, DATABASE_URL: scratch.url, DEMO_DATA: '1', DEMO_PASSWORD: PASSWORD, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', PUBLIC_URL: `http://127.0.0.1:${port}` },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  nodes.push(child);
  const url = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 90_000; Date.now() < deadline; ) {
    if (child.exitCode !== null) throw new Error(`the node on port ${port} ended with ${child.exitCode}`);
    const healthy = await fetch(`${url}/healthz`).then((r) => r.ok, () => false);
    if (healthy) return url;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the node on port ${port} did not answer in 90 s`);
}

async function operation(url: string, name: string, body: unknown, cookie = ''): Promise<{ status: number; body: Record<string, unknown>; cookie: string }> {
  const response = await fetch(`${url}${OPERATION_PREFIX}/${name}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) });
  const set = response.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {}, cookie: set };
}

async function signIn(url: string, userName: string): Promise<string> {
  const answer = await operation(url, 'IAuthorizationService/Authenticate', { userName, password: PASSWORD });
  expect(answer.status).toBe(200);
  return answer.cookie;
}

/** A signed-in socket on `url`: authenticated, and answering pings. */
async function listen(url: string, userName: string): Promise<LiveTestClient> {
  const cookie = await signIn(url, userName);
  const socket = await openLiveSocket(url.replace('http:', 'ws:'), { cookie });
  sockets.push(socket);
  const user = (await operation(url, 'IAuthorizationService/GetCurrentUser', {}, cookie)).body;
  socket.send({ type: 'auth', sessionId: String(user.SessionId), userId: Number(user.UserAccountId) });
  socket.send({ type: 'ping', echo: 'ready' });
  await nextOf(socket, (m) => m.type === 'pong');
  return socket;
}

async function contosoId(): Promise<number> {
  const client = new pg.Client({ connectionString: scratch.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number }>(`select id from accounts where display_name = 'Contoso Ltd' and type = 'Company'`);
    return rows[0]!.id;
  } finally {
    await client.end();
  }
}

async function nextOf(socket: LiveTestClient, wanted: (message: LiveServerMessage) => boolean): Promise<LiveServerMessage> {
  for (;;) {
    const message = await socket.next(20_000);
    if (wanted(message)) return message;
  }
}

beforeAll(async () => {
  scratch = await createScratchDatabase(postgresUrl, 'cmp_test', process.env.DATABASE_URL ? usableTemplate('postgres', {}) : undefined);
  [urlA, urlB] = await Promise.all([startNode(), startNode()]);
}, 240_000);
afterAll(async () => {
  await Promise.all(sockets.map((s) => s.close()));
  await Promise.all(
    nodes.map(
      (node) =>
        new Promise<void>((resolve) => {
          if (node.exitCode !== null) return resolve();
          node.once('exit', () => resolve());
          node.kill('SIGTERM');
        }),
    ),
  );
  await scratch?.drop();
}, 60_000);

describe('two server processes on one PostgreSQL', () => {
  it('delivers to node B what is committed through node A: a message, and an order waiting for approval', async () => {
    const everyone = await listen(urlB, 'company.admin');
    const approver = await listen(urlB, 'reseller.admin');

    const operator = await signIn(urlA, 'admin');
    expect((await operation(urlA, 'ILiveNotificationService/SendLiveMessage', { text: 'Sent through node A' }, operator)).status).toBe(200);
    expect(await nextOf(everyone, (m) => m.type === 'message')).toEqual({ type: 'message', text: 'Sent through node A' });

    // Above Contoso's credit limit, so the order waits for Northwind's Account Managers (businessEvents.test.ts).
    const orderer = await signIn(urlA, 'company.admin');
    const parentAccountId = await contosoId();
    const placed = await operation(urlA, 'IAccountService/PlaceOrder', { parentAccountId, productName: 'NIMBUS_ENDPOINT', quantity: 400, commitment: '1-month', billingFrequency: 'Monthly' }, orderer);
    expect(placed.status).toBe(200);
    const orderId = String((placed.body.Order as { Id: number }).Id);
    expect(await nextOf(approver, (m) => m.type === 'event')).toMatchObject({ type: 'event', event: 'OrderAwaitsApproval', values: { orderId, company: 'Contoso Ltd' } });
  }, 90_000);
});
