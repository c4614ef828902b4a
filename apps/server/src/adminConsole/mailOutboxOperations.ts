import { and, asc, count, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  getOutboxMailResponseSchema,
  getOutboxMailsRequestSchema,
  getOutboxMailsResponseSchema,
  mailIdRequestSchema,
  type OutboxMailStatus,
} from '@cmp/contracts/adminConsole';
import { okResponseSchema } from '@cmp/contracts/auth';
import { writeAudit, requestMeta } from '../platform/audit';
import type { ServerConfig } from '../platform/config';
import type { Queryable } from '../platform/db/database';
import { escapeLike } from '../platform/db/likePattern';
import { mailOutbox } from '../platform/db/schema';
import { ApiError } from '../platform/errors';
import type { JobDefinition } from '../platform/jobs';
import { deliverOutboxMail } from '../platform/mail';
import { defineOperation } from '../platform/operations';
import { ADMIN_CONSOLE_EXECUTE, ADMIN_CONSOLE_READ, ADMIN_CONSOLE_SERVICE, isoOf, requirePlatformOwner } from './adminConsoleAccess';

// The mail outbox (DESIGN.md "mail": without SMTP_URL mails stay in a table an administrator can read).

export const RESEND_MAIL_JOB = 'admin-console.resend-mail';

type MailRow = typeof mailOutbox.$inferSelect;
const statusOf = (row: Pick<MailRow, 'sentAt' | 'error'>): OutboxMailStatus => (row.sentAt ? 'Sent' : row.error ? 'Failed' : 'Pending');
const STATUS_WHERE: Record<OutboxMailStatus, SQL> = {
  Sent: isNotNull(mailOutbox.sentAt),
  Failed: and(isNull(mailOutbox.sentAt), isNotNull(mailOutbox.error))!,
  Pending: and(isNull(mailOutbox.sentAt), isNull(mailOutbox.error))!,
};
const STATUS_ORDER = sql`case when ${mailOutbox.sentAt} is not null then 0 when ${mailOutbox.error} is null then 1 else 2 end`;
const SORT_COLUMNS = { CreatedAt: mailOutbox.createdAt, Recipient: mailOutbox.recipient, Subject: mailOutbox.subject, Status: STATUS_ORDER };

const summaryOf = (row: MailRow) => ({
  MailId: row.id,
  Recipient: row.recipient,
  Subject: row.subject,
  Status: statusOf(row),
  CreatedAt: isoOf(row.createdAt)!,
  SentAt: isoOf(row.sentAt),
  Error: row.error,
});

const getOutboxMails = defineOperation({
  service: ADMIN_CONSOLE_SERVICE,
  operation: 'GetOutboxMails',
  readOnly: true,
  summary: 'The mail outbox, a page at a time: recipient, subject, status (Sent, Pending, Failed) and the mail server’s error; filter by status and text, sort by a column. Platform owner only.',
  request: getOutboxMailsRequestSchema,
  response: getOutboxMailsResponseSchema,
  rule: ADMIN_CONSOLE_READ,
  async handler(input, { db, caller, config }) {
    requirePlatformOwner(caller);
    const text = input.text ? `%${escapeLike(input.text)}%` : undefined;
    const where = and(input.status ? STATUS_WHERE[input.status] : undefined, text ? or(ilike(mailOutbox.recipient, text), ilike(mailOutbox.subject, text)) : undefined);
    const direction = input.sortDirection === 'asc' ? asc : desc;
    const rows = await db
      .select()
      .from(mailOutbox)
      .where(where)
      .orderBy(direction(SORT_COLUMNS[input.sortBy]), direction(mailOutbox.id))
      .limit(input.pageSize)
      .offset(input.page * input.pageSize);
    const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(mailOutbox).where(where);
    const counts = await db.select({ status: sql<OutboxMailStatus>`case when ${mailOutbox.sentAt} is not null then 'Sent' when ${mailOutbox.error} is null then 'Pending' else 'Failed' end`, n: count() }).from(mailOutbox).groupBy(sql`1`);
    const countOf = (status: OutboxMailStatus) => Number(counts.find((c) => c.status === status)?.n ?? 0);
    return {
      Mails: rows.map(summaryOf),
      Total: Number(total),
      Counts: { Sent: countOf('Sent'), Pending: countOf('Pending'), Failed: countOf('Failed') },
      IsDeliveryConfigured: Boolean(config.smtpUrl),
    };
  },
});

