import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
// @ts-expect-error -- oidc-provider ships no type declarations; the few members used here are typed below.
import OidcProvider from 'oidc-provider';

/**
 * A real OpenID provider (`oidc-provider`) on 127.0.0.1 for the SSO tests (DESIGN.md "Real parts in
 * tests"): one confidential client, and a login page of its own where whatever username is typed
 * becomes the subject (`sub`), so a test chooses an unknown or a linked subject per sign-in.
 */
export interface TestIdentityProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

export interface TestIdentityProviderOptions {
  redirectUris: string[];
  /** 0 (default) picks a free port. */
  port?: number;
  clientId?: string;
  clientSecret?: string;
}

interface Interaction {
  uid: string;
  params: Record<string, string | undefined>;
}
interface Grant {
  addOIDCScope(scope: string): void;
  save(): Promise<string>;
}
interface Provider {
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
  interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
  interactionFinished(req: IncomingMessage, res: ServerResponse, result: object, options?: { mergeWithLastSubmission: boolean }): Promise<void>;
  Grant: new (properties: { accountId: string; clientId: string }) => Grant;
}
type ProviderConstructor = new (issuer: string, configuration: object) => Provider;

const INTERACTION_PATH = /^\/interaction\/([\w-]+)$/;

export async function startTestIdentityProvider(options: TestIdentityProviderOptions): Promise<TestIdentityProvider> {
  const clientId = options.clientId ?? 'cmp-portal';
  const clientSecret = options.clientSecret ?? randomBytes(24).toString('base64url');
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  const provider = new (OidcProvider as ProviderConstructor)(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [{ ...signingKey, kid: 'test-signing-key', use: 'sig', alg: 'RS256' }] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: false } },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 3600, IdToken: 600, Interaction: 600, Session: 3600 },
    interactions: { url: (_ctx: unknown, interaction: Interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx: unknown, sub: string) => ({
      accountId: sub,
      claims: async () => ({ sub, email: `${sub}@idp.test`, email_verified: true, name: sub }),
    }),
  });
  const providerCallback = provider.callback();

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const match = INTERACTION_PATH.exec(req.url ?? '');
    if (!match) return providerCallback(req, res);
    handleInteraction(provider, clientId, req, res).catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });

  return {
    issuer,
    clientId,
    clientSecret,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The provider's login page: a username, then the login and consent are given at once. */
async function handleInteraction(provider: Provider, clientId: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const interaction = await provider.interactionDetails(req, res);
  if (req.method !== 'POST') {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(`<!doctype html><html lang="en"><head><title>Test IdP sign-in</title></head><body><main>
<h1>Test IdP</h1>
<form method="post" action="/interaction/${interaction.uid}">
<label for="login">IdP username</label> <input id="login" name="login" autocomplete="off" required>
<button type="submit">Continue</button>
</form></main></body></html>`);
    return;
  }
  const login = new URLSearchParams(await readBody(req)).get('login')?.trim();
  if (!login) {
    res.statusCode = 400;
    res.end('login is required');
    return;
  }
  const grant = new provider.Grant({ accountId: login, clientId });
  grant.addOIDCScope(interaction.params.scope ?? 'openid');
  const grantId = await grant.save();
  await provider.interactionFinished(req, res, { login: { accountId: login }, consent: { grantId } }, { mergeWithLastSubmission: false });
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Drives the provider as a browser would — authorization request, login page, redirects — with a
 * fresh cookie jar, and answers the `code` and `state` it sends back to the redirect URI.
 */
export async function obtainAuthorizationCode(
  idp: TestIdentityProvider,
  { subject, redirectUri, state, scope = 'openid email profile' }: { subject: string; redirectUri: string; state: string; scope?: string },
): Promise<{ code: string; state: string }> {
  const cookies = new Map<string, string>();
  const authorize = new URL(`${idp.issuer}/auth`);
  authorize.search = new URLSearchParams({ client_id: idp.clientId, response_type: 'code', redirect_uri: redirectUri, state, scope }).toString();
  let url = authorize.toString();
  let body: string | undefined;
  for (let hop = 0; hop < 10; hop++) {
    if (new URL(url).origin === new URL(redirectUri).origin) {
      const params = new URL(url).searchParams;
      const code = params.get('code');
      if (!code) throw new Error(`the provider answered without a code: ${url}`);
      return { code, state: params.get('state') ?? '' };
    }
    const response = await fetch(url, {
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body,
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair = ''] = header.split(';');
      const separator = pair.indexOf('=');
      cookies.set(pair.slice(0, separator), pair.slice(separator + 1));
    }
    body = undefined;
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url).toString();
    } else if (response.ok && INTERACTION_PATH.test(new URL(url).pathname)) {
      body = new URLSearchParams({ login: subject }).toString();
    } else {
      throw new Error(`unexpected answer ${response.status} from ${url}: ${await response.text()}`);
    }
  }
  throw new Error('too many redirects at the identity provider');
}
