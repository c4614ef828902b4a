import nodemailer, { type Transporter } from 'nodemailer';
import { eq, sql } from 'drizzle-orm';
import { statementOnce } from './db/statementOnce';
import type { Database } from './db/database';
import { mailOutbox, mailOutboxAttachments } from './db/schema';

export interface MailAttachment {
  fileName: string;
  contentType: string;
  content: Buffer;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Files sent with the mail (a quote's PDF); kept with the outbox row. */
  attachments?: MailAttachment[];
}

export interface Mailer {
  /** Records the mail in the outbox and, with SMTP_URL, sends it; a failed send is recorded, never thrown. */
  send(message: MailMessage): Promise<void>;
  /**
   * Sends, with SMTP_URL, a mail whose outbox row the caller's transaction wrote with the change it
   * tells of (an order's, outboxValuesOf) — after that commit — and records the outcome on the row;
   * without SMTP_URL the row is the mail. A failed send is recorded, never thrown.
   */
  deliver(mailId: number, message: MailMessage): Promise<void>;
}

/** A mail's outbox row as a caller's own statement writes it (no attachments). */
export const outboxValuesOf = (message: MailMessage) => ({ recipient: message.to, subject: message.subject, textBody: message.text });

const MAIL_FROM = 'Cloud Marketplace <no-reply@marketplace.local>';

/** nodemailer's shape of the files a mail carries. */
const attachmentsField = (attachments: readonly MailAttachment[]) =>
  attachments.length ? { attachments: attachments.map((file) => ({ filename: file.fileName, contentType: file.contentType, content: file.content })) } : {};

/** A mail's outbox row (built once, statementOnce.ts: placing an order writes one). */
const outboxInsert = statementOnce((q) =>
  q
    .insert(mailOutbox)
    .values({ recipient: sql.placeholder('recipient'), subject: sql.placeholder('subject'), textBody: sql.placeholder('textBody') } satisfies Record<keyof ReturnType<typeof outboxValuesOf>, unknown>)
    .returning({ id: mailOutbox.id }),
);

/**
 * DESIGN.md "mail": nodemailer to a real SMTP server with SMTP_URL; without it the mail stays in
 * the outbox table for an administrator to read. Sending happens after the caller's transaction,
 * so a slow or broken mail server never holds a database transaction open.
 */
export function createMailer(db: Database, smtpUrl: string | undefined, from = MAIL_FROM): Mailer {
  const transport: Transporter | undefined = smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined;
  const deliver = async (mailId: number, message: MailMessage): Promise<void> => {
    if (!transport) return;
    try {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...attachmentsField(message.attachments ?? []),
      });
      await db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, mailId));
    } catch (error) {
      await db.update(mailOutbox).set({ error: String((error as Error).message).slice(0, 1000) }).where(eq(mailOutbox.id, mailId));
    }
  };
  return {
    async send(message) {
      const [row] = await outboxInsert(db, outboxValuesOf(message));
      const attachments = message.attachments ?? [];
      if (attachments.length) await db.insert(mailOutboxAttachments).values(attachments.map((file) => ({ mailId: row!.id, ...file })));
      await deliver(row!.id, message);
    },
    deliver,
  };
}

/**
 * Sends a mail of the outbox again through SMTP_URL (the admin console's resend, issue 17) and
 * records the outcome on its row. Unlike Mailer.send a failure is thrown: the job that calls this
 * fails with the mail server's error, and pg-boss retries it.
 */
export async function deliverOutboxMail(db: Database, smtpUrl: string, mailId: number, from = MAIL_FROM): Promise<void> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, mailId)).limit(1);
  // Sent meanwhile (a repeated job): nothing more to do.
  if (!row || row.sentAt) return;
  // Sent again as first sent: with its files (a quote's PDF).
  const attachments = await db
    .select({ fileName: mailOutboxAttachments.fileName, contentType: mailOutboxAttachments.contentType, content: mailOutboxAttachments.content })
    .from(mailOutboxAttachments)
    .where(eq(mailOutboxAttachments.mailId, mailId))
    .orderBy(mailOutboxAttachments.id);
  const transport = nodemailer.createTransport(smtpUrl);
  try {
    await transport.sendMail({ from, to: row.recipient, subject: row.subject, text: row.textBody, ...(row.htmlBody ? { html: row.htmlBody } : {}), ...attachmentsField(attachments) });
  } catch (error) {
    await db.update(mailOutbox).set({ error: String((error as Error).message).slice(0, 1000) }).where(eq(mailOutbox.id, mailId));
    throw error;
  } finally {
    transport.close();
  }
  await db.update(mailOutbox).set({ sentAt: new Date(), error: null }).where(eq(mailOutbox.id, mailId));
}
