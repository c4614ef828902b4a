// `npm run bench orders` (issue 14): on PostgreSQL (DATABASE_URL's server, else 127.0.0.1:5432; a
// fresh database with the demo world), with the vendor sandbox in a process of its own:
//   1. orders placed per second through the API by 20 concurrent clients (goal ≥ 200/s), on one app
//      node, then on 2 app nodes sharing the database (docs/operations.md "several nodes") with the 20 clients
//      spread over both;
//   2. under faults — every order sent twice with the same Idempotency-Key, the sandbox failing 10 %
//      of calls transiently — the time from order to Active subscription (p50, p95) and the double
//      effects: duplicate subscriptions (orders per key) and duplicate vendor provisionings (goal 0, 0).
// After the one-node phase it prints the CPU an order took (placing and provisioning it) by process:
// the figure to compare commits by, where the rate moves with whatever else the machine runs.
import http from 'node:http';
import pg from 'pg';
import { startProcess } from './api';
import { createScratchDatabase } from './scratchDatabase';
import { commandCpuMs, cpuSnapshot, machineCpuMs, processCpuMs } from './cpuTime';

const PORT = 18_084;
const SECOND_PORT = 18_085;
const SANDBOX_PORT = 18_094;
const baseOf = (port: number) => `http://127.0.0.1:${port}/DataModel/service.svc/rest`;
const BASE = baseOf(PORT);
const SANDBOX = `http://127.0.0.1:${SANDBOX_PORT}`;
const PASSWORD = process.env.DEMO_PASSWORD ?? 'Demo-Password-2024!';
const CLIENTS = 20;
const THROUGHPUT_SECONDS = Number(process.env.BENCH_ORDERS_SECONDS ?? 15);
const FAULT_ORDERS = Number(process.env.BENCH_FAULT_ORDERS ?? 200);

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] ?? NaN;

async function signIn(userName: string): Promise<string> {
  const res = await fetch(`${BASE}/IAuthorizationService/Authenticate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userName, password: PASSWORD }) });
  if (res.status !== 200) throw new Error(`sign-in of ${userName}: ${res.status}`);
  return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

// The clients' requests go through node:http with kept-alive connections: fetch's own work per
// request (~1 ms of CPU here) ran on the same two cores as the server and the database it measures.
const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS * 2 });

function operation(cookie: string, name: string, body: unknown, key?: string, base = BASE): Promise<{ status: number; body: Record<string, unknown> }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${base}/${name}`,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), cookie, ...(key ? { 'idempotency-key': key } : {}) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          try {
            resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown> });
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

