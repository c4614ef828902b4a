import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// `npm start` runs the compiled server (issue 12). The bundle must find what the server reads at run
// time by path — migrations, the embedded database's worker script, the message catalogues — from
// its own folder, which the TypeScript tests never exercise: this starts the build as `npm start` does.

const root = path.resolve(import.meta.dirname, '..');
const outdir = path.join(root, 'apps/server/dist', `test-${process.pid}`);
const OPERATIONS = '/DataModel/service.svc/rest/IAuthorizationService';
let server: ChildProcess;
let baseUrl: string;
let sandboxUrl: string | undefined;

beforeAll(async () => {
  execFileSync(process.execPath, [path.join(root, 'scripts/build-server.mjs'), outdir], { stdio: 'pipe' });
  server = spawn(process.execPath, ['--enable-source-maps', path.join(outdir, 'main.mjs')], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: 'memory://', DATABASE_URL: '', LOG_LEVEL: 'info', ARGON2_MEMORY_KIB: '8192', ARGON2_TIME_COST: '1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  baseUrl = await new Promise<string>((resolve, reject) => {
    let output = '';
    server.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      sandboxUrl ??= output.match(/Vendor sandbox \(demo\) at (http:\/\/\S+)/)?.[1];
      const listening = output.match(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/);
      if (listening) resolve(listening[1]!);
    });
    server.once('exit', (code) => reject(new Error(`the compiled server ended (exit code ${code}): ${output}`)));
  });
}, 120_000);
afterAll(() => {
  server?.kill('SIGTERM');
  rmSync(outdir, { recursive: true, force: true });
});

describe('the compiled server', () => {
  it('answers the health check and signs in a demo user from its migrated database', async () => {
    expect((await fetch(`${baseUrl}/healthz`)).status).toBe(200);
    const signIn = await fetch(`${baseUrl}${OPERATIONS}/Authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: 'admin', password: 'Demo-Password-2024!' }),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const me = await fetch(`${baseUrl}${OPERATIONS}/GetCurrentUser`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: '{}' });
    expect(((await me.json()) as { Username: string }).Username).toBe('admin');
  });

  it('answers errors from its message catalogues, in the caller\'s language', async () => {
    const refused = await fetch(`${baseUrl}${OPERATIONS}/Authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'de' },
      body: JSON.stringify({ userName: 'admin', password: 'not the password' }),
    });
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { Message: string }).Message).toBe('Der Benutzername oder das Passwort ist falsch.');
  });

  it('starts the demo vendor sandbox from its compiled twin, without tsx', async () => {
    expect(sandboxUrl).toBeDefined();
    const children = readdirSync(`/proc/${server.pid}/task`).flatMap((task) => readFileSync(`/proc/${server.pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean));
    const commandLines = children.map((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' '));
    const sandbox = commandLines.find((line) => line.includes('vendorSandbox.mjs'));
    expect(sandbox).toContain(path.join(outdir, 'vendorSandbox.mjs'));
    expect(sandbox).not.toContain('tsx');
  });
});
