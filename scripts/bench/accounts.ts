// `npm run bench accounts`: the account tree at scale (issue 6 "Figures"). On a generated tree of
// about 1,000,000 accounts, on PostgreSQL (a fresh database on 127.0.0.1:5432, dropped after) and
// on PGlite (in memory), through the real server code: the global search and a tree level through
// the operations (app.inject, as the portal calls them), a subtree move of ~10,000 accounts through
// IAccountService/MoveAccount, and the hierarchy check every account operation makes.
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { buildServer } from '../../apps/server/src/app';
import { requireAccountInHierarchy } from '../../apps/server/src/platform/access';
import { readConfig, type ServerConfig } from '../../apps/server/src/platform/config';
import { openDatabase, type DatabaseHandle } from '../../apps/server/src/platform/db/database';
import { ensureInitialData } from '../../apps/server/src/startup/initialData';
import { loadSession, type CallerSession } from '../../apps/server/src/platform/session';
import { SessionCache } from '../../apps/server/src/platform/sessionCache';
import { mustSetupMfa } from '../../apps/server/src/auth/mfaPolicy';
import { isAddressAllowed } from '../../apps/server/src/security/ipRestrictions';
import { createScratchDatabase } from '../../apps/server/src/test/scratchDatabase';
import { call, DEMO_PASSWORD, signIn } from '../../apps/server/src/test/testServer';
import { COMPANIES, COMPANIES_OF_MOVED_RESELLER, DEPARTMENTS_PER_COMPANY, generateAccountTree, generatedAccountCount, USERS_PER_DEPARTMENT } from './accountTreeGenerator';

const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
interface BenchServer {
  app: FastifyInstance;
  handle: DatabaseHandle;
  config: ServerConfig;
}

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const TARGETS_MS = { search: 30, children: 20, move: 5_000 };

// What people type into the global search: names of people and companies, whole or in part.
const SEARCH_TERMS = ['Harbor Logistics', 'nordic', 'Solar Energy', 'Virtanen', 'anna.schm', 'Greta Kowalski', 'zenith', 'Falcon Games', 'Ivanova', 'mia.novak', 'Pacific', 'Yusuf Demir', 'quantum rob', 'Crystal Optics GmbH', 'Procurement', 'nobody-here', 'Lars Berg', 'Metro Media', 'olga', 'Bench Reseller 7'];

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]!;
const figures = (values: number[]) => ({ p50: percentile(values, 50), p95: percentile(values, 95) });
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function timed<T>(action: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await action();
  return { ms: performance.now() - started, value };
}

/** A deterministic pseudo-random sequence, so every run measures the same nodes. */
function sequence(seed: number) {
  let state = seed;
  return (limit: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % limit;
  };
}

interface Result {
  backend: string;
  generateSeconds: number;
  search: { p50: number; p95: number };
  children: { p50: number; p95: number };
  moveMs: number;
  movedAccounts: number;
  hierarchy: { p50: number; p95: number };
}

