import { sql, type SQL } from 'drizzle-orm';
import type { BillingRun, InvoiceSummary, OnlineBillLine } from '@cmp/contracts/billing';
import type { Queryable } from '../platform/db/database';
import { rowsOf } from '../platform/db/rowsOf';
import { minorUnits, money, type Money } from '../pricing/money';
import { priceRuleLabelSeenBy } from '../platform/sellerSide';

// Reading invoices, online bills and runs (issue 15). Amounts leave with exactly their currency's
// digits; purchase prices and margins only to the seller's side of the chain.

/** `INV-{seller}-{000042}`, credit notes `CN-…`. */
export const invoiceNumber = (kind: string, sellerId: number, number: number) => `${kind === 'CreditNote' ? 'CN' : 'INV'}-${sellerId}-${String(number).padStart(6, '0')}`;

/** An amount as the API writes it: its currency's digits. */
export const amountText = (value: string | Money, currency: string) => money(value).toFixed(minorUnits(currency));

export interface InvoiceRow {
  id: number;
  number: number;
  kind: 'Invoice' | 'CreditNote';
  interval_id: string;
  seller_account_id: number;
  seller_name: string;
  seller_path: string;
  payer_account_id: number;
  buyer_name: string;
  currency: string;
  subtotal: string;
  tax_amount: string;
  total: string;
  issued_at: Date | string;
}

export const INVOICE_COLUMNS = sql`i.id, i.number, i.kind, i.interval_id, i.seller_account_id, i.seller_name, sa.path as seller_path, i.payer_account_id, i.buyer_name, i.currency,
  i.subtotal::text as subtotal, i.tax_amount::text as tax_amount, i.total::text as total, i.issued_at`;

export const invoiceSummary = (row: InvoiceRow): InvoiceSummary => ({
  InvoiceId: row.id,
  InvoiceNumber: invoiceNumber(row.kind, row.seller_account_id, row.number),
  Kind: row.kind,
  IntervalId: row.interval_id,
  SellerAccountId: row.seller_account_id,
  SellerName: row.seller_name,
  BuyerAccountId: row.payer_account_id,
  BuyerName: row.buyer_name,
  Currency: row.currency,
  Subtotal: amountText(row.subtotal, row.currency),
  TaxAmount: amountText(row.tax_amount, row.currency),
  Total: amountText(row.total, row.currency),
  IssuedAt: new Date(row.issued_at).toISOString(),
});

const INVOICE_ORDER: Record<string, SQL> = {
  Number: sql`i.seller_account_id, i.number`,
  IssuedAt: sql`i.issued_at`,
  Buyer: sql`i.buyer_name`,
  Seller: sql`i.seller_name`,
  Total: sql`i.total`,
};

export async function listInvoices(
  db: Queryable,
  input: { accountId: number; intervalId?: string; side?: 'Sales' | 'Purchases'; sortBy: string; sortDirection: 'asc' | 'desc'; page: number; pageSize: number },
): Promise<{ rows: InvoiceRow[]; total: number }> {
  const side =
    input.side === 'Sales'
      ? sql`i.seller_account_id = ${input.accountId}`
      : input.side === 'Purchases'
        ? sql`i.payer_account_id = ${input.accountId}`
        : sql`(i.seller_account_id = ${input.accountId} or i.payer_account_id = ${input.accountId})`;
  const where = input.intervalId ? sql`${side} and i.interval_id = ${input.intervalId}` : side;
  const direction = input.sortDirection === 'asc' ? sql`asc` : sql`desc`;
  const rows = await rowsOf<InvoiceRow & { full_count: number }>(
    db,
    sql`select ${INVOICE_COLUMNS}, count(*) over () as full_count from invoices i join accounts sa on sa.id = i.seller_account_id
        where ${where} order by ${INVOICE_ORDER[input.sortBy] ?? INVOICE_ORDER.IssuedAt} ${direction}, i.id ${direction}
        limit ${input.pageSize} offset ${input.page * input.pageSize}`,
  );
  return { rows, total: Number(rows[0]?.full_count ?? 0) };
}

