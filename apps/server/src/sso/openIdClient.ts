import * as oidc from 'openid-client';

/** What the server needs of one provider (a row of sso_providers). */
export interface OpenIdProvider {
  id: string;
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
}

const DISCOVERY_TIMEOUT_SECONDS = 10;

/**
 * Discovered configurations by provider identity. A failed discovery is forgotten, so the next
 * sign-in tries again (the provider may have been down when the server started).
 */
const discovered = new Map<string, Promise<oidc.Configuration>>();

export function discoverProvider(provider: OpenIdProvider): Promise<oidc.Configuration> {
  const key = JSON.stringify([provider.id, provider.issuerUrl, provider.clientId, provider.clientSecret]);
  let configuration = discovered.get(key);
  if (!configuration) {
    configuration = discover(provider);
    discovered.set(key, configuration);
    configuration.catch(() => discovered.delete(key));
  }
  return configuration;
}

async function discover(provider: OpenIdProvider): Promise<oidc.Configuration> {
  const issuer = new URL(provider.issuerUrl);
  // Plain http only for a provider on this machine (tests, a local IdP); anywhere else TLS is what
  // makes the ID token's issuer and the token endpoint trustworthy.
  const execute = isLoopback(issuer) ? [oidc.allowInsecureRequests] : [];
  const probe = await oidc.discovery(issuer, provider.clientId, undefined, undefined, { execute, timeout: DISCOVERY_TIMEOUT_SECONDS });
  const methods = probe.serverMetadata().token_endpoint_auth_methods_supported;
  // client_secret_basic is the default of RFC 8414; post only for a provider that offers nothing else.
  const clientAuth =
    !methods || methods.includes('client_secret_basic') ? oidc.ClientSecretBasic(provider.clientSecret) : oidc.ClientSecretPost(provider.clientSecret);
  const configuration = new oidc.Configuration(probe.serverMetadata(), provider.clientId, provider.clientSecret, clientAuth);
  for (const extension of execute) extension(configuration);
  // Verify the ID token's signature against the provider's JWKS, not only its claims.
  oidc.enableNonRepudiationChecks(configuration);
  return configuration;
}

function isLoopback(url: URL): boolean {
  return ['127.0.0.1', '[::1]', 'localhost'].includes(url.hostname);
}

/**
 * Exchanges an authorization code at the provider's token endpoint and answers the ID token's
 * subject. The ID token's issuer, audience, expiry and signature are checked by openid-client.
 *
 * A generic grant request rather than `authorizationCodeGrant`: the portal's redirect_uri is the bare
 * origin (spec §7 SSO button), which `authorizationCodeGrant` would send back as origin + "/", and
 * the portal forwards only code and state (no `iss`) from the provider's answer.
 */
export async function exchangeCodeForSubject(provider: OpenIdProvider, code: string, redirectUri: string): Promise<string> {
  const configuration = await discoverProvider(provider);
  const tokens = await oidc.genericGrantRequest(configuration, 'authorization_code', { code, redirect_uri: redirectUri });
  const claims = tokens.claims();
  if (!claims?.sub) throw new Error('the token response carries no ID token');
  return claims.sub;
}
