import { startSmtpReceiver, type ReceivedMail } from '../apps/server/src/test/smtpReceiver';
import { SMTP_PORT } from './playwright.config';

/** The SMTP receiver on the port the e2e server mails to; specs read links and codes from it. */
export async function openMailbox(): Promise<{ waitFor(to: string, after?: number): Promise<ReceivedMail & { text: string }>; count(): number; close(): Promise<void> }> {
  const receiver = await startSmtpReceiver(SMTP_PORT);
  return {
    count: () => receiver.mails.length,
    async waitFor(to, after = 0) {
      const mail = await receiver.waitFor((m) => receiver.mails.indexOf(m) >= after && m.to.includes(to));
      return { ...mail, text: mail.raw };
    },
    close: receiver.close,
  };
}
