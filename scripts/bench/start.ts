// `npm run bench start`: start-up of the server on an existing database (the demo world written by
// a first start), from spawning Node to the first 200 on /healthz, median of 3, the compiled bundle
// (`npm start`) against tsx compiling the TypeScript (`npm run dev:server`), on the embedded database
// and, compiled, on PostgreSQL (a fresh database on DATABASE_URL's server, default 127.0.0.1:5432;
// BENCH_START_POSTGRES=0 leaves it out). Goal: < 1.5 s compiled.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { createScratchDatabase } from './scratchDatabase';

const PORT = 18_084;
const RUNS = 3;
const GOAL_MS = 1_500;
const COMPILED = ['--enable-source-maps', 'apps/server/dist/main.mjs'];
const STARTS: Record<string, string[]> = {
  'compiled (npm start)': COMPILED,
  'tsx (npm run dev:server)': ['--import', 'tsx', 'apps/server/src/main.ts'],
};

/** Resident memory of a process in MiB, from /proc. */
function rssMiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return line ? Math.round(Number(line[1]) / 1024) : NaN;
}

/** CPU time (user + system, ms, all threads) a process has used so far: what a busy machine does not inflate. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

interface Start {
  ms: number;
  cpu: number;
  rss: number;
}

/** Milliseconds from spawn to the first 200 on /healthz (polled every 10 ms), and the CPU time and RSS then. */
async function timeStart(args: string[], dataDir: string, databaseUrl = ''): Promise<Start & { child: ChildProcess }> {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/healthz`)).status === 200) break;
    } catch {
      /* not up yet */
    }
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`${args.join(' ')} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const ms = performance.now() - started;
  return { ms, cpu: cpuMs(child.pid!), rss: rssMiB(child.pid!), child };
}

export async function benchStart(): Promise<void> {
  const build = spawnSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the server build failed');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cmp-bench-start-'));
  try {
    // The first start migrates and writes the demo world; the measured ones find it there.
    await stop((await timeStart(STARTS['compiled (npm start)']!, dataDir)).child);
    const runs = new Map<string, Start[]>(Object.keys(STARTS).map((name) => [name, []]));
    // Alternating, so a load from elsewhere on the machine weighs on both alike.
    for (let i = 0; i < RUNS; i += 1) {
      for (const [name, args] of Object.entries(STARTS)) {
        const run = await timeStart(args, dataDir);
        await stop(run.child);
        runs.get(name)!.push(run);
      }
    }
    if (process.env.BENCH_START_POSTGRES !== '0') {
      const database = await createScratchDatabase('start');
      try {
        await stop((await timeStart(COMPILED, dataDir, database.url)).child);
        const measured: Start[] = [];
        for (let i = 0; i < RUNS; i += 1) {
          const run = await timeStart(COMPILED, dataDir, database.url);
          await stop(run.child);
          measured.push(run);
        }
        runs.set('compiled (npm start), PostgreSQL', measured);
      } finally {
        await database.drop();
      }
    }
    const rows: Record<string, Record<string, string | number>> = {};
    for (const [name, measured] of runs) {
      rows[name] = {
        'median ms': Math.round(median(measured.map((r) => r.ms))),
        runs: measured.map((r) => Math.round(r.ms)).join(', '),
        'CPU ms at ready': median(measured.map((r) => r.cpu)),
        'RSS MiB at ready': median(measured.map((r) => r.rss)),
      };
    }
    console.table(rows);
    for (const name of ['compiled (npm start)', 'compiled (npm start), PostgreSQL']) {
      if (!rows[name]) continue;
      const compiled = Number(rows[name]['median ms']);
      console.info(`${name} start-up to /healthz: ${compiled} ms (goal < ${GOAL_MS} ms): ${compiled < GOAL_MS ? 'met' : 'NOT met'}`);
    }
    console.info(`load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