export interface BillLineRow {
  invoice_id: number;
  number: number;
  kind: string;
  seller_account_id: number;
  seller_name: string;
  payer_account_id: number;
  customer_account_id: number;
  customer_name: string;
  subscription_account_id: number | null;
  product_name: string | null;
  description: string;
  reason: OnlineBillLine['Reason'];
  period_start: string;
  period_end: string;
  quantity: number;
  unit_price: string;
  amount_text: string;
  currency: string;
  price_rule: string | null;
  purchase_amount: string | null;
  margin: string | null;
}

const BILL_ORDER: Record<string, SQL> = {
  Customer: sql`b.customer_name`,
  Service: sql`b.description`,
  PeriodStart: sql`b.period_start`,
  Amount: sql`b.amount`,
};

/**
 * The lines of an account's online bill: its purchases (it pays), its sales (it sells) and — unless
 * hidden — the sales of the resellers below it (indirect).
 */
export function onlineBillLines(account: { id: number; path: string }, intervalId: string, hideIndirect: boolean): SQL {
  const indirect = hideIndirect ? sql`false` : sql`(sa.path like ${`${account.path}%`} and i.seller_account_id <> ${account.id})`;
  return sql`select i.id as invoice_id, i.number, i.kind, i.seller_account_id, i.seller_name, i.payer_account_id, i.buyer_name, l.customer_account_id,
      ca.display_name as customer_name, l.subscription_account_id, l.product_name, l.description, l.reason, l.period_start, l.period_end,
      l.quantity, l.unit_price::text as unit_price, l.amount, l.amount::text as amount_text, i.currency, l.price_rule, l.purchase_amount::text as purchase_amount, l.margin::text as margin, l.id as line_id
    from invoices i
    join invoice_lines l on l.invoice_id = i.id
    join accounts sa on sa.id = i.seller_account_id
    join accounts ca on ca.id = l.customer_account_id
    where i.interval_id = ${intervalId} and (i.payer_account_id = ${account.id} or i.seller_account_id = ${account.id} or ${indirect})`;
}

export async function pageOfBill(
  db: Queryable,
  lines: SQL,
  input: { sortBy: string; sortDirection: 'asc' | 'desc'; page: number; pageSize: number },
): Promise<{ rows: BillLineRow[]; total: number }> {
  const direction = input.sortDirection === 'asc' ? sql`asc` : sql`desc`;
  const rows = await rowsOf<BillLineRow & { full_count: number }>(
    db,
    sql`select b.*, count(*) over () as full_count from (${lines}) b
        order by ${BILL_ORDER[input.sortBy] ?? BILL_ORDER.Customer} ${direction}, b.line_id
        limit ${input.pageSize} offset ${input.page * input.pageSize}`,
  );
  return { rows, total: Number(rows[0]?.full_count ?? 0) };
}

/**
 * One line of the account's bill. `callerSells`: the caller's organisation sells (platform/
 * sellerSide.ts); the purchase amount and margin of a sale are then its own, else absent.
 */
export function billLine(row: BillLineRow, accountId: number, callerSells: boolean): OnlineBillLine {
  const direction = row.payer_account_id === accountId ? 'Purchase' : row.seller_account_id === accountId ? 'Sale' : 'Indirect';
  const sellerSide = direction !== 'Purchase' && callerSells;
  return {
    InvoiceId: row.invoice_id,
    InvoiceNumber: invoiceNumber(row.kind, row.seller_account_id, row.number),
    Direction: direction,
    SellerAccountId: row.seller_account_id,
    SellerName: row.seller_name,
    CustomerAccountId: row.customer_account_id,
    CustomerName: row.customer_name,
    SubscriptionAccountId: row.subscription_account_id,
    ProductName: row.product_name,
    Description: row.description,
    Reason: row.reason,
    PeriodStart: row.period_start,
    PeriodEnd: row.period_end,
    Quantity: row.quantity,
    UnitPrice: row.unit_price,
    Amount: amountText(row.amount_text, row.currency),
    Currency: row.currency,
    PriceRule: priceRuleLabelSeenBy(row.price_rule, sellerSide),
    ...(sellerSide
      ? {
          PurchaseAmount: row.purchase_amount === null ? null : amountText(row.purchase_amount, row.currency),
          Margin: row.margin === null ? null : amountText(row.margin, row.currency),
        }
      : {}),
  };
}

