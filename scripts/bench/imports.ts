// `npm run bench imports` (issue 17 "Account imports"): an import of 10,000 users in 1,000 companies
// (each company with a department), on PGlite (a fresh directory) and — when DATABASE_URL is set — on
// PostgreSQL (a fresh database on that server):
//   1. the check (every row validated, nothing written) and the job (one transaction per company):
//      rows per second (goal ≥ 500/s);
//   2. a 50 MB file of the same rows (a wide notes column the import ignores makes up the size),
//      stored and imported as a stream: the peak memory held above the baseline while it runs.
// BENCH_IMPORT_USERS (default 10,000; 10 per company) and BENCH_IMPORT_FILE_MB (default 50) make it smaller.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '../../apps/server/src/platform/db/database';
import { ensureInitialData } from '../../apps/server/src/startup/initialData';
import { readConfig } from '../../apps/server/src/platform/config';
import { accountImports, accounts, users } from '../../apps/server/src/platform/db/schema';
import { storeImportFile } from '../../apps/server/src/imports/importFile';
import { checkImport, loadImportCaller, runImport } from '../../apps/server/src/imports/importRunner';
import { createScratchDatabase } from './scratchDatabase';

const USERS = Number(process.env.BENCH_IMPORT_USERS ?? 10_000);
const USERS_PER_COMPANY = 10;
const COMPANIES = Math.max(1, Math.ceil(USERS / USERS_PER_COMPANY));
const FILE_BYTES = Number(process.env.BENCH_IMPORT_FILE_MB ?? 50) * 1024 * 1024;
const HEADER = 'Type,Company,Department,Country,Currency,Firstname,Lastname,Email,Username,Notes\r\n';

interface Target {
  label: 'PostgreSQL' | 'PGlite';
  open: () => Promise<DatabaseHandle>;
  cleanUp: () => Promise<void>;
}

async function postgresTarget(baseUrl: string): Promise<Target> {
  const scratch = await createScratchDatabase('imports', baseUrl);
  return { label: 'PostgreSQL', open: () => openDatabase({ databaseUrl: scratch.url, dataDir: '' }), cleanUp: scratch.drop };
}

function pgliteTarget(): Target {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cmp-bench-imports-'));
  return { label: 'PGlite', open: () => openDatabase({ dataDir }), cleanUp: async () => rmSync(dataDir, { recursive: true, force: true }) };
}

/** The file's lines, a company block at a time (never the whole file in memory); `pad` bytes of notes per line. */
function* fileLines(run: string, pad: number): Generator<Buffer> {
  const notes = 'n'.repeat(pad);
  yield Buffer.from(HEADER);
  for (let c = 0; c < COMPANIES; c += 1) {
    const company = `Bench ${run} Company ${c}`;
    const lines = [`Company,${company},,GB,GBP,,,,,${notes}`, `Department,${company},Sales,,,,,,,${notes}`];
    for (let u = 0; u < USERS_PER_COMPANY && c * USERS_PER_COMPANY + u < USERS; u += 1) {
      const username = `b${run}.c${c}.u${u}`;
      lines.push(`User,${company},${u % 2 ? 'Sales' : ''},,,First${u},Last${c},${username}@bench.example,${username},${notes}`);
    }
    yield Buffer.from(`${lines.join('\r\n')}\r\n`);
  }
}

const rowsInFile = () => COMPANIES * 2 + USERS;

async function newImport(handle: DatabaseHandle, run: string, pad: number): Promise<{ record: typeof accountImports.$inferSelect; bytes: number }> {
  const [owner] = await handle.db.select().from(accounts).where(sql`${accounts.parentId} is null`).limit(1);
  const [admin] = await handle.db.select().from(users).where(eq(users.username, 'admin')).limit(1);
  const [record] = await handle.db.insert(accountImports).values({ name: `bench ${run}`, format: 'CSV', parentAccountId: owner!.id, creatorAccountId: admin!.accountId }).returning();
  const bytes = await storeImportFile(handle.db, record!.id, fileLines(run, pad));
  return { record: record!, bytes };
}

