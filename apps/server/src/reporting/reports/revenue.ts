import { sql, type SQL } from 'drizzle-orm';
import type { ReportColumnSpec, ReportParameterSpec, ReportQueryContext, ReportSpec } from '../reportSpec';
import { equalsParam, inPeriod } from './common';

// Revenue and margin (issue 15): what was billed to the customers in the caller's hierarchy, from the
// invoice lines — revenue (the lines' amounts), and of the lines a seller in the hierarchy issued, cost
// (its purchase amounts) and margin; a company sees what it was billed, never its seller's margin —
// per month, per customer or per vendor, per currency (amounts of two currencies never add up).
// Only the lines billed to the end customer count: the same subscription's month is billed again up the
// chain (a reseller by its seller, the platform owner by the vendor) with that customer on the line,
// and counting those too would add one sale two or three times (revenue_summary keeps only those).

const PARAMETERS: ReportParameterSpec[] = [
  { name: 'period', type: 'dateRange' },
  { name: 'customer', type: 'account' },
  { name: 'vendor', type: 'vendor' },
];

const MONEY_COLUMNS: ReportColumnSpec[] = [
  { name: 'Currency', type: 'text', sortable: true },
  { name: 'Invoices', type: 'number', sortable: true },
  { name: 'Revenue', type: 'money', sortable: true },
  { name: 'Cost', type: 'money', sortable: true, sellerOnly: true },
  { name: 'Margin', type: 'money', sortable: true, sellerOnly: true },
];

/**
 * What the customers in the caller's scope were billed, from revenue_summary (the invoice lines summed
 * per month, customer, seller, vendor and currency by triggers: migration 0024), filtered by the
 * parameters, grouped by `key`. An invoice is one per customer, seller, month and currency, so those
 * count the invoices.
 */
function revenueQuery({ scopePattern, params }: ReportQueryContext, key: { select: SQL; groupBy: SQL; joins?: SQL }): SQL {
  return sql`
    select ${key.select}, m.currency as "Currency",
           count(distinct (m.customer_account_id, m.seller_account_id, m.interval_id))::int as "Invoices", sum(m.revenue)::float8 as "Revenue",
           coalesce(sum(m.cost) filter (where s.path like ${scopePattern}), 0)::float8 as "Cost",
           coalesce(sum(m.margin) filter (where s.path like ${scopePattern}), 0)::float8 as "Margin"
    from revenue_summary m
    join accounts s on s.id = m.seller_account_id
    join accounts c on c.id = m.customer_account_id
    ${key.joins ?? sql``}
    where c.path like ${scopePattern}
      and ${inPeriod(params, 'period', sql`m.period_start::date`)}
      and ${equalsParam(params, 'customer', sql`m.customer_account_id`)} and ${equalsParam(params, 'vendor', sql`m.vendor_account_id`)}
    group by ${key.groupBy}, m.currency`;
}

export const revenueByMonth: ReportSpec = {
  name: 'RevenueByMonth',
  parameters: PARAMETERS,
  columns: [{ name: 'Month', type: 'text', sortable: true }, ...MONEY_COLUMNS],
  defaultSort: { column: 'Month', direction: 'asc' },
  chart: { type: 'bar', label: 'Month', values: ['Revenue', 'Margin'] },
  query: (ctx) => revenueQuery(ctx, { select: sql`m.interval_id as "Month"`, groupBy: sql`m.interval_id` }),
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
  query: (ctx) => revenueQuery(ctx, { select: sql`coalesce(v.display_name, s.display_name) as "Vendor"`, groupBy: sql`coalesce(v.display_name, s.display_name)`, joins: sql`left join accounts v on v.id = m.vendor_account_id` }),
};
