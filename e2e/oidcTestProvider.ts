import { fork } from 'node:child_process';
import path from 'node:path';

/** The provider the browser tests sign in with; the login screen shows "Sign in with Test IdP". */
const E2E_SSO_PROVIDER = { id: 'test-idp', name: 'Test IdP' } as const;

interface IdentityProviderReady {
  type: 'ready';
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/**
 * Starts the real OpenID provider of the browser tests (e2e/identityProviderProcess.ts) in a process
 * of its own on a free port of 127.0.0.1 and answers the SSO_PROVIDERS value that configures the
 * server for it. Its login page makes whatever "IdP username" is typed the subject. A provider that
 * has not answered in `timeoutMs` is ended and the promise rejects, so the caller can start another.
 */
export async function startE2eIdentityProvider(portalOrigin: string, timeoutMs = 30_000): Promise<string> {
  const child = fork(path.join(import.meta.dirname, 'identityProviderProcess.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, PORTAL_ORIGIN: portalOrigin },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<IdentityProviderReady>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the test OpenID provider did not start in ${timeoutMs / 1000} s`));
    }, timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the test OpenID provider ended at start (exit code ${code})`));
    });
    child.on('message', (message: IdentityProviderReady) => {
      if (message?.type !== 'ready') return;
      clearTimeout(timer);
      resolve(message);
    });
  });
  child.removeAllListeners('exit');
  return JSON.stringify([
    { ...E2E_SSO_PROVIDER, issuer: ready.issuer, clientId: ready.clientId, clientSecret: ready.clientSecret, scope: 'openid email profile' },
  ]);
}