/** Peak resident memory and heap above what was held when it started, sampled every 20 ms. */
async function withMemoryPeak<T>(work: () => Promise<T>): Promise<{ result: T; rssMb: number; heapMb: number }> {
  global.gc?.();
  const base = process.memoryUsage();
  let rss = 0;
  let heap = 0;
  const sample = () => {
    const now = process.memoryUsage();
    rss = Math.max(rss, now.rss - base.rss);
    heap = Math.max(heap, now.heapUsed - base.heapUsed);
  };
  const timer = setInterval(sample, 20);
  try {
    const result = await work();
    sample();
    return { result, rssMb: rss / 1024 / 1024, heapMb: heap / 1024 / 1024 };
  } finally {
    clearInterval(timer);
  }
}

async function importAll(handle: DatabaseHandle, record: typeof accountImports.$inferSelect): Promise<{ checkSeconds: number; runSeconds: number; imported: number; errors: number }> {
  const caller = (await loadImportCaller(handle.db, record.creatorAccountId))!;
  const [parent] = await handle.db.select().from(accounts).where(eq(accounts.id, record.parentAccountId));
  const checkStart = performance.now();
  const check = await checkImport(handle.db, record, caller, parent!);
  const checkSeconds = (performance.now() - checkStart) / 1000;
  if (check.errorCount) throw new Error(`the generated file has ${check.errorCount} errors`);
  await handle.db.update(accountImports).set({ scheduleDate: new Date() }).where(eq(accountImports.id, record.id));
  const runStart = performance.now();
  await runImport(handle.db, record.id, readConfig({}));
  const runSeconds = (performance.now() - runStart) / 1000;
  const [done] = await handle.db.select().from(accountImports).where(eq(accountImports.id, record.id));
  if (done!.status !== 'Completed') throw new Error(`the import ended ${done!.status}`);
  return { checkSeconds, runSeconds, imported: done!.importedCount, errors: done!.errorCount };
}

async function benchTarget(target: Target): Promise<void> {
  const handle = await target.open();
  try {
    await ensureInitialData(handle.db, { ...readConfig({}), loadDemoData: false, adminPassword: 'Bench-Password-1!' });
    const rows = rowsInFile();
    const small = await newImport(handle, 'r', 0);
    const speed = await importAll(handle, small.record);
    console.log(
      `${target.label}: ${USERS.toLocaleString('en')} users in ${COMPANIES.toLocaleString('en')} companies (${rows.toLocaleString('en')} rows, ${(small.bytes / 1024 / 1024).toFixed(1)} MB): ` +
        `check ${Math.round(rows / speed.checkSeconds).toLocaleString('en')} rows/s, import ${Math.round(rows / speed.runSeconds).toLocaleString('en')} rows/s ` +
        `(${speed.runSeconds.toFixed(1)} s, ${speed.imported.toLocaleString('en')} accounts) (goal ≥ 500/s)`,
    );
    const pad = Math.max(0, Math.floor(FILE_BYTES / rows) - 90);
    const big = await withMemoryPeak(async () => {
      const created = await newImport(handle, 'm', pad);
      return { ...created, ...(await importAll(handle, created.record)) };
    });
    console.log(
      `  a ${(big.result.bytes / 1024 / 1024).toFixed(1)} MB file (same rows, ${pad.toLocaleString('en')} bytes of notes each) stored and imported as a stream: ` +
        `peak ${big.rssMb.toFixed(1)} MB resident, ${big.heapMb.toFixed(1)} MB heap above the baseline (${Math.round(rows / big.result.runSeconds).toLocaleString('en')} rows/s)`,
    );
  } finally {
    await handle.close().catch(() => undefined);
    await target.cleanUp();
  }
}

export async function benchImports(): Promise<void> {
  await benchTarget(pgliteTarget());
  if (process.env.DATABASE_URL) await benchTarget(await postgresTarget(process.env.DATABASE_URL));
  else console.log('PostgreSQL: skipped (set DATABASE_URL to measure it)');
}
