import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, signIn, startTestServer, type TestServer } from '../test/testServer';

let server: TestServer;
let admin: string;

// A 1×1 transparent PNG.
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const configScript = async () => {
  const res = await server.app.inject({ method: 'GET', url: '/branding/latest/config.gen.js' });
  return JSON.parse(res.body.replace(/^window\.__BRANDING__ = /, '').replace(/;$/, '')) as Record<string, unknown>;
};

beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server.app, 'admin');
});
afterAll(async () => {
  await server?.close();
});

async function editable() {
  const current = (await call(server.app, 'IAccountService/GetBranding', {}, { cookie: admin })).body;
  delete current.sso_setup_list;
  return current;
}

describe('SaveBranding', () => {
  it('saves the platform owner\'s branding, which config.gen.js serves on the next page load, and audits it', async () => {
    await server.handle.db.execute(sql`insert into branding (owner_account_id, config) select id, '{"sso_setup_list":[{"id":"corp","name":"Corp","auth_endpoint":"https://sso.example/auth","client":"c","scope":"openid"}]}'::jsonb from accounts where parent_id is null on conflict (owner_account_id) do update set config = branding.config || excluded.config`);
    const branding = { ...(await editable()), title: 'Contoso Cloud Hub', colors: { primary: 'AA3300' }, default_locale: 'de', register_url: 'https://contoso.example/register' };
    const saved = await call(server.app, 'IAccountService/SaveBranding', { branding }, { cookie: admin });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ title: 'Contoso Cloud Hub', colors: { primary: 'aa3300' } });

    const script = await configScript();
    expect(script).toMatchObject({ title: 'Contoso Cloud Hub', colors: { primary: 'aa3300' }, default_locale: 'de', register_url: 'https://contoso.example/register' });
    // SSO buttons belong to SSO_PROVIDERS and survive a save.
    expect(script.sso_setup_list).toEqual([expect.objectContaining({ id: 'corp' })]);
    const audit = (await server.handle.db.execute(sql`select details from audit_log where action = 'BrandingSaved' order by id desc limit 1`)) as unknown as { rows: { details: { title: string } }[] };
    expect(audit.rows[0]!.details.title).toBe('Contoso Cloud Hub');
  });

  it.each([
    ['colors.primary', { colors: { primary: '#12345' } }],
    ['register_url', { register_url: 'javascript:alert(1)' }],
    ['default_locale', { default_locale: 'xx' }],
    ['title', { title: '' }],
    ['title', { title: 'x'.repeat(81) }],
  ])('refuses a bad %s with 400 naming the field', async (field, change) => {
    const result = await call(server.app, 'IAccountService/SaveBranding', { branding: { ...(await editable()), ...change } }, { cookie: admin });
    expect(result.status).toBe(400);
    expect(result.body.Message).toContain(`branding.${field}`);
  });

  it('refuses sso_setup_list: SSO is configured by SSO_PROVIDERS', async () => {
    const result = await call(server.app, 'IAccountService/SaveBranding', { branding: { ...(await editable()), sso_setup_list: [] } }, { cookie: admin });
    expect(result.status).toBe(400);
  });

  it('answers 403 to a reseller administrator, who holds BRANDING but is not the platform owner', async () => {
    const reseller = await signIn(server.app, 'reseller.admin');
    expect((await call(server.app, 'IAccountService/GetBranding', {}, { cookie: reseller })).status).toBe(403);
    const branding = await editable();
    expect((await call(server.app, 'IAccountService/SaveBranding', { branding }, { cookie: reseller })).status).toBe(403);
    expect((await call(server.app, 'IAccountService/UploadBrandingImage', { kind: 'logo', fileName: 'a.png', contentType: 'image/png', dataBase64: PNG_BASE64 }, { cookie: reseller })).status).toBe(403);
    expect((await call(server.app, 'IAccountService/GetBranding', {})).status).toBe(401);
  });
});

describe('UploadBrandingImage', () => {
  it('stores a PNG logo under a server-generated name and serves it from /branding/latest/', async () => {
    const result = await call(server.app, 'IAccountService/UploadBrandingImage', { kind: 'logo', fileName: '../../evil name.png', contentType: 'image/png', dataBase64: PNG_BASE64 }, { cookie: admin });
    expect(result.status).toBe(200);
    const name = result.body.Path as string;
    expect(name).toMatch(/^logo-[0-9a-f]{24}\.png$/);
    expect((await configScript()).logo).toBe(name);
    const image = await server.app.inject({ method: 'GET', url: `/branding/latest/${name}` });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(Buffer.from(PNG_BASE64, 'base64'))).toBe(true);
  });

  it('accepts a plain SVG favicon', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><defs><linearGradient id="g"/></defs><rect fill="url(#g)" width="10" height="10"/></svg>';
    const result = await call(server.app, 'IAccountService/UploadBrandingImage', { kind: 'favicon', fileName: 'icon.svg', contentType: 'image/svg+xml', dataBase64: base64(svg) }, { cookie: admin });
    expect(result.status).toBe(200);
    expect((await configScript()).favicon).toMatch(/^favicon-[0-9a-f]{24}\.svg$/);
  });

  it.each([
    ['a script', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
    ['an event handler', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>'],
    ['a javascript: link', '<svg xmlns="http://www.w3.org/2000/svg"><a href="javascript:alert(1)"><rect/></a></svg>'],
    ['an external image', '<svg xmlns="http://www.w3.org/2000/svg"><image href="https://evil.example/x.png"/></svg>'],
  ])('refuses an SVG with %s', async (_what, svg) => {
    const result = await call(server.app, 'IAccountService/UploadBrandingImage', { kind: 'logo', fileName: 'logo.svg', contentType: 'image/svg+xml', dataBase64: base64(svg) }, { cookie: admin });
    expect(result.status).toBe(400);
    expect(result.body.Message).toContain('scripts, event handlers or external links');
  });

  it('refuses content that is not what its name and type say, and files over 512 KB', async () => {
    const html = await call(server.app, 'IAccountService/UploadBrandingImage', { kind: 'logo', fileName: 'logo.png', contentType: 'image/png', dataBase64: base64('<html>hi</html>') }, { cookie: admin });
    expect(html.status).toBe(400);
    expect(html.body.Message).toBe('File format not supported');
    const gif = await call(server.app, 'IAccountService/UploadBrandingImage', { kind: 'logo', fileName: 'logo.gif', contentType: 'image/gif', dataBase64: PNG_BASE64 }, { cookie: admin });
    expect(gif.body.Message).toBe('File format not supported');
    const big = Buffer.concat([Buffer.from(PNG_BASE64, 'base64'), Buffer.alloc(513 * 1024)]).toString('base64');
    const tooBig = await call(server.app, 'IAccountService/UploadBrandingImage', { kind: 'logo', fileName: 'logo.png', contentType: 'image/png', dataBase64: big }, { cookie: admin });
    expect(tooBig.status).toBe(400);
  });
});
