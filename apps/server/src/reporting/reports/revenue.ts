import { sql, type SQL } from 'drizzle-orm';
import type { ReportColumnSpec, ReportParameterSpec, ReportQueryContext, ReportSpec } from '../reportSpec';
import { equalsParam, inPeriod } from './common';

// Revenue and margin (issue 15): what was billed to the customers in the caller's hierarchy, from the
// invoice lines — revenue (the lines' amounts), and of the lines a seller in the hierarchy issued, cost
// (its purchase amounts) and margin; a company sees what it was billed, never its seller's margin —
// per month, per customer or per vendor, per currency (amounts of two currencies never add up).
// Only the lines billed to the end customer count: the same subscription's month is billed again up the
// chain (a reseller by its seller, the platform owner by the vendor) with that customer on the line,
// and counting those too would add one sale two or three times.

const PARAMETERS: ReportParameterSpec[] = [
  { name: 'period', type: 'dateRange' },
  { name: 'customer', type: 'account' },
  { name: 'vendor', type: 'vendor' },
];

const MONEY_COLUMNS: ReportColumnSpec[] = [
  { name: 'Currency', type: 'text', sortable: true },
  { name: 'Invoices', type: 'number', sortable: true },
  { name: 'Revenue', type: 'money', sortable: true },
  { name: 'Cost', type: 'money', sortable: true },
  { name: 'Margin', type: 'money', sortable: true },
];

/** The lines of invoices issued by a seller in the caller's scope, filtered by the parameters, grouped by `key`. */
function revenueQuery({ scopePattern, params }: ReportQueryContext, key: { select: SQL; groupBy: SQL; joins?: SQL }): SQL {
  return sql`
    select ${key.select}, i.currency as "Currency", count(distinct i.id)::int as "Invoices", sum(l.amount)::float8 as "Revenue",
           coalesce(sum(l.purchase_amount) filter (where s.path like ${scopePattern}), 0)::float8 as "Cost",
           coalesce(sum(l.margin) filter (where s.path like ${scopePattern}), 0)::float8 as "Margin"
    from invoice_lines l
    join invoices i on i.id = l.invoice_id
    join accounts s on s.id = i.seller_account_id
    join accounts c on c.id = l.customer_account_id
    left join products pr on pr.name = l.product_name
    ${key.joins ?? sql``}
    where c.path like ${scopePattern} and l.payer_account_id = l.customer_account_id
      and ${inPeriod(params, 'period', sql`i.period_start::date`)}
      and ${equalsParam(params, 'customer', sql`l.customer_account_id`)} and ${equalsParam(params, 'vendor', sql`pr.vendor_account_id`)}
    group by ${key.groupBy}, i.currency`;
}

export const revenueByMonth: ReportSpec = {
  name: 'RevenueByMonth',
  parameters: PARAMETERS,
  columns: [{ name: 'Month', type: 'text', sortable: true }, ...MONEY_COLUMNS],
  defaultSort: { column: 'Month', direction: 'asc' },
  chart: { type: 'bar', label: 'Month', values: ['Revenue', 'Margin'] },
  query: (ctx) => revenueQuery(ctx, { select: sql`i.interval_id as "Month"`, groupBy: sql`i.interval_id` }),
};

export const revenueByCustomer: ReportSpec = {
  name: 'RevenueByCustomer',
  parameters: PARAMETERS,
  columns: [{ name: 'Customer', type: 'text', sortable: true }, ...MONEY_COLUMNS],
  defaultSort: { column: 'Revenue', direction: 'desc' },
  chart: { type: 'none' },
  query: (ctx) => revenueQuery(ctx, { select: sql`c.display_name as "Customer"`, groupBy: sql`c.id, c.display_name` }),
};

export const revenueByVendor: ReportSpec = {
  name: 'RevenueByVendor',
  parameters: PARAMETERS,
  columns: [{ name: 'Vendor', type: 'text', sortable: true }, ...MONEY_COLUMNS],
  defaultSort: { column: 'Revenue', direction: 'desc' },
  chart: { type: 'bar', label: 'Vendor', values: ['Revenue', 'Margin'] },
  // Custom charges have no vendor: they count as the seller's own.
  query: (ctx) => revenueQuery(ctx, { select: sql`coalesce(v.display_name, s.display_name) as "Vendor"`, groupBy: sql`coalesce(v.display_name, s.display_name)`, joins: sql`left join accounts v on v.id = pr.vendor_account_id` }),
};