async function measure(backend: string, server: BenchServer): Promise<Result> {
  const { app, handle } = server;
  const db = handle.db;
  const [owner] = ((await db.execute(sql`select id, path from accounts where parent_id is null order by id limit 1`)) as unknown as { rows: { id: number; path: string }[] }).rows;
  console.info(`${backend}: generating ${generatedAccountCount().toLocaleString('en')} accounts …`);
  const generation = await timed(() => generateAccountTree(db, owner!));
  const tree = generation.value;
  const [{ count }] = ((await db.execute(sql`select count(*)::int as count from accounts`)) as unknown as { rows: { count: number }[] }).rows as [{ count: number }];
  console.info(`${backend}: ${count.toLocaleString('en')} accounts in ${(generation.ms / 1000).toFixed(1)} s`);

  const cookie = await signIn(app, 'admin');
  const random = sequence(42);
  const expectOk = (result: Awaited<ReturnType<typeof call>>, what: string) => {
    if (result.status !== 200) throw new Error(`${what}: ${result.status} ${JSON.stringify(result.body)}`);
    return result;
  };

  // Warm-up: plans cached, pages in memory (as on a running server).
  for (const term of SEARCH_TERMS) expectOk(await call(app, 'IAccountService/Search', { searchString: term, includeDepartment: true }, { cookie }), 'search');

  const searchTimes: number[] = [];
  for (let i = 0; i < SAMPLES; i += 1) {
    const searchString = SEARCH_TERMS[i % SEARCH_TERMS.length]!;
    const run = await timed(() => call(app, 'IAccountService/Search', { searchString, includeDepartment: true }, { cookie }));
    expectOk(run.value, `search ${searchString}`);
    searchTimes.push(run.ms);
  }

  // Nodes of every level: resellers (~50 children), companies (10), departments (50), users (1).
  const nodeAt = (i: number) => {
    switch (i % 4) {
      case 0:
        return tree.resellerIds[random(tree.resellerIds.length)]!;
      case 1:
        return tree.companyId(random(COMPANIES));
      case 2:
        return tree.departmentId(random(COMPANIES * DEPARTMENTS_PER_COMPANY));
      default:
        return tree.userId(random(COMPANIES * DEPARTMENTS_PER_COMPANY * USERS_PER_DEPARTMENT));
    }
  };
  for (let i = 0; i < 20; i += 1) expectOk(await call(app, 'IAccountService/GetAccountTree', { targetRoot: nodeAt(i), maxRows: 100 }, { cookie }), 'tree');
  const childrenTimes: number[] = [];
  for (let i = 0; i < SAMPLES; i += 1) {
    const targetRoot = nodeAt(i);
    const run = await timed(() => call(app, 'IAccountService/GetAccountTree', { targetRoot, maxRows: 100 }, { cookie }));
    expectOk(run.value, `GetAccountTree ${targetRoot}`);
    childrenTimes.push(run.ms);
  }

  const sessionToken = /cmp_session=([^;]+)/.exec(cookie)![1]!;
  const caller = (await loadSession(db, server.config, { cookies: { cmp_session: sessionToken } } as unknown as FastifyRequest, new SessionCache(undefined, { mustSetupMfa, isAddressAllowed }))) as CallerSession;
  const hierarchyTimes: number[] = [];
  for (let i = 0; i < SAMPLES * 5; i += 1) {
    const accountId = nodeAt(i);
    hierarchyTimes.push((await timed(() => requireAccountInHierarchy(db, caller, accountId))).ms);
  }

  // Reseller 0 with its companies, departments, users and subscriptions goes under reseller 1.
  const move = await timed(() =>
    call(app, 'IAccountService/MoveAccount', { sourceAccountId: tree.resellerIds[0], newParentAccountId: tree.resellerIds[1] }, { cookie }),
  );
  let movedAccounts = 0;
  if (move.value.status === 200) movedAccounts = Number(move.value.body.MovedAccountCount ?? 0);
  else console.error(`${backend}: MoveAccount answered ${move.value.status} ${JSON.stringify(move.value.body)}`);

  return {
    backend,
    generateSeconds: generation.ms / 1000,
    search: figures(searchTimes),
    children: figures(childrenTimes),
    moveMs: move.value.status === 200 ? move.ms : Number.NaN,
    movedAccounts,
    hierarchy: figures(hierarchyTimes),
  };
}

/**
 * A real server on a fresh database: PostgreSQL gets its own `cmp_bench_<random>` database (dropped
 * after; a name of its own, so no clean-up of test databases touches it), PGlite runs in memory.
 */
async function onBackend(backend: string, baseUrl: string | undefined): Promise<Result> {
  const scratch = baseUrl ? await createScratchDatabase(baseUrl, 'cmp_bench') : undefined;
  const databaseUrl = scratch?.url;
  const dropDatabase = async () => scratch?.drop();
  const config: ServerConfig = { ...readConfig({}), dataDir: 'memory://', databaseUrl, loadDemoData: true, demoPassword: DEMO_PASSWORD, webDist: '/nonexistent' };
  const handle = await openDatabase({ databaseUrl, dataDir: config.dataDir });
  try {
    await ensureInitialData(handle.db, config);
    const app = await buildServer({ database: handle, config });
    try {
      return await measure(backend, { app, handle, config });
    } finally {
      await app.close();
    }
  } finally {
    await handle.close();
    await dropDatabase();
  }
}

function report(results: Result[]) {
  const verdict = (value: number, target: number) => (Number.isNaN(value) ? 'not measured' : value < target ? 'met' : 'NOT met');
  console.table(
    Object.fromEntries(
      results.map((r) => [
        r.backend,
        {
          'generate 1M (s)': r.generateSeconds.toFixed(1),
          'search p50': ms(r.search.p50),
          'search p95': ms(r.search.p95),
          'children p50': ms(r.children.p50),
          'children p95': ms(r.children.p95),
          [`move ${COMPANIES_OF_MOVED_RESELLER} companies`]: Number.isNaN(r.moveMs) ? 'failed' : `${(r.moveMs / 1000).toFixed(2)} s (${r.movedAccounts} accounts)`,
          'hierarchy p50': ms(r.hierarchy.p50),
          'hierarchy p95': ms(r.hierarchy.p95),
        },
      ]),
    ),
  );
  const postgres = results.find((r) => r.backend === 'PostgreSQL');
  if (!postgres) return;
  console.info(`targets on PostgreSQL: search p95 < ${TARGETS_MS.search} ms: ${verdict(postgres.search.p95, TARGETS_MS.search)}; ` +
    `children p95 < ${TARGETS_MS.children} ms: ${verdict(postgres.children.p95, TARGETS_MS.children)}; ` +
    `move < ${TARGETS_MS.move / 1000} s: ${verdict(postgres.moveMs, TARGETS_MS.move)}`);
}

export async function benchAccounts(): Promise<void> {
  const only = process.env.BENCH_BACKEND; // 'postgres' or 'pglite' to run one of them
  const results: Result[] = [];
  if (only !== 'pglite') results.push(await onBackend('PostgreSQL', POSTGRES_URL));
  if (only !== 'postgres') results.push(await onBackend('PGlite', undefined));
  report(results);
}
