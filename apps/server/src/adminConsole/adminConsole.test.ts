import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { auditLog, mailOutbox, mailOutboxAttachments, ssoLinks, ssoProviders, users } from '../platform/db/schema';
import { jobsSettled } from '../test/jobQueue';
import { startSmtpReceiver } from '../test/smtpReceiver';
import { call, signIn, startTestServer, type TestServer } from '../test/testServer';
import { RESEND_MAIL_JOB } from './mailOutboxOperations';

// Issue 17 "Admin console": the platform owner's mail outbox, background jobs, signed-in sessions
// and SSO providers — Administrative Read to see, Execute to act, never a reseller's administrator.

let server: TestServer;
let admin: string;
let reseller: string;
let smtpPort: number;
const op = (name: string, body: unknown, cookie: string) => call(server.app, `IAdminConsoleService/${name}`, body, { cookie });
const OWNER_ONLY = 'Only administrators of the platform owner can use this part of the administration.';

beforeAll(async () => {
  // A port nobody listens on yet: mails to it fail until the test starts a receiver there.
  const probe = await startSmtpReceiver(0);
  smtpPort = Number(new URL(probe.url).port);
  await probe.close();
  server = await startTestServer({ smtpUrl: `smtp://127.0.0.1:${smtpPort}` });
  [admin, reseller] = await Promise.all(['admin', 'reseller.admin'].map((name) => signIn(server.app, name)));
  await server.handle.db.insert(mailOutbox).values([
    { recipient: 'sent@example.com', subject: 'Console test sent', textBody: 'Delivered.', sentAt: new Date() },
    { recipient: 'pending@example.com', subject: 'Console test pending', textBody: 'Waiting.' },
    { recipient: 'failed@example.com', subject: 'Console test failed', textBody: 'Your invoice is ready.', error: 'connect ECONNREFUSED' },
  ]);
  // The failed mail carried a file (as a sent quote does): the resend sends it too.
  const [failed] = await server.handle.db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.recipient, 'failed@example.com'));
  await server.handle.db.insert(mailOutboxAttachments).values({ mailId: failed!.id, fileName: 'invoice-17.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF-1.4 test') });
});
afterAll(async () => {
  await server?.close();
});

const auditCount = async (action: 'OutboxMailRead' | 'OutboxMailResent' | 'BackgroundJobRetried' | 'SignedInSessionEnded') =>
  (await server.handle.db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.action, action))).length;

