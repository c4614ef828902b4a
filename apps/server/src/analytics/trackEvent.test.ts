import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, signIn, startTestServer, type TestServer } from '../test/testServer';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('IReportingService/TrackEvent', () => {
  it('stores a page view of the signed-in user without an audit entry', async () => {
    const cookie = await signIn(server.app, 'company.user');
    const auditBefore = (await server.handle.db.execute(sql`select count(*)::int as n from audit_log`)) as unknown as { rows: { n: number }[] };
    const result = await call(server.app, 'IReportingService/TrackEvent', { event: 'page_view', path: '/Dashboard', instanceId: 'pp', details: { from: '/login' } }, { cookie });
    expect(result.status).toBe(200);
    const rows = (await server.handle.db.execute(sql`select event, path, instance_id, details from page_views order by id desc limit 1`)) as unknown as { rows: Record<string, unknown>[] };
    expect(rows.rows[0]).toEqual({ event: 'page_view', path: '/Dashboard', instance_id: 'pp', details: { from: '/login' } });
    const auditAfter = (await server.handle.db.execute(sql`select count(*)::int as n from audit_log`)) as unknown as { rows: { n: number }[] };
    expect(auditAfter.rows[0]!.n).toBe(auditBefore.rows[0]!.n);
  });

  it('refuses unknown events and callers who are not signed in', async () => {
    const cookie = await signIn(server.app, 'company.user');
    const unknown = await call(server.app, 'IReportingService/TrackEvent', { event: 'click', path: '/', instanceId: '' }, { cookie });
    expect(unknown.status).toBe(400);
    expect(unknown.body.Message).toContain('event');
    expect((await call(server.app, 'IReportingService/TrackEvent', { event: 'page_view', path: '/', instanceId: '' })).status).toBe(401);
  });
});
