import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, startTestServer, type TestServer } from '../test/testServer';

let server: TestServer;
beforeAll(async () => {
  // The test client stands behind a trusted proxy, so X-Forwarded-Proto says whether the visitor used https.
  server = await startTestServer({ trustedProxies: ['127.0.0.1'] });
});
afterAll(async () => {
  await server?.close();
});

describe('security headers (issue 11 item 5)', () => {
  it('sends a content security policy that keeps scripts to our origin and framing to our own shell', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/healthz' });
    const policy = String(res.headers['content-security-policy']);
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe-(inline|eval)/);
    expect(policy).toContain("object-src 'none'");
  });

  it('sends Strict-Transport-Security over https only', async () => {
    const plain = await server.app.inject({ method: 'GET', url: '/healthz' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const secure = await server.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
    expect(secure.headers['strict-transport-security']).toMatch(/^max-age=\d{8,}/);
  });

  it('forbids caching of operation answers, which carry session data, successful or not', async () => {
    const cookie = await signIn(server.app, 'company.admin');
    const user = await call(server.app, 'IAuthorizationService/GetCurrentUser', {}, { cookie });
    expect(user.status).toBe(200);
    expect(user.response.headers['cache-control']).toBe('no-store');
    // Data, not a document: nothing loads from an answer and nothing frames it.
    expect(user.response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    const refused = await call(server.app, 'IAuthorizationService/GetCurrentUser', {});
    expect(refused.status).toBe(401);
    expect(refused.response.headers['cache-control']).toBe('no-store');
  });
});