export interface BillTotalsRow {
  currency: string;
  sales: string | null;
  purchases: string | null;
  margin: string | null;
}

/** Sales, purchases and the sales' margin of the account, per currency, the account's own first. */
export async function billTotals(db: Queryable, lines: SQL, accountId: number, currency: string): Promise<BillTotalsRow[]> {
  return rowsOf<BillTotalsRow>(
    db,
    sql`select currency, sum(amount) filter (where seller_account_id = ${accountId})::text as sales,
               sum(amount) filter (where payer_account_id = ${accountId})::text as purchases,
               sum(margin::numeric) filter (where seller_account_id = ${accountId})::text as margin
        from (${lines}) b group by currency order by currency <> ${currency}, currency`,
  );
}

export interface BillCustomerRow {
  customer_account_id: number;
  customer_name: string;
  currency: string;
  lines: number;
  amount: string;
  margin: string | null;
}

/**
 * Per customer — the buyer each line was billed to — its lines, amount and, of the lines the account
 * did not pay itself, margin. A line above the companies (upstreamBilling.ts) names the end customer
 * it is for but was billed to a reseller: it counts for that reseller, so no end customer's amount
 * mixes two levels of the chain; what the account paid for its customers' lines is its cost, shown
 * in the purchases, not here.
 */
export async function billCustomers(db: Queryable, lines: SQL, accountId: number): Promise<BillCustomerRow[]> {
  return rowsOf<BillCustomerRow>(
    db,
    sql`select payer_account_id as customer_account_id, buyer_name as customer_name, currency, count(*)::int as lines, sum(amount)::text as amount,
               sum(margin::numeric) filter (where payer_account_id <> ${accountId})::text as margin
        from (${lines}) b
        where payer_account_id <> ${accountId} or customer_account_id = ${accountId}
        group by payer_account_id, buyer_name, currency order by sum(amount) desc, buyer_name, currency`,
  );
}

export interface BillingRunRow {
  id: number;
  interval_id: string;
  scope_account_id: number | null;
  scope_name: string | null;
  status: BillingRun['Status'];
  started_by_name: string | null;
  started_at: Date | string;
  finished_at: Date | string | null;
  interrupted_at: Date | string | null;
  payers_total: number;
  payers_done: number;
  invoices_created: number;
  error: string | null;
}

export const billingRunOf = (row: BillingRunRow): BillingRun => ({
  BillingRunId: row.id,
  IntervalId: row.interval_id,
  ScopeAccountId: row.scope_account_id,
  ScopeName: row.scope_name,
  Status: row.status,
  StartedByName: row.started_by_name,
  StartedAt: new Date(row.started_at).toISOString(),
  FinishedAt: row.finished_at ? new Date(row.finished_at).toISOString() : null,
  InterruptedAt: row.interrupted_at ? new Date(row.interrupted_at).toISOString() : null,
  PayersTotal: row.payers_total,
  PayersDone: row.payers_done,
  InvoicesCreated: row.invoices_created,
  Error: row.error,
});

/** Runs whose scope lies in the caller's hierarchy (a run over everything: the platform owner's). */
export async function listBillingRuns(db: Queryable, scope: { path: string; isTop: boolean }, page: number, pageSize: number, runId?: number): Promise<{ rows: BillingRunRow[]; total: number }> {
  const visible = scope.isTop ? sql`(r.scope_account_id is null or s.path like ${`${scope.path}%`})` : sql`s.path like ${`${scope.path}%`}`;
  const only = runId === undefined ? sql`true` : sql`r.id = ${runId}`;
  const rows = await rowsOf<BillingRunRow & { full_count: number }>(
    db,
    sql`select r.id, r.interval_id, r.scope_account_id, s.display_name as scope_name, r.status, u.display_name as started_by_name, r.started_at, r.finished_at, r.interrupted_at,
               r.payers_total, r.payers_done, r.invoices_created, r.error, count(*) over () as full_count
        from billing_runs r left join accounts s on s.id = r.scope_account_id left join accounts u on u.id = r.started_by_account_id
        where ${visible} and ${only} order by r.id desc limit ${pageSize} offset ${page * pageSize}`,
  );
  return { rows, total: Number(rows[0]?.full_count ?? 0) };
}