export async function benchOrders(): Promise<void> {
  const scratch = await createScratchDatabase('orders');
  const databaseUrl = scratch.url;

  // A process that does not start (a bad BENCH_SERVER_NODE_ARGS) leaves neither the sandbox nor the database behind.
  const sandbox = await startProcess(['--import', 'tsx', 'apps/server/src/provisioning/sandbox/main.ts'], { SANDBOX_PORT: String(SANDBOX_PORT), SANDBOX_COMPLETION_DELAY_MS: '300' }, `${SANDBOX}/`).catch(
    async (error: unknown) => {
      await scratch.drop();
      throw error;
    },
  );
  const server = await startProcess(
    [...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ') ?? []), '--import', 'tsx', 'apps/server/src/main.ts'],
    { PORT: String(PORT), HOST: '127.0.0.1', DATABASE_URL: databaseUrl, DEMO_DATA: '1', LOG_LEVEL: 'warn', VENDOR_SANDBOX_URL: SANDBOX },
    `http://127.0.0.1:${PORT}/healthz`,
  ).catch(async (error: unknown) => {
    sandbox.kill('SIGTERM');
    await scratch.drop();
    throw error;
  });
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  let secondServer: Awaited<ReturnType<typeof startProcess>> | undefined;
  try {
    const [buyer, seller] = [await signIn('company.admin'), await signIn('reseller.admin')];
    const contoso = (await db.query<{ id: number }>(`select id from accounts where display_name = 'Contoso Ltd' and type = 'Company'`)).rows[0]!.id;
    // No credit check in the way: every order goes straight to provisioning.
    await operation(seller, 'IAccountService/SetCreditLimit', { companyAccountId: contoso, creditLimit: null });
    const order = { parentAccountId: contoso, productName: 'NIMBUS_ENDPOINT', quantity: 1, commitment: '1-month', billingFrequency: 'Monthly' };

    // 1. Throughput: 20 clients place orders one after another for THROUGHPUT_SECONDS — on one node,
    // then on two nodes (the second started now, on the same database) with the clients spread over both.
    const throughputStart = (await db.query<{ at: Date }>('select now() as at')).rows[0]!.at;
    const drain = async () => {
      // Let the provisioning of the throughput orders drain before the next phase (theirs only: the
      // demo world has a hand-made request that stays InProgress).
      for (let waited = 0; waited < 300; waited += 1) {
        const open = (
          await db.query<{ n: number }>(`select count(*)::int as n from provisioning_requests where order_status in ('Submitted', 'InProgress') and created_at >= $1`, [throughputStart])
        ).rows[0]!.n;
        if (open === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    };
    const throughput = async (bases: string[], label: string, prefix: string): Promise<number> => {
      let placed = 0;
      let failed = 0;
      const latencies: number[] = [];
      const until = Date.now() + THROUGHPUT_SECONDS * 1000;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: CLIENTS }, async (_, client) => {
          const base = bases[client % bases.length]!;
          for (let i = 0; Date.now() < until; i += 1) {
            const t = performance.now();
            const result = await operation(buyer, 'IAccountService/PlaceOrder', order, `${prefix}-${client}-${i}`, base);
            latencies.push(performance.now() - t);
            if (result.status === 200) placed += 1;
            else failed += 1;
          }
        }),
      );
      const rate = placed / ((performance.now() - started) / 1000);
      console.info(
        `PlaceOrder, ${CLIENTS} concurrent clients, PostgreSQL, ${label}: ${placed} orders in ${THROUGHPUT_SECONDS} s = ${rate.toFixed(0)} orders/s (goal ≥ 200: ${rate >= 200 ? 'met' : 'NOT met'}); latency p50 ${percentile(latencies, 50).toFixed(0)} ms, p95 ${percentile(latencies, 95).toFixed(0)} ms; ${failed} not placed`,
      );
      return placed;
    };
    // What an order costs in CPU, placing and provisioning it (to the drain's end), by process: the
    // figure to compare commits by on a shared machine, where the rate above moves between runs.
    const counters = {
      server: () => processCpuMs(server.pid),
      postgres: () => commandCpuMs('postgres'),
      sandbox: () => processCpuMs(sandbox.pid),
      clients: () => {
        const usage = process.cpuUsage();
        return (usage.user + usage.system) / 1000;
      },
      machineBusy: () => machineCpuMs()?.busy,
      machineTotal: () => machineCpuMs()?.total,
    };
    const before = cpuSnapshot(counters).values;
    const placedOnOne = await throughput([BASE], '1 node', 'bench');
    await drain();
    const used = cpuSnapshot(counters).since(before);
    const perOrder = (ms: number | undefined) => (ms === undefined ? 'n/a' : `${(ms / placedOnOne).toFixed(1)} ms`);
    const busy = used.machineBusy !== undefined && used.machineTotal ? ` (the machine ${((100 * used.machineBusy) / used.machineTotal).toFixed(0)} % busy)` : '';
    console.info(
      `CPU per order, 1 node, placing and provisioning: server ${perOrder(used.server)}, PostgreSQL ${perOrder(used.postgres)}, vendor sandbox ${perOrder(used.sandbox)}, the bench's clients ${perOrder(used.clients)}; machine ${perOrder(used.machineBusy)}${busy}`,
    );
    secondServer = await startProcess(
      ['--import', 'tsx', 'apps/server/src/main.ts'],
      { PORT: String(SECOND_PORT), HOST: '127.0.0.1', DATABASE_URL: databaseUrl, DEMO_DATA: '1', LOG_LEVEL: 'warn', VENDOR_SANDBOX_URL: SANDBOX },
      `http://127.0.0.1:${SECOND_PORT}/healthz`,
    );
    await throughput([BASE, baseOf(SECOND_PORT)], `2 nodes (${CLIENTS / 2} clients on each)`, 'bench2');
    await drain();
    // The faults phase runs on the first node alone, as before.
    secondServer.kill('SIGTERM');
    secondServer = undefined;

    // 2. Faults: 10 % transient vendor failures; every order sent twice with the same key.
    await fetch(`${SANDBOX}/_sandbox/reset`, { method: 'POST' });
    await fetch(`${SANDBOX}/_sandbox/config`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ transientFailureRate: 0.1 }) });
    const phaseStart = (await db.query<{ at: Date }>('select now() as at')).rows[0]!.at;
    const placedAt = new Map<number, number>();
    const keys: string[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (next < FAULT_ORDERS) {
          const key = `fault-${(next += 1)}`;
          keys.push(key);
          const t = Date.now();
          const [first, second] = await Promise.all([operation(buyer, 'IAccountService/PlaceOrder', order, key), operation(buyer, 'IAccountService/PlaceOrder', order, key)]);
          // One of the two may answer 409 "still running"; send it again, as a client would.
          const retried = first.status === 200 || second.status === 200 ? undefined : await operation(buyer, 'IAccountService/PlaceOrder', order, key);
          const answer = [first, second, retried].find((r) => r?.status === 200);
          const subscription = (answer?.body.Order as { SubscriptionAccountId?: number } | undefined)?.SubscriptionAccountId;
          if (subscription) placedAt.set(subscription, t);
        }
      }),
    );
    const activeAt = new Map<number, number>();
    const deadline = Date.now() + 10 * 60_000;
    while (activeAt.size < placedAt.size && Date.now() < deadline) {
      const rows = await db.query<{ account_id: number; status: string }>(`select account_id, status from subscriptions where account_id = any($1::int[]) and status <> 'Provisioning'`, [[...placedAt.keys()].filter((id) => !activeAt.has(id))]);
      for (const row of rows.rows) activeAt.set(row.account_id, Date.now());
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const toActive = [...activeAt].map(([id, at]) => at - placedAt.get(id)!);
    const statuses = (await db.query<{ status: string; n: number }>(`select status, count(*)::int as n from subscriptions where account_id = any($1::int[]) group by status`, [[...placedAt.keys()]])).rows;
    const ordersPlaced = (await db.query<{ n: number }>(`select count(*)::int as n from idempotency_keys where key like 'fault-%'`)).rows[0]!.n;
    const subscriptionsMade = placedAt.size;
    const ordersOfKeys = (await db.query<{ n: number }>('select count(*)::int as n from orders where created_at >= $1', [phaseStart])).rows[0]!.n;
    const vendor = (await (await fetch(`${SANDBOX}/_sandbox/provisionings`)).json()) as { total: number; duplicates: number };
    console.info(
      `faults (10 % transient vendor failures, every order sent twice with its key): ${keys.length} keys → ${subscriptionsMade} subscriptions (${ordersOfKeys} orders placed, ${ordersPlaced} keys stored); ` +
        `order → subscription out of Provisioning: p50 ${(percentile(toActive, 50) / 1000).toFixed(2)} s, p95 ${(percentile(toActive, 95) / 1000).toFixed(2)} s (${statuses.map((s) => `${s.n} ${s.status}`).join(', ')})`,
    );
    const duplicateSubscriptions = ordersOfKeys - keys.length;
    console.info(
      `double effects: ${duplicateSubscriptions} duplicate subscriptions, ${vendor.duplicates} duplicate vendor provisionings (of ${vendor.total}) — goal 0 and 0: ${duplicateSubscriptions === 0 && vendor.duplicates === 0 ? 'met' : 'NOT met'}`,
    );
  } finally {
    agent.destroy();
    await db.end();
    secondServer?.kill('SIGTERM');
    server.kill('SIGTERM');
    sandbox.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await scratch.drop();
  }
}
