import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { requirement } from '@cmp/contracts/capabilities';
import { call, signIn, startTestServer, type TestServer } from '../test/testServer';
import { requireAccountInHierarchy } from './access';
import { defineOperation } from './operations';
import { OPERATION_PREFIX } from './operationRoute';

// Two operations that exist only in this test, to drive the registry's guards through a real server.
const probeReporting = defineOperation({
  service: 'IProbeService',
  operation: 'NeedsReporting',
  summary: 'test probe',
  request: z.object({}).strict(),
  response: z.object({ Ok: z.boolean() }),
  rule: requirement('REPORTING', ['Read']),
  handler: async () => ({ Ok: true }),
});
const probeAccount = defineOperation({
  service: 'IProbeService',
  operation: 'TouchAccount',
  summary: 'test probe',
  request: z.object({ accountId: z.number().int() }).strict(),
  response: z.object({ DisplayName: z.string() }),
  async handler(input, { db, caller }) {
    const account = await requireAccountInHierarchy(db, caller, input.accountId);
    return { DisplayName: account.displayName };
  },
});

let server: TestServer;
const idOf = async (name: string) => {
  const rows = (await server.handle.db.execute(sql`select id from accounts where display_name = ${name} order by id limit 1`)) as unknown as { rows: { id: number }[] };
  return rows.rows[0]!.id;
};

beforeAll(async () => {
  server = await startTestServer({}, [probeReporting, probeAccount]);
});
afterAll(async () => {
  await server?.close();
});

