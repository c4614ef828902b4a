import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, startTestServer, type TestServer } from '../test/testServer';
import { startSmtpReceiver } from '../test/smtpReceiver';
import { jobsSettled } from '../test/jobQueue';
import { PASSWORD_RESET_MAIL_JOB } from './jobs';

// Issue 11: RequestResetPassword told existing names apart by its time and mailed without limit.
let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  server = await startTestServer({ smtpUrl: smtp.url, publicUrl: 'http://portal.test' });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const requestReset = (username: string, remoteAddress: string) => call(server.app, 'ISelfCareService/RequestResetPassword', { username }, { remoteAddress });
const mailsTo = (address: string) => smtp.mails.filter((m) => m.to.includes(address)).length;
const rows = async <T>(query: ReturnType<typeof sql>) => ((await server.handle.db.execute(query)) as unknown as { rows: T[] }).rows;

describe('RequestResetPassword', () => {
  it('answers a known and an unknown name alike, and does the same for both: it queues the name for the mail job', async () => {
    const known = await requestReset('AW.Admin', '198.51.100.40');
    const unknown = await requestReset('no.such.user', '198.51.100.40');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(unknown.response.headers['content-length']).toBe(known.response.headers['content-length']);
    // The request path does not look the name up: both became a job; the job finds who exists.
    const queued = await rows<{ username: string }>(sql`select data->>'username' as username from pgboss.job where name = ${PASSWORD_RESET_MAIL_JOB}`);
    expect(queued.map((j) => j.username).sort()).toEqual(['AW.Admin', 'no.such.user']);
    await jobsSettled(server.handle.db, PASSWORD_RESET_MAIL_JOB);
    expect(smtp.mails.map((m) => m.to).flat()).toEqual(['aw.admin@adventureworks.example']);
    expect(smtp.mails[0]!.raw).toMatch(/http:\/\/portal\.test\/#\/reset-password\/aw\.admin\/[A-Za-z0-9_-]+/);
  });

  it('answers 429 to more than 10 requests from one address in 15 minutes, whatever the name; other addresses go on', async () => {
    const flooder = '203.0.113.80';
    for (let i = 0; i < 10; i += 1) expect((await requestReset(`flood-${i}`, flooder)).status).toBe(200);
    const known = await requestReset('company.admin', flooder);
    const unknown = await requestReset('nobody', flooder);
    expect(known.status).toBe(429);
    expect(known.body.Message).toMatch(/Too many requests/);
    expect(unknown).toMatchObject({ status: 429, body: known.body });
    expect((await requestReset('flood-x', '203.0.113.81')).status).toBe(200);
  });

  it('mails one user at most 3 links an hour and answers every request the same', async () => {
    const before = mailsTo('tom.becker@sales.example');
    for (let i = 0; i < 6; i += 1) expect(await requestReset('tom.becker', `198.51.100.${110 + i}`)).toMatchObject({ status: 200, body: { Success: true } });
    await jobsSettled(server.handle.db, PASSWORD_RESET_MAIL_JOB);
    expect(mailsTo('tom.becker@sales.example') - before).toBe(3);
    const held = await rows<{ n: number }>(sql`select count(*)::int as n from audit_log where action = 'PasswordResetRequested' and details->>'reason' = 'user_limit'`);
    expect(held[0]!.n).toBe(3);
  });
});