async function requireMail(db: Queryable, mailId: number): Promise<MailRow> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, mailId)).limit(1);
  if (!row) throw new ApiError(404, 'not_found');
  return row;
}

const getOutboxMail = defineOperation({
  service: ADMIN_CONSOLE_SERVICE,
  operation: 'GetOutboxMail',
  readOnly: true,
  summary: 'One mail of the outbox with its text; the reading is audited. Platform owner only.',
  request: mailIdRequestSchema,
  response: getOutboxMailResponseSchema,
  rule: ADMIN_CONSOLE_READ,
  async handler(input, ctx) {
    requirePlatformOwner(ctx.caller);
    const row = await requireMail(ctx.db, input.mailId);
    // A mail may carry a password reset link: who read one stays on record.
    const owner = ctx.caller.companyAccount;
    await writeAudit(ctx.db, ctx.caller, { action: 'OutboxMailRead', accountId: owner.id, accountPath: owner.path, details: { MailId: row.id, Recipient: row.recipient, Subject: row.subject } }, requestMeta(ctx.request));
    return { ...summaryOf(row), TextBody: row.textBody };
  },
});

const resendOutboxMail = defineOperation({
  service: ADMIN_CONSOLE_SERVICE,
  operation: 'ResendOutboxMail',
  keepsSessions: true,
  summary: 'Sends a failed mail of the outbox again, as a background job (admin-console.resend-mail): the mail is marked sent when the mail server takes it; a refusal fails the job with the server’s error. Needs SMTP_URL. Platform owner only.',
  request: mailIdRequestSchema,
  response: okResponseSchema,
  rule: ADMIN_CONSOLE_EXECUTE,
  async handler(input, ctx) {
    requirePlatformOwner(ctx.caller);
    const row = await requireMail(ctx.db, input.mailId);
    if (!ctx.config.smtpUrl) throw new ApiError(409, 'mail_delivery_not_configured');
    if (statusOf(row) !== 'Failed') throw new ApiError(409, 'outbox_mail_not_failed');
    const owner = ctx.caller.companyAccount;
    await writeAudit(ctx.db, ctx.caller, { action: 'OutboxMailResent', accountId: owner.id, accountPath: owner.path, details: { MailId: row.id, Recipient: row.recipient, Subject: row.subject } }, requestMeta(ctx.request));
    // After the audit entry: at most one waiting resend per mail, however often the button is pressed.
    await ctx.request.server.jobs.send(RESEND_MAIL_JOB, { mailId: row.id }, { singletonKey: `resend-mail-${row.id}` });
    return { Success: true };
  },
});

export const mailOutboxOperations = [getOutboxMails, getOutboxMail, resendOutboxMail];

/** The resend job: a mail server that refuses fails it, so the background jobs page shows why. */
export function mailOutboxJobs(config: Pick<ServerConfig, 'smtpUrl'>): JobDefinition[] {
  return [
    {
      name: RESEND_MAIL_JOB,
      // One job per task (its singletonKey): a second send of the same task is refused by the queue.
      policy: 'exclusive',
      async handler(data, { db }) {
        const { mailId } = data as { mailId: number };
        if (!config.smtpUrl) throw new Error('SMTP_URL is not set: the mail stays in the outbox');
        await deliverOutboxMail(db, config.smtpUrl, mailId);
      },
    },
  ];
}
