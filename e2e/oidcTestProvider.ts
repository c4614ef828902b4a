import { startTestIdentityProvider, type TestIdentityProvider } from '../apps/server/src/test/oidcProvider';

/** The provider the browser tests sign in with; the login screen shows "Sign in with Test IdP". */
const E2E_SSO_PROVIDER = { id: 'test-idp', name: 'Test IdP' } as const;

/**
 * Starts the real OpenID provider of the browser tests on a free port of 127.0.0.1 and configures
 * the server (SSO_PROVIDERS) for it. Must run before the server is imported, which reads its
 * configuration at start. Its login page makes whatever "IdP username" is typed the subject.
 */
export async function startE2eIdentityProvider(portalOrigin: string): Promise<TestIdentityProvider> {
  const idp = await startTestIdentityProvider({ redirectUris: [portalOrigin] });
  process.env.SSO_PROVIDERS = JSON.stringify([
    { ...E2E_SSO_PROVIDER, issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, scope: 'openid email profile' },
  ]);
  return idp;
}
