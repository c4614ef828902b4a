import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { serverFile } from '../../platform/serverFiles';

/** The vendor sandbox running as a child process (issue 14). */
export interface SandboxProcess {
  readonly url: string;
  readonly pid: number | undefined;
  close(): Promise<void>;
}

/**
 * The sandbox's script and Node's arguments for it: beside the compiled server (`npm start`,
 * scripts/build-server.mjs) its compiled twin, which starts in a fraction of tsx's time and CPU
 * (issue 12: start-up); from the source, the TypeScript through tsx.
 */
function sandboxEntry(): { script: string; execArgv: string[] } {
  const compiled = path.join(import.meta.dirname, 'vendorSandbox.mjs');
  if (existsSync(compiled)) return { script: compiled, execArgv: [] };
  const tsx = pathToFileURL(createRequire(serverFile('package.json')).resolve('tsx')).href;
  return { script: serverFile('src/provisioning/sandbox/main.ts'), execArgv: ['--import', tsx] };
}

/**
 * Starts apps/server/src/provisioning/sandbox/main.ts in a process of its own (sandboxEntry) on a
 * free port of 127.0.0.1 (or SANDBOX_PORT), with the SANDBOX_* settings of the environment, and
 * resolves with its address once it listens.
 */
export async function startVendorSandboxProcess(settings: { env?: NodeJS.ProcessEnv; startTimeoutMs?: number } = {}): Promise<SandboxProcess> {
  const { script, execArgv } = sandboxEntry();
  const child: ChildProcess = fork(script, [], {
    execArgv,
    env: { ...process.env, SANDBOX_PORT: process.env.SANDBOX_PORT || '0', ...settings.env },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error('the vendor sandbox did not start in time'));
    }, settings.startTimeoutMs ?? 30_000);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the vendor sandbox ended at start (exit code ${code})`));
    });
    child.on('message', (message: { type?: string; url?: string }) => {
      if (message?.type === 'ready' && typeof message.url === 'string') {
        clearTimeout(timer);
        resolve(message.url);
      }
    });
  });
  child.removeAllListeners('exit');
  // The portal's own exit must not wait for the sandbox.
  child.unref();
  child.channel?.unref();
  return {
    url,
    pid: child.pid,
    async close() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * `npm start` in demo mode (the demo world is loaded: the embedded database, or DEMO_DATA=1) starts
 * the vendor sandbox and points the vendor connector at it (VENDOR_SANDBOX_URL), unless
 * VENDOR_SANDBOX_URL already names a vendor system. The portal starts even when the sandbox cannot:
 * provisioning then fails transiently and is retried.
 */
export async function startDemoVendorSandbox(config: { loadDemoData: boolean }, env: NodeJS.ProcessEnv = process.env): Promise<SandboxProcess | undefined> {
  if (!config.loadDemoData || env.VENDOR_SANDBOX_URL) return undefined;
  try {
    const sandbox = await startVendorSandboxProcess();
    env.VENDOR_SANDBOX_URL = sandbox.url;
    console.info(`Vendor sandbox (demo) at ${sandbox.url}`);
    return sandbox;
  } catch (error) {
    console.warn(`The vendor sandbox did not start: ${(error as Error).message}`);
    return undefined;
  }
}
