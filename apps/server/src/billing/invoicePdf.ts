import { createRequire } from 'node:module';
import type { Invoice } from '@cmp/contracts/billing';
import type { Locale } from '@cmp/contracts/locales';
import { catalogueText } from '../platform/excel';
import { lastDayBefore } from '../platform/dates';

// An invoice as a PDF document (issue 15 "Invoice documents"): the branding's logo and colour, seller
// and buyer with addresses and VAT ids, the lines, tax and totals, in the reader's language. Drawn
// with PDFKit in DejaVu Sans, whose glyphs cover the Latin and Cyrillic scripts of all 15 languages
// (the PDF standard fonts know only Western European letters).

const require = createRequire(import.meta.url);
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

export interface InvoiceBranding {
  title: string;
  /** Hex without '#', e.g. 1867c0. */
  primaryColor: string;
  /** A PNG or JPEG of the logo, when the branding has one. */
  logo: Buffer | null;
}

const MARGIN = 48;
const PAGE_WIDTH = 595.28; // A4 in points
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;

/** Columns of the lines table: share of the width and alignment. */
const COLUMNS = [
  { key: 'billing_description', width: 0.3, align: 'left' },
  { key: 'billing_period', width: 0.22, align: 'left' },
  { key: 'billing_quantity', width: 0.12, align: 'right' },
  { key: 'billing_unit_price', width: 0.17, align: 'right' },
  { key: 'billing_amount', width: 0.19, align: 'right' },
] as const;

