import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_HUB_PATH } from '@cmp/contracts/realtime';
import { call, signIn, startTestServer, type TestServer } from '../test/testServer';
import { listenOnFreePort } from '../realtime/liveTestClient';
import { RECORD_SEPARATOR } from '../realtime/hubProtocol';

let server: TestServer;
let httpUrl: string;
beforeAll(async () => {
  // The test client stands behind a trusted proxy, so X-Forwarded-Proto says whether the visitor used https.
  server = await startTestServer({ trustedProxies: ['127.0.0.1'] });
  // A real socket: the event hub's stream hijacks its reply, which inject cannot show.
  httpUrl = (await listenOnFreePort(server.app)).replace('ws:', 'http:');
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

/** The headers every data answer carries, as the operations' do. */
function expectDataHeaders(response: Response, what: string): void {
  expect(response.headers.get('cache-control'), what).toBe('no-store');
  expect(response.headers.get('content-security-policy'), what).toBe("default-src 'none'; frame-ancestors 'none'");
  expect(response.headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(response.headers.get('referrer-policy'), what).toBe('same-origin');
}

describe('security headers of the event hub (issue 30 item 12)', () => {
  it('sends them with the negotiate answer, which carries the connection token, and with its refusal', async () => {
    const refused = await fetch(`${httpUrl}${EVENT_HUB_PATH}/negotiate?negotiateVersion=1`, { method: 'POST' });
    expect(refused.status).toBe(401);
    expectDataHeaders(refused, 'negotiate refused');
    const cookie = await signIn(server.app, 'company.admin');
    const negotiated = await fetch(`${httpUrl}${EVENT_HUB_PATH}/negotiate?negotiateVersion=1`, { method: 'POST', headers: { cookie } });
    expect(negotiated.status).toBe(200);
    expect(((await negotiated.json()) as { connectionToken?: string }).connectionToken).toBeTruthy();
    expectDataHeaders(negotiated, 'negotiate');
  });

  it('sends them with the server-sent-events stream, whose head the route writes itself, and with the messages posted to it', async () => {
    const cookie = await signIn(server.app, 'company.admin');
    const negotiated = await fetch(`${httpUrl}${EVENT_HUB_PATH}/negotiate?negotiateVersion=1`, { method: 'POST', headers: { cookie } });
    const { connectionToken } = (await negotiated.json()) as { connectionToken: string };
    const connection = `${httpUrl}${EVENT_HUB_PATH}?id=${encodeURIComponent(connectionToken)}`;
    const abort = new AbortController();
    try {
      const stream = await fetch(connection, { headers: { accept: 'text/event-stream' }, signal: abort.signal });
      expect(stream.status).toBe(200);
      expect(stream.headers.get('content-type')).toBe('text/event-stream');
      expectDataHeaders(stream, 'event stream');
      const handshake = await fetch(connection, { method: 'POST', body: `{"protocol":"json","version":1}${RECORD_SEPARATOR}` });
      expect(handshake.status).toBe(200);
      expectDataHeaders(handshake, 'message posted to the stream');
      const ended = await fetch(connection, { method: 'DELETE' });
      expect(ended.status).toBe(202);
      expectDataHeaders(ended, 'connection ended');
    } finally {
      abort.abort();
    }
    const unknown = await fetch(connection, { headers: { accept: 'text/event-stream' } });
    expect(unknown.status).toBe(404);
    expectDataHeaders(unknown, 'unknown connection');
  });
});
