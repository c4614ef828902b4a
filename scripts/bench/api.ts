// `npm run bench api`: the real server's authenticated GetCurrentUser against a bare Fastify
// route on the same machine, each under autocannon (50 connections, 20 s). Goal: ≥ 55 % of bare at
// the default log level, info (issue 12).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const DURATION = Number(process.env.BENCH_SECONDS ?? 20);
const CONNECTIONS = 50;

export function startProcess(args: string[], env: Record<string, string>, readyUrl: string, method = 'GET'): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + 120_000;
    const poll = async () => {
      try {
        const res = await fetch(readyUrl, { method });
        if (res.status < 500) return resolve(child);
      } catch {
        /* not up yet */
      }
      if (Date.now() > deadline) return reject(new Error(`${args.join(' ')} did not start`));
      setTimeout(poll, 250);
    };
    void poll();
  });
}

async function load(url: string, headers: Record<string, string>) {
  const result = await autocannon({ url, method: 'POST', connections: CONNECTIONS, duration: DURATION, headers: { 'content-type': 'application/json', ...headers }, body: '{}' });
  return { requestsPerSecond: result.requests.average, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors };
}

export async function benchApi(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cmp-bench-'));
  const realPort = 18_081;
  const barePort = 18_082;
  const real = await startProcess(['--import', 'tsx', 'apps/server/src/main.ts'], { PORT: String(realPort), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', DATABASE_URL: '' }, `http://127.0.0.1:${realPort}/healthz`);
  const bare = await startProcess(['--import', 'tsx', 'scripts/bench/bareServer.ts'], { PORT: String(barePort) }, `http://127.0.0.1:${barePort}/bare`, 'POST');
  try {
    const signIn = await fetch(`http://127.0.0.1:${realPort}/DataModel/service.svc/rest/IAuthorizationService/Authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: 'admin', password: process.env.DEMO_PASSWORD ?? 'Demo-Password-2024!' }),
    });
    if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status}`);
    const cookie = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');

    console.info(`bare Fastify route: ${CONNECTIONS} connections, ${DURATION} s …`);
    const bareResult = await load(`http://127.0.0.1:${barePort}/bare`, {});
    console.info(`GetCurrentUser (authenticated, real server, PGlite): ${CONNECTIONS} connections, ${DURATION} s …`);
    const realResult = await load(`http://127.0.0.1:${realPort}/DataModel/service.svc/rest/IAuthorizationService/GetCurrentUser`, { cookie });

    const ratio = realResult.requestsPerSecond / bareResult.requestsPerSecond;
    console.table({
      'bare route': { 'requests/s': Math.round(bareResult.requestsPerSecond), 'p99 ms': bareResult.p99, non2xx: bareResult.non2xx, errors: bareResult.errors },
      GetCurrentUser: { 'requests/s': Math.round(realResult.requestsPerSecond), 'p99 ms': realResult.p99, non2xx: realResult.non2xx, errors: realResult.errors },
    });
    console.info(`GetCurrentUser reaches ${(ratio * 100).toFixed(1)} % of the bare route (goal ≥ 55 %): ${ratio >= 0.55 ? 'met' : 'NOT met'}`);
  } finally {
    real.kill('SIGTERM');
    bare.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}
