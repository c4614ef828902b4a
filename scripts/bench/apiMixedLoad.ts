// The mixed-load part of `npm run bench api` (issue 11 item 6): on the embedded database with about
// 1,000,000 accounts, GetCurrentUser under autocannon while other clients run the slowest searches
// there are (integration searches that scan every user), once with PGlite on its own thread (the
// default) and once on the server's thread (PGLITE_WORKER=0), to show what the thread buys.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import autocannon from 'autocannon';
import { readConfig } from '../../apps/server/src/platform/config';
import { openDatabase } from '../../apps/server/src/platform/db/database';
import { ensureInitialData } from '../../apps/server/src/startup/initialData';
import { generateAccountTree } from './accountTreeGenerator';
import { startProcess } from './api';

const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'Demo-Password-2024!';
const DURATION = Number(process.env.BENCH_SECONDS ?? 20);
const SEARCH_CLIENTS = 2;
const OPERATIONS = '/DataModel/service.svc/rest';

async function generateDatabase(dataDir: string): Promise<number> {
  const config = { ...readConfig({}), dataDir, loadDemoData: true, demoPassword: DEMO_PASSWORD, webDist: '/nonexistent' };
  const handle = await openDatabase({ dataDir });
  try {
    await ensureInitialData(handle.db, config);
    const [owner] = ((await handle.db.execute(sql`select id, path from accounts where parent_id is null order by id limit 1`)) as unknown as { rows: { id: number; path: string }[] }).rows;
    await generateAccountTree(handle.db, owner!);
    return owner!.id;
  } finally {
    await handle.close();
  }
}

async function signIn(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}${OPERATIONS}/IAuthorizationService/Authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: 'admin', password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
  return response.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

/** Searches in a loop until `until`, each client one at a time; answers every search's duration. */
async function searchLoad(baseUrl: string, cookie: string, ownerId: number, until: number): Promise<number[]> {
  const bodies = [
    { parentAccountId: ownerId, accountType: 'User', displayName: { Value: '' }, searchField: { Name: 'Email', Value: 'nobody@example.com' } },
    { parentAccountId: ownerId, accountType: 'User', displayName: { Value: 'zq' } },
    { searchString: 'anna', includeDepartment: true },
  ];
  const times: number[] = [];
  await Promise.all(
    Array.from({ length: SEARCH_CLIENTS }, async (_, client) => {
      for (let i = client; Date.now() < until; i += 1) {
        const started = performance.now();
        const response = await fetch(`${baseUrl}${OPERATIONS}/IAccountService/Search`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie },
          body: JSON.stringify(bodies[i % bodies.length]),
        });
        if (!response.ok) throw new Error(`search answered ${response.status}: ${await response.text()}`);
        await response.arrayBuffer();
        times.push(performance.now() - started);
      }
    }),
  );
  return times;
}

interface Figures {
  alone: number;
  mixed: number;
  mixedP99: number;
  searches: number;
  searchP50: number;
  searchMax: number;
}

async function measureMode(dataDir: string, ownerId: number, worker: boolean, port: number): Promise<Figures> {
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', PGLITE_WORKER: worker ? '1' : '0' };
  const server = await startProcess(['--import', 'tsx', 'apps/server/src/main.ts'], env, `${baseUrl}/healthz`);
  try {
    const cookie = await signIn(baseUrl);
    const getCurrentUser = () =>
      autocannon({ url: `${baseUrl}${OPERATIONS}/IAuthorizationService/GetCurrentUser`, method: 'POST', connections: 50, duration: DURATION, headers: { 'content-type': 'application/json', cookie }, body: '{}' });
    const alone = await getCurrentUser();
    const [mixed, searchTimes] = await Promise.all([getCurrentUser(), searchLoad(baseUrl, cookie, ownerId, Date.now() + DURATION * 1000)]);
    const sorted = [...searchTimes].sort((a, b) => a - b);
    return {
      alone: alone.requests.average,
      mixed: mixed.requests.average,
      mixedP99: mixed.latency.p99,
      searches: sorted.length,
      searchP50: sorted[Math.floor(sorted.length / 2)] ?? Number.NaN,
      searchMax: sorted.at(-1) ?? Number.NaN,
    };
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
}

export async function benchApiMixedLoad(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cmp-bench-mixed-'));
  try {
    console.info('mixed load: generating about 1,000,000 accounts on the embedded database …');
    const ownerId = await generateDatabase(dataDir);
    const rows: Record<string, Record<string, string | number>> = {};
    let withWorker: Figures | undefined;
    for (const worker of [true, false]) {
      const label = worker ? 'PGlite on its own thread' : 'PGlite on the server thread';
      console.info(`mixed load, ${label}: GetCurrentUser alone, then with ${SEARCH_CLIENTS} clients searching, ${DURATION} s each …`);
      const figures = await measureMode(dataDir, ownerId, worker, worker ? 18_083 : 18_084);
      if (worker) withWorker = figures;
      rows[label] = {
        'GetCurrentUser alone (req/s)': Math.round(figures.alone),
        'with searches (req/s)': Math.round(figures.mixed),
        'with searches p99 (ms)': figures.mixedP99,
        searches: figures.searches,
        'search p50 (ms)': Math.round(figures.searchP50),
        'search max (ms)': Math.round(figures.searchMax),
      };
    }
    console.table(rows);
    const kept = withWorker!.mixed / withWorker!.alone;
    console.info(`GetCurrentUser keeps ${(kept * 100).toFixed(1)} % of its throughput while searches run (goal ≥ 50 %): ${kept >= 0.5 ? 'met' : 'NOT met'}`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
