import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { requirement, type CapabilityFlag } from '@cmp/contracts/capabilities';
import {
  billingRunSchema,
  getBillingRunsRequestSchema,
  getBillingRunsResponseSchema,
  getIntervalsRequestSchema,
  getIntervalsResponseSchema,
  getInvoiceRequestSchema,
  getInvoicesRequestSchema,
  getInvoicesResponseSchema,
  getOnlineBillRequestSchema,
  getOnlineBillResponseSchema,
  invoiceSchema,
  runBillingRequestSchema,
  type BillingInterval,
  type Invoice,
} from '@cmp/contracts/billing';
import type { Queryable } from '../platform/db/database';
import { ApiError, accessDenied } from '../platform/errors';
import { auditAccountChange } from '../platform/audit';
import { requireAccountInHierarchy, callerScopePath } from '../platform/access';
import { withIdempotency } from '../platform/idempotency';
import { defineOperation, type OperationDefinition } from '../platform/operations';
import type { CallerSession } from '../platform/session';
import { rowsOf } from '../platform/db/rowsOf';
import { addMonthsToDay as addMonths, formatDay, HOUR_MS, utcDayOf } from '../platform/dates';
import { intervalContaining, intervalOf, localDay } from './calendar';
import { ActiveBillingRunError, createBillingRun, lastEndedInterval, sendBillingRunJob } from './billingRun';
import { partyOf } from './parties';
import {
  INVOICE_COLUMNS,
  amountText,
  billCustomers,
  billLine,
  billTotals,
  billingRunOf,
  invoiceSummary,
  listBillingRuns,
  listInvoices,
  onlineBillLines,
  pageOfBill,
  type InvoiceRow,
} from './billingQueries';
import { isOnSellerSide, priceRuleLabelSeenBy, sellsToOthers } from '../platform/sellerSide';

// IInvoiceBillingService and the online bill of IAccountService (issue 15; spec §7): billing runs,
// invoices, intervals and online bills — every one checked against the caller's capability and
// hierarchy; a foreign or missing account or invoice answers the same 403.

const RUN_OPERATION = 'IInvoiceBillingService/RunBilling';
const runRule = (flag: CapabilityFlag) => requirement('BILLING_RUN', [flag]);
const INVOICES_READ = requirement('BILLING_INVOICES', ['Read']);
const ONLINE_BILL_READ = requirement('BILLING_ONLINE_BILL', ['Read']);
/** GetIntervals lists at most three years of months. */
const MAX_INTERVALS = 36;

const runBilling = defineOperation({
  service: 'IInvoiceBillingService',
  operation: 'RunBilling',
  summary:
    "Starts a billing run for a month that is over (intervalId `YYYY-MM`; default the month that ended last) over the payers of an account in the caller's hierarchy (accountId; default the caller's whole hierarchy): its companies, billed by their reseller, and at every level of the chain its resellers, billed by their own seller for what their customers' lines cost them once everything below them is billed and the month is over everywhere (UTC−12), and the platform owner, billed by each vendor. Answers the run (Status Running); GetBillingRuns follows it. One run per account and month at a time: while one is Running or Interrupted, another answers 409 naming it. Exactly once: a payer's month already billed is left as it is, so a re-run creates nothing. Send an Idempotency-Key header to make a retry safe.",
  request: runBillingRequestSchema,
  response: billingRunSchema,
  rule: runRule('Execute'),
  async handler(input, ctx) {
    const scope = input.accountId === undefined ? ctx.caller.companyAccount : await requireAccountInHierarchy(ctx.db, ctx.caller, input.accountId, runRule('Execute'));
    const interval = input.intervalId ? intervalOf(input.intervalId) : lastEndedInterval();
    // Over somewhere on Earth at least (UTC+14): a payer still inside it is left for a later run.
    if (interval.end > utcDayOf(new Date(Date.now() + 14 * HOUR_MS))) throw new ApiError(400, 'billing_interval_open', { intervalId: interval.id });
    const isTop = ctx.caller.companyAccount.parentId === null && input.accountId === undefined;
    const run = await withIdempotency(ctx, RUN_OPERATION, input, async (tx) => {
      const runId = await createBillingRun(tx, { intervalId: interval.id, scopeAccountId: isTop ? null : scope.id, startedByAccountId: ctx.caller.userAccount.id }).catch((error: unknown) => {
        // One run per scope and month at a time (issue 30): the second caller is told which one runs.
        if (error instanceof ActiveBillingRunError) throw activeRunConflict(interval.id, error.run);
        throw error;
      });
      await auditAccountChange(tx, ctx, 'BillingRunStarted', scope, { IntervalId: interval.id, BillingRunId: runId });
      const { rows } = await listBillingRuns(tx, { path: '/', isTop: true }, 0, 1, runId);
      return billingRunOf(rows[0]!);
    });
    // After the commit: the job finds the run. A lost send is harmless — the daily sweep bills the month.
    await sendBillingRunJob((name, data, options) => ctx.request.server.jobs.send(name, data, options), run.BillingRunId);
    return run;
  },
});

