import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { requirement } from '@cmp/contracts/capabilities';
import {
  INVOICE_GENERATION_ETA_MINUTES,
  getInvoiceGenerationTasksRequestSchema,
  getInvoiceGenerationTasksResponseSchema,
  invoiceFileTaskSchema,
  invoiceFilesPath,
  requestInvoiceGenerationRequestSchema,
  type InvoiceFileTask,
} from '@cmp/contracts/billing';
import { normalizeLocale, type Locale } from '@cmp/contracts/locales';
import type { Database } from '../platform/db/database';
import { invoiceFileTasks, mailOutbox, users } from '../platform/db/schema';
import type { ServerConfig } from '../platform/config';
import type { Mailer } from '../platform/mail';
import { ApiError, accessDenied } from '../platform/errors';
import { requireAccountInHierarchy } from '../platform/access';
import { catalogueText, safeFileName } from '../platform/excel';
import { downloadCaller } from '../platform/downloadCaller';
import type { SessionCache } from '../platform/sessionCache';
import type { JobDefinition } from '../platform/jobs';
import { defineOperation, type OperationDefinition } from '../platform/operations';
import { rowsOf } from '../platform/db/rowsOf';
import { invoiceForDocument } from './billingOperations';
import { invoiceBranding } from './billingDownloads';
import { renderInvoicePdf } from './invoicePdf';

// Invoice generation (issue 15; spec §7 "invoice billing task: invoice generation emails the result,
// ETA at most 30 minutes"): a user asks for an account's invoices of a month; a job draws each as a
// PDF into one ZIP, keeps it with the task and mails the requester a link; the portal follows the
// task's progress. Only the requester downloads the ZIP.

export const INVOICE_FILES_JOB = 'billing.invoice-files';
const INVOICES_READ = requirement('BILLING_INVOICES', ['Read']);
/** How many of the requester's tasks GetInvoiceGenerationTasks lists. */
const RECENT_TASKS = 5;

type TaskRow = typeof invoiceFileTasks.$inferSelect;

const taskOf = (row: TaskRow): InvoiceFileTask => ({
  TaskId: row.id,
  AccountId: row.accountId,
  IntervalId: row.intervalId,
  Status: row.status as InvoiceFileTask['Status'],
  InvoicesTotal: row.invoicesTotal,
  InvoicesDone: row.invoicesDone,
  EtaMinutes: INVOICE_GENERATION_ETA_MINUTES,
  MailFailed: row.mailFailed,
  DownloadUrl: row.status === 'Completed' ? invoiceFilesPath(row.id) : null,
  RequestedAt: row.requestedAt.toISOString(),
  FinishedAt: row.finishedAt?.toISOString() ?? null,
});

/** The invoices an account issued or received in a month, oldest number first. */
async function invoiceIdsOf(db: Database, accountId: number, intervalId: string): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`select id from invoices where interval_id = ${intervalId} and (seller_account_id = ${accountId} or payer_account_id = ${accountId}) order by seller_account_id, number`,
  );
  return rows.map((r) => r.id);
}

const requestInvoiceGeneration = defineOperation({
  service: 'IInvoiceBillingService',
  operation: 'RequestInvoiceGeneration',
  keepsSessions: true,
  summary: `Asks for the invoices an account in the caller's hierarchy issued or received in a month (accountId, intervalId \`YYYY-MM\`) as PDF files in one ZIP: a job prepares them and e-mails the caller a download link, within ${INVOICE_GENERATION_ETA_MINUTES} minutes at most. Answers the task; GetInvoiceGenerationTasks follows its progress. A month without invoices answers 400.`,
  request: requestInvoiceGenerationRequestSchema,
  response: invoiceFileTaskSchema,
  rule: INVOICES_READ,
  async handler(input, ctx) {
    const account = await requireAccountInHierarchy(ctx.db, ctx.caller, input.accountId, INVOICES_READ);
    const invoiceIds = await invoiceIdsOf(ctx.db, account.id, input.intervalId);
    if (invoiceIds.length === 0) throw new ApiError(400, 'billing_no_data');
    const [row] = await ctx.db
      .insert(invoiceFileTasks)
      .values({ accountId: account.id, intervalId: input.intervalId, requestedByAccountId: ctx.caller.userAccount.id, locale: ctx.locale, invoicesTotal: invoiceIds.length })
      .returning();
    await ctx.request.server.jobs.send(INVOICE_FILES_JOB, { taskId: row!.id }, { singletonKey: `invoice-files-${row!.id}` });
    return taskOf(row!);
  },
});

const getInvoiceGenerationTasks = defineOperation({
  service: 'IInvoiceBillingService',
  operation: 'GetInvoiceGenerationTasks',
  readOnly: true,
  summary: "The caller's recent invoice generation tasks for an account in its hierarchy (accountId), newest first, with their progress and — once Completed — the ZIP's DownloadUrl.",
  request: getInvoiceGenerationTasksRequestSchema,
  response: getInvoiceGenerationTasksResponseSchema,
  rule: INVOICES_READ,
  async handler(input, { db, caller }) {
    const account = await requireAccountInHierarchy(db, caller, input.accountId, INVOICES_READ);
    const rows = await db
      .select()
      .from(invoiceFileTasks)
      .where(and(eq(invoiceFileTasks.accountId, account.id), eq(invoiceFileTasks.requestedByAccountId, caller.userAccount.id)))
      .orderBy(desc(invoiceFileTasks.id))
      .limit(RECENT_TASKS);
    return { Tasks: rows.map(taskOf) };
  },
});

