import { createRequire } from 'node:module';
import { and, eq } from 'drizzle-orm';
import { isAllowed } from '@cmp/contracts/capabilities';
import { normalizeLocale, type Locale } from '@cmp/contracts/locales';
import type { QuoteDetail } from '@cmp/contracts/salesQuotes';
import type { Database } from '../platform/db/database';
import { accounts, users } from '../platform/db/schema';
import { translateMessage, type MessageKey } from '../platform/i18n/messages';
import type { Mailer } from '../platform/mail';
import { loadCapabilitiesOfUsers } from '../platform/session';
import { QUOTE_DECIDE } from './quoteAccess';

// A sent quote reaches the customer as an e-mail with the quote as a PDF (issue 17), drawn with
// PDFKit in DejaVu Sans as invoices are (billing/invoicePdf.ts: its glyphs cover all 15 languages),
// in each recipient's language. Amounts are printed as the decimal strings the quote stores.

const require = createRequire(import.meta.url);
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');
const MARGIN = 48;
const CONTENT_WIDTH = 595.28 - 2 * MARGIN;
const COLUMNS = [
  { key: 'service', width: 0.32, align: 'left' },
  { key: 'quantity', width: 0.1, align: 'right' },
  { key: 'term', width: 0.16, align: 'left' },
  { key: 'list_value', width: 0.16, align: 'right' },
  { key: 'discount', width: 0.1, align: 'right' },
  { key: 'value', width: 0.16, align: 'right' },
] as const;

const text = (locale: Locale, key: string) => translateMessage(locale, `mail_quote_pdf_${key}` as MessageKey);

/** A line's term as the customer reads it: "1 month, Monthly", in the quote's language. */
export const termText = (locale: Locale, commitment: string, billingFrequency: string): string => `${text(locale, `commitment_${commitment}`)}, ${text(locale, `frequency_${billingFrequency}`)}`;
const amount = (value: string, currency: string) => `${value} ${currency}`;
const day = (locale: Locale, iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${iso.slice(0, 10)}T00:00:00Z`));

export async function renderQuotePdf(quote: QuoteDetail, locale: Locale): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const title = `${text(locale, 'title')} ${quote.QuoteId}`;
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: `${title}: ${quote.Name}`, Author: quote.SellerName } });
  doc.registerFont('body', FONT);
  doc.registerFont('bold', FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('bold').fontSize(20).fillColor('#1867c0').text(title, { width: CONTENT_WIDTH });
  doc.font('bold').fontSize(13).fillColor('#222').text(quote.Name, { width: CONTENT_WIDTH });
  doc.moveDown(0.5).font('body').fontSize(10);
  doc.text(`${text(locale, 'seller')}: ${quote.SellerName}`);
  doc.text(`${text(locale, 'customer')}: ${quote.CustomerName}`);
  doc.text(`${text(locale, 'valid_until')}: ${day(locale, quote.ValidUntil)}`);
  doc.moveDown();

  const row = (cells: string[], bold = false) => {
    const top = doc.y;
    let x = MARGIN;
    let bottom = top;
    COLUMNS.forEach((column, i) => {
      const width = column.width * CONTENT_WIDTH;
      doc.font(bold ? 'bold' : 'body').fontSize(9).fillColor('#222').text(cells[i] ?? '', x + 2, top, { width: width - 4, align: column.align });
      bottom = Math.max(bottom, doc.y);
      x += width;
    });
    doc.y = bottom + 4;
    doc.x = MARGIN;
  };
  row(COLUMNS.map((column) => text(locale, column.key)), true);
  for (const line of quote.Lines) {
    row([line.DisplayName, String(line.Quantity), termText(locale, line.Commitment, line.BillingFrequency), amount(line.ListValue, quote.Currency), `${line.DiscountPercent} %`, amount(line.Value, quote.Currency)]);
  }
  doc.moveDown();
  doc.font('body').fontSize(10).text(`${text(locale, 'subtotal')}: ${amount(quote.SubTotal, quote.Currency)}`, { width: CONTENT_WIDTH, align: 'right' });
  doc.text(`${text(locale, 'discount')}: ${amount(quote.Discount, quote.Currency)}`, { width: CONTENT_WIDTH, align: 'right' });
  doc.font('bold').fontSize(12).text(`${text(locale, 'total')}: ${amount(quote.Total, quote.Currency)}`, { width: CONTENT_WIDTH, align: 'right' });
  doc.moveDown().font('body').fontSize(8).fillColor('#555').text(text(locale, 'note'), { width: CONTENT_WIDTH });
  if (quote.Terms.trim()) {
    doc.moveDown().font('bold').fontSize(10).fillColor('#222').text(text(locale, 'terms'));
    doc.font('body').fontSize(9).text(quote.Terms, { width: CONTENT_WIDTH });
  }
  doc.end();
  return done;
}

/** The customer's users who can decide quotes: the company's own active users with an e-mail and Quotation Tool (or Sales Quote) Execute. */
async function quoteRecipients(db: Database, customerAccountId: number) {
  const candidates = await db
    .select({ accountId: users.accountId, email: users.email, firstName: users.firstName, username: users.username, locale: users.locale })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(and(eq(accounts.parentId, customerAccountId), eq(accounts.state, 'Active')));
  const capabilities = await loadCapabilitiesOfUsers(
    db,
    candidates.map((user) => user.accountId),
  );
  return candidates.filter((user) => user.email && isAllowed(capabilities.get(user.accountId) ?? [], QUOTE_DECIDE));
}

/** After the quote was sent (outside its transaction): one mail with the PDF to each recipient, in their language. */
export async function mailSentQuote(db: Database, mailer: Mailer, quote: QuoteDetail): Promise<void> {
  for (const user of await quoteRecipients(db, quote.CustomerAccountId)) {
    const locale = normalizeLocale(user.locale ?? '') ?? 'en';
    const params = {
      recipient: user.firstName || user.username,
      quoteId: String(quote.QuoteId),
      name: quote.Name,
      seller: quote.SellerName,
      customer: quote.CustomerName,
      total: amount(quote.Total, quote.Currency),
      validUntil: day(locale, quote.ValidUntil),
    };
    await mailer.send({
      to: user.email,
      subject: translateMessage(locale, 'mail_quote_sent_subject', params),
      text: translateMessage(locale, 'mail_quote_sent_body', params),
      attachments: [{ fileName: `quote-${quote.QuoteId}.pdf`, contentType: 'application/pdf', content: await renderQuotePdf(quote, locale) }],
    });
  }
}
