import nodemailer, { type Transporter } from 'nodemailer';
import { eq } from 'drizzle-orm';
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
}

/**
 * DESIGN.md "mail": nodemailer to a real SMTP server with SMTP_URL; without it the mail stays in
 * the outbox table for an administrator to read. Sending happens after the caller's transaction,
 * so a slow or broken mail server never holds a database transaction open.
 */
export function createMailer(db: Database, smtpUrl: string | undefined, from = 'Cloud Marketplace <no-reply@marketplace.local>'): Mailer {
  const transport: Transporter | undefined = smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined;
  return {
    async send(message) {
      const [row] = await db
        .insert(mailOutbox)
        .values({ recipient: message.to, subject: message.subject, textBody: message.text })
        .returning({ id: mailOutbox.id });
      const attachments = message.attachments ?? [];
      if (attachments.length) await db.insert(mailOutboxAttachments).values(attachments.map((file) => ({ mailId: row!.id, ...file })));
      if (!transport) return;
      try {
        await transport.sendMail({
          from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(attachments.length ? { attachments: attachments.map((file) => ({ filename: file.fileName, contentType: file.contentType, content: file.content })) } : {}),
        });
        await db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, row!.id));
      } catch (error) {
        await db.update(mailOutbox).set({ error: String((error as Error).message).slice(0, 1000) }).where(eq(mailOutbox.id, row!.id));
      }
    },
  };
}
