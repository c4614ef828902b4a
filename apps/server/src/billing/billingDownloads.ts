import { sql } from 'drizzle-orm';
import { requirement } from '@cmp/contracts/capabilities';
import { downloadInvoiceRequestSchema, exportOnlineBillRequestSchema, invoiceDownloadSchema, type OnlineBillLine } from '@cmp/contracts/billing';
import { fileDownloadSchema } from '@cmp/contracts/users';
import type { Database } from '../platform/db/database';
import { accessDenied } from '../platform/errors';
import { requireAccountInHierarchy } from '../platform/access';
import { catalogueText, safeFileName, workbookDownload, type ExcelColumn } from '../platform/excel';
import { readStoredFile } from '../platform/files';
import { lastDayBefore } from '../platform/dates';
import { defineOperation, type OperationDefinition } from '../platform/operations';
import { loadPlatformBranding } from '../branding/brandingRoutes';
import { rowsOf } from '../platform/db/rowsOf';
import { readInvoice } from './billingOperations';
import { billLine, onlineBillLines, type BillLineRow } from './billingQueries';
import { renderInvoicePdf, type InvoiceBranding } from './invoicePdf';
import { partyOf } from './parties';
import { sellsToOthers } from '../platform/sellerSide';

// Billing downloads (issue 15): an invoice as a PDF (DownloadInvoice) and an interval's online bill
// as an Excel workbook (ExportOnlineBill), in DESIGN.md's download shape {FileName, ContentType,
// ContentBase64}, with the same capability and hierarchy checks as the screens that offer them.

const INVOICES_READ = requirement('BILLING_INVOICES', ['Read']);
const ONLINE_BILL_READ = requirement('BILLING_ONLINE_BILL', ['Read']);
/** An export holds at most this many lines (a month of a large reseller fits many times over). */
const MAX_EXPORT_LINES = 100_000;

/** The platform owner's title, colour and logo as PDFKit can draw it (an SVG logo is turned into a PNG). */
export async function invoiceBranding(db: Database): Promise<InvoiceBranding> {
  const branding = await loadPlatformBranding(db);
  const file = branding.logo ? await readStoredFile(db, `branding/${branding.logo}`) : undefined;
  let logo: Buffer | null = null;
  if (file) {
    if (/png|jpe?g/.test(file.contentType)) logo = file.data;
    else if (file.contentType.includes('svg')) {
      const { default: sharp } = await import('sharp');
      logo = await sharp(file.data).resize({ height: 96 }).png().toBuffer();
    }
  }
  return { title: branding.title, primaryColor: branding.colors.primary, logo };
}

const downloadInvoice = defineOperation({
  service: 'IInvoiceBillingService',
  operation: 'DownloadInvoice',
  readOnly: true,
  summary:
    "An invoice or credit note (invoiceId) the caller's hierarchy issued or received, as a PDF document in the caller's language ({FileName, ContentType application/pdf, ContentBase64}): the branding's logo and colour, seller and buyer with address and VAT id, lines, tax and totals.",
  request: downloadInvoiceRequestSchema,
  response: invoiceDownloadSchema,
  rule: INVOICES_READ,
  async handler(input, { db, caller, locale }) {
    const invoice = await readInvoice(db, caller, input.invoiceId);
    const pdf = await renderInvoicePdf(invoice, locale, await invoiceBranding(db));
    return { FileName: safeFileName(invoice.InvoiceNumber, 'pdf'), ContentType: 'application/pdf', ContentBase64: pdf.toString('base64') };
  },
});

const exportOnlineBill = defineOperation({
  service: 'IAccountService',
  operation: 'ExportOnlineBill',
  readOnly: true,
  summary:
    "The online bill of an account in the caller's hierarchy for a month (accountId, billingInterval `YYYY-MM`, hideIndirectPayments, groupByCustomers: the lines sorted by customer) as an Excel workbook ({FileName, ContentType, ContentBase64}): every line with its kind, seller, customer, service, reason, days, quantity, prices, amount and — on the seller's side — purchase amount and margin.",
  request: exportOnlineBillRequestSchema,
  response: fileDownloadSchema,
  rule: ONLINE_BILL_READ,
  async handler(input, { db, caller, locale }) {
    const account = await requireAccountInHierarchy(db, caller, input.accountId, ONLINE_BILL_READ);
    if (!(await partyOf(db, account.id))) throw accessDenied();
    const order = input.groupByCustomers ? sql`b.customer_name, b.line_id` : sql`b.line_id`;
    const rows = await rowsOf<BillLineRow>(
      db,
      sql`select b.* from (${onlineBillLines(account, input.billingInterval, input.hideIndirectPayments)}) b order by ${order} limit ${MAX_EXPORT_LINES}`,
    );
    const callerSells = sellsToOthers(caller);
    const lines = rows.map((row) => billLine(row, account.id, callerSells));
    const number = (value: string | null) => (value === null ? null : Number(value));
    const columns: ExcelColumn<OnlineBillLine>[] = [
      { titleKey: 'billing_direction', width: 14, value: (l) => catalogueText(locale, `billing_direction_${l.Direction}`) },
      { titleKey: 'billing_invoice_number', width: 18, value: (l) => l.InvoiceNumber },
      { titleKey: 'billing_seller', width: 24, value: (l) => l.SellerName },
      { titleKey: 'billing_customer', width: 24, value: (l) => l.CustomerName },
      { titleKey: 'billing_description', width: 32, value: (l) => l.Description },
      { titleKey: 'billing_reason', width: 24, value: (l) => catalogueText(locale, `billing_reason_${l.Reason}`) },
      { titleKey: 'billing_period_start', width: 12, value: (l) => l.PeriodStart },
      // The days billed end the day before PeriodEnd (exclusive in the API).
      { titleKey: 'billing_period_end', width: 12, value: (l) => lastDayBefore(l.PeriodEnd) },
      { titleKey: 'billing_quantity', width: 10, value: (l) => l.Quantity },
      { titleKey: 'billing_unit_price', width: 14, value: (l) => number(l.UnitPrice) },
      { titleKey: 'billing_amount', width: 14, value: (l) => number(l.Amount) },
      { titleKey: 'billing_currency', width: 10, value: (l) => l.Currency },
      { titleKey: 'billing_price_rule', width: 28, value: (l) => l.PriceRule },
      // A buyer's workbook has no purchase amount or margin column (issue 30: platform/sellerSide.ts).
      ...(callerSells
        ? ([
            { titleKey: 'billing_purchase_amount', width: 16, value: (l) => number(l.PurchaseAmount ?? null) },
            { titleKey: 'billing_margin', width: 14, value: (l) => number(l.Margin ?? null) },
          ] satisfies ExcelColumn<OnlineBillLine>[])
        : []),
    ];
    return workbookDownload(locale, { baseName: `${catalogueText(locale, 'billing_online_bill')}-${account.displayName}-${input.billingInterval}`, sheetTitleKey: 'billing_online_bill', columns, rows: lines });
  },
});

export const billingDownloadOperations: OperationDefinition[] = [downloadInvoice, exportOnlineBill];
