import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startTestServer, type TestServer } from '../test/testServer';
import { shellMarkup } from '../branding/portalShell';

// A built portal in miniature, compressed by the build's own step (scripts/precompress.mjs).
const dist = mkdtempSync(path.join(tmpdir(), 'cmp-dist-'));
const script = `export const greeting = ${JSON.stringify('hello portal '.repeat(200))};\n`;
const html = `<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body>${'<div></div>'.repeat(80)}</body></html>`;
let server: TestServer;

beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), script);
  writeFileSync(path.join(dist, 'index.html'), html);
  execFileSync(process.execPath, [path.resolve(import.meta.dirname, '../../../../scripts/precompress.mjs'), dist]);
  server = await startTestServer({ webDist: dist });
});
afterAll(async () => {
  await server?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the built portal is delivered compressed and cached (issue 12)', () => {
  it('sends a hashed asset as brotli, cached for a year and immutable', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(script.length / 4);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends gzip to a browser without brotli, and the file as it is to one without either', async () => {
    const gzip = await server.app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);
    const plain = await server.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('has index.html revalidated on every visit, compressed, and answered 304 when unchanged', async () => {
    const first = await server.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(first.rawPayload).toString()).toBe(html);
    const again = await server.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('has the branding script revalidated and answered 304 when unchanged', async () => {
    const first = await server.app.inject({ method: 'GET', url: '/branding/latest/config.gen.js' });
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers.etag).toBeTruthy();
    const again = await server.app.inject({ method: 'GET', url: '/branding/latest/config.gen.js', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});

describe('a signed-out visit gets the first screen inside index.html (issue 12)', () => {
  const shellDist = mkdtempSync(path.join(tmpdir(), 'cmp-dist-'));
  const builtHtml = `<!doctype html><html><head><title>Portal</title></head><body><div id="root"></div>${'<p></p>'.repeat(60)}</body></html>`;
  let shellServer: TestServer;

  beforeAll(async () => {
    writeFileSync(path.join(shellDist, 'index.html'), builtHtml);
    writeFileSync(path.join(shellDist, 'boot-texts.json'), JSON.stringify({ en: { welcome: 'Welcome to {{title}}', loading: 'Loading' }, de: { welcome: 'Willkommen bei {{title}}', loading: 'Wird geladen' } }));
    shellServer = await startTestServer({ webDist: shellDist });
  });
  afterAll(async () => {
    await shellServer?.close();
    rmSync(shellDist, { recursive: true, force: true });
  });

  it('paints the sign-in heading under the platform title before any script runs, compressed and revalidated', async () => {
    const first = await shellServer.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip, br' } });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(String(first.headers.vary)).toMatch(/cookie/);
    const page = brotliDecompressSync(first.rawPayload).toString();
    expect(page).toMatch(/<div id="root"><main id="main-content" class="cmp-boot" aria-busy="true">.*<h1 id="cmp-boot-heading" class="cmp-boot-title">Welcome to Cloud Marketplace<\/h1>/);
    expect(page).toContain('role="progressbar" aria-label="Loading"');
    expect(page).toMatch(/<style>[^]*\.cmp-boot-title\{[^}]*font-size:1\.5rem[^]*<\/style><\/head>/);
    const again = await shellServer.app.inject({ method: 'GET', url: '/index.html', headers: { 'accept-encoding': 'gzip, br', 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    const gzip = await shellServer.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(page);
    expect(gzip.headers.etag).not.toBe(first.headers.etag);
  });

  it('gives a signed-in visit the page as built: its screen is in the hash, which the server never sees', async () => {
    const cookie = await signIn(shellServer.app, 'company.admin');
    const res = await shellServer.app.inject({ method: 'GET', url: '/', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(builtHtml);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
  });

  it('escapes the title and the words it puts into the page', () => {
    expect(shellMarkup({ welcome: 'Welcome to {{title}}', loading: 'Load "now"' }, '<b>A & B</b>')).toContain('Welcome to &#60;b&#62;A &#38; B&#60;/b&#62;</h1>');
    expect(shellMarkup({ welcome: 'x', loading: 'Load "now"' }, 't')).toContain('aria-label="Load &#34;now&#34;"');
  });
});