describe('the mail outbox', () => {
  it('lists mails a page at a time with their status, filtered and sorted', async () => {
    const all = await op('GetOutboxMails', { text: 'console test', sortBy: 'Recipient', sortDirection: 'asc' }, admin);
    expect(all.status).toBe(200);
    expect((all.body.Mails as { Recipient: string; Status: string }[]).map((m) => [m.Recipient, m.Status])).toEqual([
      ['failed@example.com', 'Failed'],
      ['pending@example.com', 'Pending'],
      ['sent@example.com', 'Sent'],
    ]);
    expect(all.body.Total).toBe(3);
    expect(all.body.IsDeliveryConfigured).toBe(true);
    const failed = await op('GetOutboxMails', { status: 'Failed', text: 'console', page: 0, pageSize: 1 }, admin);
    expect((failed.body.Mails as { Error: string }[]).map((m) => m.Error)).toEqual(['connect ECONNREFUSED']);
    expect((failed.body.Counts as { Failed: number }).Failed).toBeGreaterThanOrEqual(1);
  });

  it('reads one mail with its text, on record, and answers 404 for an unknown one', async () => {
    const [row] = await server.handle.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, 'failed@example.com'));
    const before = await auditCount('OutboxMailRead');
    const mail = await op('GetOutboxMail', { mailId: row!.id }, admin);
    expect(mail.status).toBe(200);
    expect(mail.body).toMatchObject({ Subject: 'Console test failed', TextBody: 'Your invoice is ready.', Status: 'Failed' });
    expect(await auditCount('OutboxMailRead')).toBe(before + 1);
    expect((await op('GetOutboxMail', { mailId: 999_999 }, admin)).status).toBe(404);
  });

  it('resends a failed mail through a job: the refusal fails the job with its error, a retry delivers it', async () => {
    const [row] = await server.handle.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, 'failed@example.com'));
    const before = await auditCount('OutboxMailResent');
    expect((await op('ResendOutboxMail', { mailId: row!.id }, admin)).status).toBe(200);
    expect(await auditCount('OutboxMailResent')).toBe(before + 1);
    await jobsSettled(server.handle.db, RESEND_MAIL_JOB, 30_000);

    const jobs = await op('GetBackgroundJobs', {}, admin);
    expect(jobs.status).toBe(200);
    const queue = (jobs.body.Queues as { Name: string; Counts: Record<string, number> }[]).find((q) => q.Name === RESEND_MAIL_JOB);
    expect(queue?.Counts.failed).toBe(1);
    const failedJob = (jobs.body.FailedJobs as { JobId: string; Queue: string; Error: string }[]).find((j) => j.Queue === RESEND_MAIL_JOB)!;
    expect(failedJob.Error).toContain('ECONNREFUSED');
    expect(JSON.stringify(jobs.body)).not.toContain('    at ');

    const receiver = await startSmtpReceiver(smtpPort);
    try {
      expect((await op('RetryBackgroundJob', { queue: RESEND_MAIL_JOB, jobId: failedJob.JobId }, admin)).status).toBe(200);
      // A second click finds it no longer failed.
      const again = await op('RetryBackgroundJob', { queue: RESEND_MAIL_JOB, jobId: failedJob.JobId }, admin);
      expect(again.status).toBe(409);
      expect(again.body.Message).toBe('Only a failed job can be retried. This one is no longer failed.');
      const delivered = await receiver.waitFor((m) => m.to.includes('failed@example.com'));
      expect(delivered.raw).toContain('invoice-17.pdf');
      await jobsSettled(server.handle.db, RESEND_MAIL_JOB, 30_000);
    } finally {
      await receiver.close();
    }
    const mail = await op('GetOutboxMail', { mailId: row!.id }, admin);
    expect(mail.body).toMatchObject({ Status: 'Sent', Error: null });
    expect(await auditCount('BackgroundJobRetried')).toBe(1);
  });

  it('resends only a failed mail, and retries only a job that exists', async () => {
    const [sent] = await server.handle.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, 'sent@example.com'));
    const refused = await op('ResendOutboxMail', { mailId: sent!.id }, admin);
    expect(refused.status).toBe(409);
    expect(refused.body.Message).toBe('Only a mail that failed can be resent.');
    expect((await op('RetryBackgroundJob', { queue: RESEND_MAIL_JOB, jobId: '00000000-0000-4000-8000-000000000000' }, admin)).status).toBe(404);
    expect((await op('RetryBackgroundJob', { queue: RESEND_MAIL_JOB, jobId: 'not-a-uuid' }, admin)).status).toBe(400);
  });

  it('does not retry a failed job whose task has another job waiting (one job per task), and says why', async () => {
    // The resend queue is exclusive: the same mail was sent for resending again after this job failed.
    const failedId = '00000000-0000-4000-8000-0000000000f1';
    const waitingId = '00000000-0000-4000-8000-0000000000f2';
    await server.handle.db.execute(sql`insert into pgboss.job (id, name, data, state, singleton_key, policy, completed_on, start_after)
      values (${failedId}::uuid, ${RESEND_MAIL_JOB}, '{"mailId": -1}', 'failed', 'resend-mail:-1', 'exclusive', now(), now()),
             (${waitingId}::uuid, ${RESEND_MAIL_JOB}, '{"mailId": -1}', 'created', 'resend-mail:-1', 'exclusive', null, now() + interval '1 day')`);
    try {
      const busy = await op('RetryBackgroundJob', { queue: RESEND_MAIL_JOB, jobId: failedId }, admin);
      expect(busy.status).toBe(409);
      expect(busy.body.Message).toBe('This task already has another job waiting or running. Retry the failed one once that job has finished.');
      const states = (await server.handle.db.execute(sql`select state::text as state from pgboss.job where id = ${failedId}::uuid`)) as unknown as { rows: { state: string }[] };
      expect(states.rows[0]!.state).toBe('failed');
    } finally {
      await server.handle.db.execute(sql`delete from pgboss.job where id in (${failedId}::uuid, ${waitingId}::uuid)`);
    }
  });
});

