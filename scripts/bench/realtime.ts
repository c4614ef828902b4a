// `npm run bench realtime` (issue 16): on PostgreSQL (DATABASE_URL's server, else 127.0.0.1:5432; a
// fresh database with the demo world):
//   1. 5,000 authenticated live-channel sockets on one node; an operator's message to everyone —
//      the time from the send to its arrival on each socket, p50/p99/max (goal p99 < 1 s);
//   2. the same with two nodes sharing the database, 2,500 sockets each, the message sent on the
//      first node and carried to the second through LISTEN/NOTIFY;
//   3. the server's resident memory per idle socket (node 1, before and after opening them).
// BENCH_REALTIME_SOCKETS (default 5,000) makes it smaller. The sockets share one signed-in session
// (as a user's tabs do), so opening them costs no password hashing.
import { readFileSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import WebSocket from 'ws';
import { startProcess } from './api';
import { createScratchDatabase } from './scratchDatabase';

const PORTS = [18_086, 18_087];
const SOCKETS = Number(process.env.BENCH_REALTIME_SOCKETS ?? 5_000);
const PASSWORD = process.env.DEMO_PASSWORD ?? 'Demo-Password-2024!';
const OPEN_BATCH = 250;

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] ?? NaN;
const http = (port: number) => `http://127.0.0.1:${port}`;
const residentKib = (child: ChildProcess) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? NaN);

async function signIn(port: number, userName: string): Promise<{ cookie: string; sessionId: string; userId: number }> {
  const res = await fetch(`${http(port)}/DataModel/service.svc/rest/IAuthorizationService/Authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName, password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${userName}: ${res.status}`);
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const me = (await (await fetch(`${http(port)}/DataModel/service.svc/rest/IAuthorizationService/GetCurrentUser`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: '{}' })).json()) as {
    SessionId: string;
    UserAccountId: number;
  };
  return { cookie, sessionId: me.SessionId, userId: me.UserAccountId };
}

interface Listener {
  socket: WebSocket;
  arrivals: Map<string, number>;
}

/** Opens a socket, authenticates it, and resolves once a ping round trip shows it is signed in. */
function openSocket(port: number, session: { cookie: string; sessionId: string; userId: number }): Promise<Listener> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/`, ['webclient'], { headers: { cookie: session.cookie, origin: http(port) } });
    const arrivals = new Map<string, number>();
    socket.once('error', reject);
    socket.once('open', () => {
      socket.send(JSON.stringify({ type: 'auth', sessionId: session.sessionId, userId: session.userId }));
      socket.send(JSON.stringify({ type: 'ping', echo: 'ready' }));
    });
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString()) as { type: string; echo?: string; text?: string };
      if (message.type === 'pong' && message.echo === 'ready') resolve({ socket, arrivals });
      if (message.type === 'message' && message.text) arrivals.set(message.text, performance.now());
    });
  });
}

async function openSockets(port: number, session: { cookie: string; sessionId: string; userId: number }, count: number): Promise<Listener[]> {
  const listeners: Listener[] = [];
  for (let start = 0; start < count; start += OPEN_BATCH) {
    listeners.push(...(await Promise.all(Array.from({ length: Math.min(OPEN_BATCH, count - start) }, () => openSocket(port, session)))));
  }
  return listeners;
}

/** Sends an operator's message to everyone through `port` and answers each socket's wait for it, in ms. */
async function broadcast(port: number, cookie: string, listeners: Listener[]): Promise<number[]> {
  const text = `bench ${Date.now()} ${Math.random()}`;
  const sentAt = performance.now();
  const res = await fetch(`${http(port)}/DataModel/service.svc/rest/ILiveNotificationService/SendLiveMessage`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ text }),
  });
  if (res.status !== 200) throw new Error(`SendLiveMessage: ${res.status} ${await res.text()}`);
  const deadline = Date.now() + 30_000;
  while (listeners.some((l) => !l.arrivals.has(text)) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  return listeners.map((l) => (l.arrivals.get(text) ?? Number.POSITIVE_INFINITY) - sentAt);
}

function report(label: string, waits: number[]) {
  const missing = waits.filter((w) => !Number.isFinite(w)).length;
  const fmt = (ms: number) => `${ms.toFixed(0)} ms`;
  console.log(`${label}: ${waits.length} sockets, p50 ${fmt(percentile(waits, 50))}, p99 ${fmt(percentile(waits, 99))}, max ${fmt(Math.max(...waits))}${missing ? `, ${missing} never reached` : ''} (goal p99 < 1000 ms)`);
}

export async function benchRealtime(): Promise<void> {
  const scratch = await createScratchDatabase('realtime');
  const env = (port: number) => ({ PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: scratch.url, DEMO_DATA: '1', LOG_LEVEL: 'warn' });

  const nodes: ChildProcess[] = [];
  const listeners: Listener[] = [];
  try {
    nodes.push(await startProcess(['--import', 'tsx', 'apps/server/src/main.ts'], env(PORTS[0]!), `${http(PORTS[0]!)}/healthz`));
    const session = await signIn(PORTS[0]!, 'admin');
    // Warm the node (first requests, JIT) before reading its memory.
    listeners.push(...(await openSockets(PORTS[0]!, session, 50)));
    await broadcast(PORTS[0]!, session.cookie, listeners);
    const before = residentKib(nodes[0]!);
    listeners.push(...(await openSockets(PORTS[0]!, session, SOCKETS - listeners.length)));
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const after = residentKib(nodes[0]!);
    console.log(`node 1: ${listeners.length} authenticated sockets; resident memory ${(before / 1024).toFixed(0)} → ${(after / 1024).toFixed(0)} MB, ${(((after - before) * 1024) / (listeners.length - 50)).toFixed(0)} bytes per idle socket`);
    for (let run = 1; run <= 3; run++) report(`one node, broadcast ${run}`, await broadcast(PORTS[0]!, session.cookie, listeners));

    // Two nodes: half the sockets move to the second node; the message leaves from the first.
    listeners.splice(SOCKETS / 2).forEach((l) => l.socket.terminate());
    nodes.push(await startProcess(['--import', 'tsx', 'apps/server/src/main.ts'], env(PORTS[1]!), `${http(PORTS[1]!)}/healthz`));
    listeners.push(...(await openSockets(PORTS[1]!, session, SOCKETS / 2)));
    for (let run = 1; run <= 3; run++) report(`two nodes (${SOCKETS / 2} each, sent on node 1), broadcast ${run}`, await broadcast(PORTS[0]!, session.cookie, listeners));
  } finally {
    listeners.forEach((l) => l.socket.terminate());
    nodes.forEach((node) => node.kill());
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await scratch.drop().catch(() => undefined);
  }
}