/** 409 naming the run that holds the scope and month: its id and start (UTC, to the minute). */
const activeRunConflict = (intervalId: string, run: { id: number; startedAt: Date }) =>
  new ApiError(409, 'billing_run_active', { intervalId, billingRunId: String(run.id), startedAt: `${run.startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC` });

const getBillingRuns = defineOperation({
  service: 'IInvoiceBillingService',
  operation: 'GetBillingRuns',
  readOnly: true,
  summary: "The billing runs over an account in the caller's hierarchy (accountId; default all the caller may see), newest first, with their progress (PayersDone of PayersTotal) and the invoices they created.",
  request: getBillingRunsRequestSchema,
  response: getBillingRunsResponseSchema,
  rule: runRule('Read'),
  async handler(input, { db, caller }) {
    const account = input.accountId === undefined ? caller.companyAccount : await requireAccountInHierarchy(db, caller, input.accountId, runRule('Read'));
    const { rows, total } = await listBillingRuns(db, { path: account.path, isTop: account.parentId === null }, input.page, input.pageSize);
    return { BillingRuns: rows.map(billingRunOf), Total: total };
  },
});

const getInvoices = defineOperation({
  service: 'IInvoiceBillingService',
  operation: 'GetInvoices',
  readOnly: true,
  summary:
    "The invoices and credit notes an account in the caller's hierarchy issued or received (accountId; side Sales or Purchases; intervalId `YYYY-MM`), sorted (sortBy Number, IssuedAt, Buyer, Seller, Total; sortDirection) and paged (page from 0, pageSize).",
  request: getInvoicesRequestSchema,
  response: getInvoicesResponseSchema,
  rule: INVOICES_READ,
  async handler(input, { db, caller }) {
    const account = await requireAccountInHierarchy(db, caller, input.accountId, INVOICES_READ);
    const { rows, total } = await listInvoices(db, { ...input, accountId: account.id });
    return { Invoices: rows.map(invoiceSummary), Total: total };
  },
});

/** The caller may see an invoice it (or an account below it) sold or bought; the seller's side also sees costs and margins. */
/** An invoice's row with what GetInvoice shows of it; undefined when there is none. */
async function invoiceRow(db: Queryable, invoiceId: number): Promise<(InvoiceRow & Record<string, unknown>) | undefined> {
  const [row] = await rowsOf<InvoiceRow & Record<string, unknown>>(
    db,
    sql`select ${INVOICE_COLUMNS}, pa.path as payer_path, i.period_start, i.period_end, i.tax_rate::text as tax_rate, i.reverse_charge,
          i.seller_country, i.seller_vat_id, i.seller_address, i.buyer_country, i.buyer_vat_id, i.buyer_address
        from invoices i join accounts sa on sa.id = i.seller_account_id join accounts pa on pa.id = i.payer_account_id where i.id = ${invoiceId}`,
  );
  return row;
}

async function requireInvoice(db: Queryable, caller: CallerSession, invoiceId: number): Promise<{ row: InvoiceRow & Record<string, unknown>; sellerSide: boolean }> {
  const row = await invoiceRow(db, invoiceId);
  if (!row) throw accessDenied();
  const scope = await callerScopePath(db, caller, INVOICES_READ);
  const inSellersScope = row.seller_path.startsWith(scope);
  if (!inSellersScope && !String(row.payer_path).startsWith(scope)) throw accessDenied();
  // A company whose HIERARCHY capability reaches its reseller's scope reads the invoice, still as its buyer (platform/sellerSide.ts).
  return { row, sellerSide: inSellersScope && isOnSellerSide(caller, { path: row.seller_path }) };
}

