import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, signIn, startTestServer, type TestServer } from '../test/testServer';

// Issue 17 "Admin console", instance settings: the branding carries the instance's analytics switch
// beside its default language; switched off, no page view or search event is recorded any more.

let server: TestServer;
let admin: string;
const pageViewCount = async () => ((await server.handle.db.execute(sql`select count(*)::int as n from page_views`)) as unknown as { rows: { n: number }[] }).rows[0]!.n;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server.app, 'admin');
});
afterAll(async () => {
  await server?.close();
});

async function saveBranding(changes: Record<string, unknown>) {
  const { body } = await call(server.app, 'IAccountService/GetBranding', {}, { cookie: admin });
  const { sso_setup_list: _sso, ...editable } = body as Record<string, unknown>;
  const saved = await call(server.app, 'IAccountService/SaveBranding', { branding: { ...editable, ...changes } }, { cookie: admin });
  expect(saved.status).toBe(200);
  return saved.body;
}

describe('the analytics switch of the instance', () => {
  it('is on by default and served with the branding', async () => {
    expect((await call(server.app, 'IAccountService/GetBranding', {}, { cookie: admin })).body.analytics_enabled).toBe(true);
    const script = await server.app.inject({ method: 'GET', url: '/branding/latest/config.gen.js' });
    expect(script.body).toContain('"analytics_enabled":true');
  });

  it('switched off, records no event; a save without the field leaves it as it is', async () => {
    const user = await signIn(server.app, 'company.user');
    const track = () => call(server.app, 'IReportingService/TrackEvent', { event: 'page_view', path: '/Dashboard', instanceId: 'pp' }, { cookie: user });
    expect((await saveBranding({ analytics_enabled: false, default_locale: 'de' })).analytics_enabled).toBe(false);
    const before = await pageViewCount();
    expect((await track()).status).toBe(200);
    expect(await pageViewCount()).toBe(before);

    // A client written before the switch existed sends every other field.
    const { analytics_enabled: _switch, sso_setup_list: _sso, ...withoutSwitch } = (await call(server.app, 'IAccountService/GetBranding', {}, { cookie: admin })).body as Record<string, unknown>;
    const kept = await call(server.app, 'IAccountService/SaveBranding', { branding: { ...withoutSwitch, title: 'Renamed' } }, { cookie: admin });
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ analytics_enabled: false, default_locale: 'de', title: 'Renamed' });

    await saveBranding({ analytics_enabled: true });
    expect((await track()).status).toBe(200);
    expect(await pageViewCount()).toBe(before + 1);
  });

  it('refuses a value that is not a switch, and a reseller’s administrator', async () => {
    const { body } = await call(server.app, 'IAccountService/GetBranding', {}, { cookie: admin });
    const { sso_setup_list: _sso, ...editable } = body as Record<string, unknown>;
    expect((await call(server.app, 'IAccountService/SaveBranding', { branding: { ...editable, analytics_enabled: 'yes' } }, { cookie: admin })).status).toBe(400);
    const reseller = await signIn(server.app, 'reseller.admin');
    expect((await call(server.app, 'IAccountService/SaveBranding', { branding: { ...editable, analytics_enabled: false } }, { cookie: reseller })).status).toBe(403);
  });
});