describe('signed-in sessions', () => {
  it('lists who is signed in, never a session cookie, and ends another user’s session', async () => {
    const user = await signIn(server.app, 'company.user');
    const answer = await op('GetSignedInSessions', {}, admin);
    expect(answer.status).toBe(200);
    const list = answer.body.Sessions as { SessionId: string; Username: string; CompanyName: string; IsCurrent: boolean }[];
    const theirs = list.find((s) => s.Username === 'company.user')!;
    expect(theirs).toMatchObject({ CompanyName: 'Contoso Ltd', IsCurrent: false });
    expect(list.filter((s) => s.IsCurrent).map((s) => s.Username)).toEqual(['admin']);
    expect(JSON.stringify(answer.body)).not.toContain(user.split('=')[1]!.split(';')[0]!);

    expect((await call(server.app, 'IAuthorizationService/GetCurrentUser', {}, { cookie: user })).status).toBe(200);
    expect((await op('EndSignedInSession', { sessionId: theirs.SessionId }, admin)).status).toBe(200);
    expect((await call(server.app, 'IAuthorizationService/GetCurrentUser', {}, { cookie: user })).status).toBe(401);
    expect(await auditCount('SignedInSessionEnded')).toBe(1);
    expect((await op('EndSignedInSession', { sessionId: theirs.SessionId }, admin)).status).toBe(404);
  });

  it('does not end the caller’s own session (that is signing out)', async () => {
    const own = (await op('GetSignedInSessions', {}, admin)).body.Sessions as { SessionId: string; IsCurrent: boolean }[];
    const refused = await op('EndSignedInSession', { sessionId: own.find((s) => s.IsCurrent)!.SessionId }, admin);
    expect(refused.status).toBe(400);
    expect(refused.body.Message).toBe('This is your own session. Sign out to end it.');
  });
});

describe('SSO providers in use', () => {
  it('lists the configured providers with their linked users, never the client secret', async () => {
    await server.handle.db.insert(ssoProviders).values({ id: 'contoso-id', name: 'Contoso ID', issuerUrl: 'https://id.contoso.example', clientId: 'portal', clientSecret: 'very-secret-value' });
    const [user] = await server.handle.db.select().from(users).where(eq(users.username, 'company.user'));
    await server.handle.db.insert(ssoLinks).values({ providerId: 'contoso-id', subject: 'abc', userAccountId: user!.accountId });
    const answer = await op('GetSsoProvidersInUse', {}, admin);
    expect(answer.status).toBe(200);
    expect(answer.body.Providers).toEqual([{ ProviderId: 'contoso-id', Name: 'Contoso ID', IssuerUrl: 'https://id.contoso.example', ClientId: 'portal', Scope: 'openid email profile', LinkedUsers: 1 }]);
    expect(JSON.stringify(answer.body)).not.toContain('very-secret-value');
    await server.handle.db.delete(ssoLinks).where(and(eq(ssoLinks.providerId, 'contoso-id'), eq(ssoLinks.subject, 'abc')));
    await server.handle.db.delete(ssoProviders).where(eq(ssoProviders.id, 'contoso-id'));
  });
});

describe('who may use the console', () => {
  const requests: [string, unknown][] = [
    ['GetOutboxMails', {}],
    ['GetOutboxMail', { mailId: 1 }],
    ['ResendOutboxMail', { mailId: 1 }],
    ['GetBackgroundJobs', {}],
    ['RetryBackgroundJob', { queue: RESEND_MAIL_JOB, jobId: '00000000-0000-4000-8000-000000000000' }],
    ['GetSignedInSessions', {}],
    ['EndSignedInSession', { sessionId: '00000000-0000-4000-8000-000000000000' }],
    ['GetSsoProvidersInUse', {}],
  ];

  it.each(requests)('%s refuses a reseller’s administrator with a clear message', async (name, body) => {
    const refused = await op(name, body, reseller);
    expect(refused.status).toBe(403);
    expect(refused.body.Message).toBe(OWNER_ONLY);
  });

  it.each(requests)('%s refuses a user without Administrative, and a caller not signed in', async (name, body) => {
    const companyUser = await signIn(server.app, 'company.user');
    expect((await op(name, body, companyUser)).status).toBe(403);
    expect((await call(server.app, `IAdminConsoleService/${name}`, body)).status).toBe(401);
  });

  it('leaves pg-boss’s tables alone for a reseller (nothing retried)', async () => {
    const rows = (await server.handle.db.execute(sql`select count(*)::int as n from pgboss.job where state = 'retry'`)) as unknown as { rows: { n: number }[] };
    expect(rows.rows[0]!.n).toBe(0);
  });
});