const getInvoice = defineOperation({
  service: 'IInvoiceBillingService',
  operation: 'GetInvoice',
  readOnly: true,
  summary: "One invoice or credit note (invoiceId) the caller's hierarchy issued or received: parties, period, lines with the price, the rule that priced it and — for the seller's side — purchase price and margin, tax (rate, reverse charge) and totals.",
  request: getInvoiceRequestSchema,
  response: invoiceSchema,
  rule: INVOICES_READ,
  async handler(input, { db, caller }) {
    return readInvoice(db, caller, input.invoiceId);
  },
});

/** The invoice as GetInvoice answers it (and DownloadInvoice draws it). */
export async function readInvoice(db: Queryable, caller: CallerSession, invoiceId: number): Promise<Invoice> {
  const { row, sellerSide } = await requireInvoice(db, caller, invoiceId);
  return invoiceOf(db, row, sellerSide);
}

/** An invoice for a job that checked access itself (the invoice files): the buyer's view, without costs and margins. */
export async function invoiceForDocument(db: Queryable, invoiceId: number): Promise<Invoice | undefined> {
  const row = await invoiceRow(db, invoiceId);
  return row ? invoiceOf(db, row, false) : undefined;
}

async function invoiceOf(db: Queryable, row: InvoiceRow & Record<string, unknown>, sellerSide: boolean): Promise<Invoice> {
  const lines = await rowsOf<Record<string, unknown>>(
    db,
    sql`select l.*, l.unit_price::text as unit_price, l.amount::text as amount, l.purchase_amount::text as purchase_amount, l.margin::text as margin, a.display_name as customer_name
        from invoice_lines l join accounts a on a.id = l.customer_account_id where l.invoice_id = ${row.id} order by l.id`,
  );
  const text = (value: unknown) => (value === null || value === undefined ? null : String(value));
  return {
    ...invoiceSummary(row),
    PeriodStart: String(row.period_start),
    PeriodEnd: String(row.period_end),
    TaxRate: String(row.tax_rate),
    ReverseCharge: Boolean(row.reverse_charge),
    SellerCountry: text(row.seller_country),
    SellerVatId: text(row.seller_vat_id),
    SellerAddress: String(row.seller_address ?? ''),
    BuyerCountry: text(row.buyer_country),
    BuyerVatId: text(row.buyer_vat_id),
    BuyerAddress: String(row.buyer_address ?? ''),
    Lines: lines.map((l) => ({
      CustomerAccountId: Number(l.customer_account_id),
      CustomerName: String(l.customer_name),
      SubscriptionAccountId: l.subscription_account_id === null ? null : Number(l.subscription_account_id),
      ProductName: text(l.product_name),
      Description: String(l.description),
      Reason: l.reason as z.infer<typeof invoiceSchema>['Lines'][number]['Reason'],
      PeriodStart: String(l.period_start),
      PeriodEnd: String(l.period_end),
      Quantity: Number(l.quantity),
      UnitPrice: String(l.unit_price),
      Amount: amountText(String(l.amount), row.currency),
      PriceRule: priceRuleLabelSeenBy(text(l.price_rule), sellerSide),
      // The buyer's answer has no such field at all (issue 30), not even null.
      ...(sellerSide
        ? {
            PurchaseAmount: l.purchase_amount === null ? null : amountText(String(l.purchase_amount), row.currency),
            Margin: l.margin === null ? null : amountText(String(l.margin), row.currency),
          }
        : {}),
    })),
  };
}