export async function renderInvoicePdf(invoice: Invoice, locale: Locale, brand: InvoiceBranding): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const text = (key: string) => catalogueText(locale, key);
  const money = (amount: string) => new Intl.NumberFormat(locale, { style: 'currency', currency: invoice.Currency }).format(Number(amount));
  const unit = (amount: string) => new Intl.NumberFormat(locale, { style: 'currency', currency: invoice.Currency, maximumFractionDigits: 6 }).format(Number(amount));
  const day = (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
  // A line's and the invoice's period end is exclusive: people read the last day billed.
  const period = (start: string, end: string) => (lastDayBefore(end) <= start ? day(start) : `${day(start)} – ${day(lastDayBefore(end))}`);
  const country = (code: string | null) => (code ? (new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code) : '');
  const color = `#${/^[0-9a-f]{6}$/i.test(brand.primaryColor) ? brand.primaryColor : '1867c0'}`;
  const heading = text(invoice.Kind === 'CreditNote' ? 'billing_credit_note' : 'billing_invoice');

  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, bufferPages: true, info: { Title: `${heading} ${invoice.InvoiceNumber}`, Author: invoice.SellerName, Creator: brand.title } });
  doc.registerFont('body', FONT);
  doc.registerFont('bold', FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  // Header: logo left, the document's name and number right.
  if (brand.logo) {
    try {
      doc.image(brand.logo, MARGIN, MARGIN, { fit: [160, 48] });
    } catch {
      // A logo PDFKit cannot read leaves the header without it rather than the invoice undelivered.
    }
  }
  doc.font('bold').fontSize(20).fillColor(color).text(heading, MARGIN, MARGIN, { width: CONTENT_WIDTH, align: 'right' });
  doc.font('body').fontSize(10).fillColor('#222').text(invoice.InvoiceNumber, { width: CONTENT_WIDTH, align: 'right' });
  doc.text(`${text('billing_issued')}: ${day(invoice.IssuedAt.slice(0, 10))}`, { width: CONTENT_WIDTH, align: 'right' });
  doc.text(`${text('billing_period')}: ${period(invoice.PeriodStart, invoice.PeriodEnd)}`, { width: CONTENT_WIDTH, align: 'right' });

  // The parties side by side.
  const partiesTop = Math.max(doc.y, MARGIN + 56) + 18;
  const party = (x: string, name: string, address: string, countryCode: string | null, vatId: string | null, left: number) => {
    doc.font('bold').fontSize(9).fillColor(color).text(x.toUpperCase(), left, partiesTop, { width: CONTENT_WIDTH / 2 - 12 });
    doc.font('bold').fontSize(11).fillColor('#222').text(name, { width: CONTENT_WIDTH / 2 - 12 });
    doc.font('body').fontSize(10);
    for (const line of [...address.split('\n').filter(Boolean), country(countryCode), vatId ? `${text('billing_vat_id')}: ${vatId}` : '']) {
      if (line) doc.text(line, { width: CONTENT_WIDTH / 2 - 12 });
    }
    return doc.y;
  };
  const sellerBottom = party(text('billing_seller'), invoice.SellerName, invoice.SellerAddress, invoice.SellerCountry, invoice.SellerVatId, MARGIN);
  const buyerBottom = party(text('billing_buyer'), invoice.BuyerName, invoice.BuyerAddress, invoice.BuyerCountry, invoice.BuyerVatId, MARGIN + CONTENT_WIDTH / 2);
  let y = Math.max(sellerBottom, buyerBottom) + 24;

  // The lines.
  const cell = (value: string, column: (typeof COLUMNS)[number], x: number, top: number, font: 'body' | 'bold') =>
    doc.font(font).text(value, x + 4, top, { width: column.width * CONTENT_WIDTH - 8, align: column.align });
  const headerRow = () => {
    // As tall as its longest title wraps to (some languages' words for "quantity" are long).
    doc.font('bold').fontSize(9);
    const height = Math.max(...COLUMNS.map((column) => doc.heightOfString(text(column.key), { width: column.width * CONTENT_WIDTH - 8 }))) + 12;
    doc.rect(MARGIN, y, CONTENT_WIDTH, height).fill(color);
    doc.fillColor('#fff');
    let x = MARGIN;
    for (const column of COLUMNS) {
      cell(text(column.key), column, x, y + 6, 'bold');
      x += column.width * CONTENT_WIDTH;
    }
    doc.fillColor('#222');
    y += height + 4;
  };
  headerRow();
  doc.fontSize(9);
  for (const [index, line] of invoice.Lines.entries()) {
    const values = [`${line.Description}\n${text(`billing_reason_${line.Reason}`)}`, period(line.PeriodStart, line.PeriodEnd), String(line.Quantity), unit(line.UnitPrice), money(line.Amount)];
    const height = Math.max(...values.map((value, i) => doc.heightOfString(value, { width: COLUMNS[i]!.width * CONTENT_WIDTH - 8 }))) + 6;
    if (y + height > doc.page.height - MARGIN - 40) {
      doc.addPage();
      y = MARGIN;
      headerRow();
      doc.fontSize(9);
    }
    if (index % 2 === 1) doc.rect(MARGIN, y - 2, CONTENT_WIDTH, height).fill('#f3f5f8').fillColor('#222');
    let x = MARGIN;
    for (const [i, column] of COLUMNS.entries()) {
      cell(values[i]!, column, x, y + 1, 'body');
      x += column.width * CONTENT_WIDTH;
    }
    y += height;
  }

  // Totals, right-aligned under the amounts.
  if (y > doc.page.height - MARGIN - 120) {
    doc.addPage();
    y = MARGIN;
  }
  y += 8;
  doc.moveTo(MARGIN + CONTENT_WIDTH * 0.5, y).lineTo(MARGIN + CONTENT_WIDTH, y).strokeColor('#999').stroke();
  y += 8;
  const rate = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(Number(invoice.TaxRate));
  const totals: [string, string, 'body' | 'bold'][] = [
    [text('billing_subtotal'), money(invoice.Subtotal), 'body'],
    [`${text('billing_tax')} ${rate}`, money(invoice.TaxAmount), 'body'],
    [text('billing_total'), money(invoice.Total), 'bold'],
  ];
  doc.fontSize(10);
  for (const [label, value, font] of totals) {
    doc.font(font).text(label, MARGIN + CONTENT_WIDTH * 0.5, y, { width: CONTENT_WIDTH * 0.28 });
    doc.font(font).text(value, MARGIN + CONTENT_WIDTH * 0.78, y, { width: CONTENT_WIDTH * 0.22, align: 'right' });
    y += 16;
  }
  if (invoice.ReverseCharge) {
    doc.font('body').fontSize(9).fillColor('#222').text(text('billing_reverse_charge'), MARGIN, y + 12, { width: CONTENT_WIDTH });
  }

  // Page numbers on every page, in the bottom margin (which PDFKit would otherwise answer with a new page).
  const range = doc.bufferedPageRange();
  for (let page = range.start; page < range.start + range.count; page += 1) {
    doc.switchToPage(page);
    doc.page.margins.bottom = 0;
    doc.font('body').fontSize(8).fillColor('#777').text(`${invoice.InvoiceNumber} · ${text('billing_page')} ${page + 1}/${range.count}`, MARGIN, doc.page.height - MARGIN + 10, {
      width: CONTENT_WIDTH,
      align: 'center',
      lineBreak: false,
    });
  }
  doc.end();
  return done;
}