describe('the operation endpoint', () => {
  it('answers 404 with a message for an unknown operation', async () => {
    const result = await call(server.app, 'IAuthorizationService/NoSuchThing');
    expect(result.status).toBe(404);
    expect(result.body.Message).toContain('IAuthorizationService/NoSuchThing');
  });

  it('answers 403 when the capability is missing and 200 when held', async () => {
    expect((await call(server.app, 'IProbeService/NeedsReporting', {}, { cookie: await signIn(server.app, 'company.user') })).status).toBe(403);
    expect((await call(server.app, 'IProbeService/NeedsReporting', {}, { cookie: await signIn(server.app, 'company.admin') })).status).toBe(200);
  });

  it('answers 401 before 403 when not signed in', async () => {
    expect((await call(server.app, 'IProbeService/NeedsReporting')).status).toBe(401);
  });

  it('refuses an account outside the caller\'s hierarchy with the same 403 as a missing one', async () => {
    const cookie = await signIn(server.app, 'other.admin');
    const foreign = await call(server.app, 'IProbeService/TouchAccount', { accountId: await idOf('Contoso Ltd') }, { cookie });
    const missing = await call(server.app, 'IProbeService/TouchAccount', { accountId: 999_999 }, { cookie });
    expect(foreign.status).toBe(403);
    expect(missing.status).toBe(403);
    expect(foreign.body).toEqual(missing.body);
    const own = await call(server.app, 'IProbeService/TouchAccount', { accountId: await idOf('Litware Inc') }, { cookie });
    expect(own.status).toBe(200);
    expect(own.body.DisplayName).toBe('Litware Inc');
  });

  it('lets a reseller reach its companies but a company admin not its sibling company', async () => {
    const adventure = await idOf('Adventure Works');
    expect((await call(server.app, 'IProbeService/TouchAccount', { accountId: adventure }, { cookie: await signIn(server.app, 'reseller.admin') })).status).toBe(200);
    expect((await call(server.app, 'IProbeService/TouchAccount', { accountId: adventure }, { cookie: await signIn(server.app, 'company.admin') })).status).toBe(403);
  });

  it('answers malformed JSON with 400 and a message', async () => {
    const result = await call(server.app, 'IAuthorizationService/Authenticate', undefined, { rawBody: '{"userName": "admin",' });
    expect(result.status).toBe(400);
    expect(result.body.Message).toMatch(/JSON/);
  });

  it('answers an oversized body with 413', async () => {
    const result = await call(server.app, 'IAuthorizationService/Authenticate', { userName: 'admin', password: 'x'.repeat(2_000_000) });
    expect(result.status).toBe(413);
    expect(result.body.Message).toMatch(/too large/);
  });

  it('refuses __proto__ keys without effect', async () => {
    const result = await call(server.app, 'IAuthorizationService/Authenticate', undefined, { rawBody: '{"userName":"admin","password":"x","__proto__":{"isAdmin":true}}' });
    expect(result.status).toBe(400);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it('never answers a stack trace', async () => {
    const result = await call(server.app, 'IAuthorizationService/Authenticate', [1, 2, 3]);
    expect(result.status).toBe(400);
    expect(JSON.stringify(result.body)).not.toMatch(/at .*\.ts/);
  });
});

describe('anti-forgery', () => {
  const authenticate = (headers: Record<string, string>) =>
    server.app.inject({
      method: 'POST',
      url: `${OPERATION_PREFIX}/IAuthorizationService/Authenticate`,
      headers: { 'content-type': 'application/json', host: 'portal.test', ...headers },
      payload: JSON.stringify({ userName: 'admin', password: 'Demo-Password-2024!' }),
    });

  it('sets a readable XSRF-TOKEN cookie', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/healthz' });
    const token = res.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(token?.value).toBeTruthy();
    expect(token?.httpOnly).toBeFalsy();
  });

  it('refuses a browser request without the header', async () => {
    const res = await authenticate({ origin: 'http://portal.test', cookie: 'XSRF-TOKEN=abc' });
    expect(res.statusCode).toBe(403);
    expect(res.json().Message).toMatch(/anti-forgery/);
  });

  it('refuses a browser request whose header does not echo the cookie', async () => {
    expect((await authenticate({ origin: 'http://portal.test', cookie: 'XSRF-TOKEN=abc', 'x-xsrf-token': 'abd' })).statusCode).toBe(403);
  });

  it('refuses a cross-site request even with a matching token', async () => {
    expect((await authenticate({ origin: 'http://evil.test', cookie: 'XSRF-TOKEN=abc', 'x-xsrf-token': 'abc' })).statusCode).toBe(403);
    expect((await authenticate({ 'sec-fetch-site': 'cross-site', cookie: 'XSRF-TOKEN=abc', 'x-xsrf-token': 'abc' })).statusCode).toBe(403);
  });

  it('accepts a same-origin browser request that echoes the cookie', async () => {
    expect((await authenticate({ origin: 'http://portal.test', 'sec-fetch-site': 'same-origin', cookie: 'XSRF-TOKEN=abc', 'x-xsrf-token': 'abc' })).statusCode).toBe(200);
  });

  it('needs no token from a server-to-server client', async () => {
    expect((await authenticate({})).statusCode).toBe(200);
  });
});

describe('health, branding, images and API documentation', () => {
  it('answers GET /healthz', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
  });

  it('serves the branding script with the owner\'s values over the defaults', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/branding/latest/config.gen.js' });
    expect(res.statusCode).toBe(200);
    const match = res.body.match(/^window\.__BRANDING__ = (.*);$/s);
    const config = JSON.parse(match![1]!);
    expect(config.title).toBe('Cloud Marketplace');
    expect(config.logo).toBe('logo.svg');
    expect(config.colors.primary).toBe('1867c0');
  });

  it('serves the logo, and a resized image through the keeper', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/branding/latest/logo.svg' })).headers['content-type']).toContain('svg');
    const image = await server.app.inject({ method: 'GET', url: '/keeper/getimage/branding/appicon.ico/32/32' });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect((await server.app.inject({ method: 'GET', url: '/keeper/get/branding/logo.svg' })).statusCode).toBe(200);
    expect((await server.app.inject({ method: 'GET', url: '/keeper/get/..%2Fetc/passwd' })).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'GET', url: '/keeper/getimage/branding/appicon.ico/0/99999' })).statusCode).toBe(404);
  });

  it('documents every operation in the OpenAPI 3.1 document', async () => {
    const doc = (await server.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.openapi).toBe('3.1.0');
    const auth = doc.paths[`${OPERATION_PREFIX}/IAuthorizationService/Authenticate`].post;
    expect(auth.requestBody.content['application/json'].schema.properties).toHaveProperty('userName');
    expect(JSON.stringify(auth.responses['200'].content['application/json'].schema)).toContain('UserAccountId');
    expect(doc.paths).toHaveProperty(`${OPERATION_PREFIX}/IAccountService/GetDashboardSummary`);
    const page = await server.app.inject({ method: 'GET', url: '/api/docs/index.html' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger');
  });
});