const getIntervals = defineOperation({
  service: 'IAccountService',
  operation: 'GetIntervals',
  readOnly: true,
  summary:
    "The billing intervals of an account in the caller's hierarchy (accountId): calendar months in the account's time zone, newest first — from the current month back to its first subscription or invoice, at most 36 — each saying whether it is over (IsClosed) and has invoices. With the account's currency and time zone.",
  request: getIntervalsRequestSchema,
  response: getIntervalsResponseSchema,
  rule: ONLINE_BILL_READ,
  async handler(input, { db, caller }) {
    const account = await requireAccountInHierarchy(db, caller, input.accountId, ONLINE_BILL_READ);
    const party = await partyOf(db, account.id);
    if (!party) throw accessDenied();
    const [first] = await rowsOf<{ first_subscription: Date | string | null; first_invoice: string | null }>(
      db,
      sql`select (select min(h.valid_from) from subscription_history h join accounts a on a.id = h.subscription_account_id where a.path like ${`${account.path}%`}) as first_subscription,
                 (select min(interval_id) from invoices where seller_account_id = ${account.id} or payer_account_id = ${account.id}) as first_invoice`,
    );
    const billed = new Set(
      (await rowsOf<{ interval_id: string }>(db, sql`select distinct interval_id from invoices where seller_account_id = ${account.id} or payer_account_id = ${account.id}`)).map((r) => r.interval_id),
    );
    const today = localDay(new Date(), party.timeZone);
    const current = intervalContaining(today);
    const starts = [first?.first_subscription ? intervalContaining(localDay(new Date(first.first_subscription), party.timeZone)).start : current.start];
    if (first?.first_invoice) starts.push(intervalOf(first.first_invoice).start);
    const earliest = Math.max(Math.min(...starts), addMonths(current.start, -(MAX_INTERVALS - 1)));
    const intervals: BillingInterval[] = [];
    for (let start = current.start; start >= earliest; start = addMonths(start, -1)) {
      const interval = intervalContaining(start);
      intervals.push({
        IntervalId: interval.id,
        StartDate: formatDay(interval.start),
        EndDate: formatDay(interval.end - 1),
        IsClosed: interval.end <= today,
        HasInvoices: billed.has(interval.id),
      });
    }
    return { Intervals: intervals, Currency: party.currency, TimeZone: party.timeZone };
  },
});

const getOnlineBill = defineOperation({
  service: 'IAccountService',
  operation: 'GetOnlineBill',
  readOnly: true,
  summary:
    "The online bill of an account in the caller's hierarchy for a month (accountId, billingInterval `YYYY-MM`): the lines of its invoices — what it bought, what it sold and, unless hideIndirectPayments, what the resellers below it sold — sorted and paged, with totals in its currency (sales, purchases, margin) and, with groupByCustomers, one row per customer.",
  request: getOnlineBillRequestSchema,
  response: getOnlineBillResponseSchema,
  rule: ONLINE_BILL_READ,
  async handler(input, { db, caller }) {
    const account = await requireAccountInHierarchy(db, caller, input.accountId, ONLINE_BILL_READ);
    const party = await partyOf(db, account.id);
    if (!party) throw accessDenied();
    const interval = intervalOf(input.billingInterval);
    const lines = onlineBillLines(account, interval.id, input.hideIndirectPayments);
    const [page, totals, customers] = await Promise.all([
      pageOfBill(db, lines, input),
      billTotals(db, lines, account.id, party.currency),
      input.groupByCustomers ? billCustomers(db, lines, account.id) : Promise.resolve([]),
    ]);
    const currency = party.currency;
    // Margins are the business of an organisation that sells; a buyer's bill carries none (platform/sellerSide.ts).
    const callerSells = sellsToOthers(caller);
    const margin = (amount: string | null, currencyOf: string) => (callerSells ? { Margin: amount === null ? null : amountText(amount, currencyOf) } : {});
    return {
      IntervalId: interval.id,
      StartDate: formatDay(interval.start),
      EndDate: formatDay(interval.end - 1),
      Currency: currency,
      Lines: page.rows.map((row) => billLine(row, account.id, callerSells)),
      Total: page.total,
      Totals: (totals.length ? totals : [{ currency, sales: null, purchases: null, margin: null }]).map((row) => ({
        Currency: row.currency,
        Sales: amountText(row.sales ?? '0', row.currency),
        Purchases: amountText(row.purchases ?? '0', row.currency),
        ...margin(row.margin, row.currency),
      })),
      Customers: customers.map((c) => ({
        CustomerAccountId: c.customer_account_id,
        CustomerName: c.customer_name,
        Currency: c.currency,
        Lines: c.lines,
        Amount: amountText(c.amount, c.currency),
        ...margin(c.margin, c.currency),
      })),
    };
  },
});

export const billingOperations: OperationDefinition[] = [runBilling, getBillingRuns, getInvoices, getInvoice, getIntervals, getOnlineBill];