export const invoiceFileOperations: OperationDefinition[] = [requestInvoiceGeneration, getInvoiceGenerationTasks];

const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_all, key: string) => values[key] ?? '');

/** Draws the task's invoices into a ZIP, keeps it, mails the link. Idempotent: a Completed task is left as it is. */
async function buildInvoiceFiles(db: Database, config: ServerConfig, mailer: Mailer, taskId: number): Promise<void> {
  const [task] = await db.select().from(invoiceFileTasks).where(eq(invoiceFileTasks.id, taskId));
  if (!task || task.status === 'Completed') return;
  const locale: Locale = normalizeLocale(task.locale) ?? 'en';
  try {
    await db.update(invoiceFileTasks).set({ status: 'Running', invoicesDone: 0, error: null }).where(eq(invoiceFileTasks.id, taskId));
    const invoiceIds = await invoiceIdsOf(db, task.accountId, task.intervalId);
    const { default: JSZip } = await import('jszip');
    const zip = new JSZip();
    const branding = await invoiceBranding(db);
    for (const [index, invoiceId] of invoiceIds.entries()) {
      const invoice = await invoiceForDocument(db, invoiceId);
      if (invoice) zip.file(safeFileName(invoice.InvoiceNumber, 'pdf'), await renderInvoicePdf(invoice, locale, branding));
      await db.update(invoiceFileTasks).set({ invoicesDone: index + 1, invoicesTotal: invoiceIds.length }).where(eq(invoiceFileTasks.id, taskId));
    }
    const content = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    const [account] = await rowsOf<{ display_name: string }>(db, sql`select display_name from accounts where id = ${task.accountId}`);
    const fileName = safeFileName(`${catalogueText(locale, 'billing_files_name')}-${account?.display_name ?? task.accountId}-${task.intervalId}`, 'zip');
    await db.update(invoiceFileTasks).set({ status: 'Completed', content, fileName, finishedAt: new Date() }).where(eq(invoiceFileTasks.id, taskId));

    const [requester] = await db.select({ email: users.email, firstName: users.firstName }).from(users).where(eq(users.accountId, task.requestedByAccountId));
    const month = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${task.intervalId}-01T00:00:00Z`));
    const values = { name: requester?.firstName ?? '', month, account: account?.display_name ?? '', link: `${config.publicUrl}${invoiceFilesPath(taskId)}` };
    let mailFailed = !requester?.email;
    if (requester?.email) {
      await mailer.send({ to: requester.email, subject: fill(catalogueText(locale, 'billing_files_mail_subject'), values), text: fill(catalogueText(locale, 'billing_files_mail_body'), values) });
      const [sent] = await db.select({ error: mailOutbox.error }).from(mailOutbox).where(eq(mailOutbox.recipient, requester.email)).orderBy(desc(mailOutbox.id)).limit(1);
      mailFailed = Boolean(sent?.error);
    }
    if (mailFailed) await db.update(invoiceFileTasks).set({ mailFailed: true }).where(eq(invoiceFileTasks.id, taskId));
  } catch (error) {
    await db
      .update(invoiceFileTasks)
      .set({ status: 'Failed', error: error instanceof Error ? error.message.slice(0, 500) : String(error), finishedAt: new Date() })
      .where(eq(invoiceFileTasks.id, taskId));
    throw error;
  }
}

export function invoiceFileJobs(deps: { config: ServerConfig; mailer: Mailer }): JobDefinition[] {
  return [
    {
      name: INVOICE_FILES_JOB,
      // One job per task (its singletonKey): a second send of the same task is refused by the queue.
      policy: 'exclusive',
      pollingIntervalSeconds: 5,
      async handler(data, { db }) {
        await buildInvoiceFiles(db, deps.config, deps.mailer, (data as { taskId: number }).taskId);
      },
    },
  ];
}

/** `GET /billing/invoice-files/{taskId}`: the ZIP of a Completed task, to its requester only (others: 403). */
export function registerInvoiceFileRoutes(app: FastifyInstance, db: Database, config: ServerConfig, sessionCache: SessionCache): void {
  app.get<{ Params: { taskId: string } }>('/billing/invoice-files/:taskId', async (request, reply) => {
    const caller = await downloadCaller(db, config, request, sessionCache);
    if (!/^\d{1,9}$/.test(request.params.taskId)) throw accessDenied();
    const [task] = await db.select().from(invoiceFileTasks).where(eq(invoiceFileTasks.id, Number(request.params.taskId)));
    if (!task || task.requestedByAccountId !== caller.userAccount.id || task.status !== 'Completed' || !task.content) throw accessDenied();
    return reply
      .type('application/zip')
      .header('content-disposition', `attachment; filename="${task.fileName ?? 'invoices.zip'}"`)
      .header('cache-control', 'private, no-store')
      .send(task.content);
  });
}
