import { sql } from 'drizzle-orm';
import type { ReportSpec } from '../reportSpec';
import { equalsParam, inPeriod } from './common';

/** Custom charges per company and currency: pending and billed amounts, cost and margin (issue 15). */
export const customChargesReport: ReportSpec = {
  name: 'CustomCharges',
  parameters: [
    { name: 'period', type: 'dateRange' },
    { name: 'status', type: 'status', options: ['PendingBilling', 'Billed'] },
    { name: 'customer', type: 'account' },
  ],
  columns: [
    { name: 'Customer', type: 'text', sortable: true },
    { name: 'Currency', type: 'text', sortable: true },
    { name: 'Charges', type: 'number', sortable: true },
    { name: 'Pending', type: 'money', sortable: true },
    { name: 'Billed', type: 'money', sortable: true },
    { name: 'Cost', type: 'money', sortable: true, sellerOnly: true },
    { name: 'Margin', type: 'money', sortable: true, sellerOnly: true },
  ],
  defaultSort: { column: 'Customer', direction: 'asc' },
  chart: { type: 'none' },
  query: ({ scopePattern, params }) => sql`
    select c.display_name as "Customer", cc.currency as "Currency", count(*)::int as "Charges",
           coalesce(sum(cc.price) filter (where cc.status = 'PendingBilling'), 0)::float8 as "Pending",
           coalesce(sum(cc.price) filter (where cc.status = 'Billed'), 0)::float8 as "Billed",
           sum(cc.cost)::float8 as "Cost", sum(cc.price - cc.cost)::float8 as "Margin"
    from custom_charges cc
    join accounts c on c.id = cc.account_id
    where c.path like ${scopePattern} and ${inPeriod(params, 'period', sql`cc.created_at`)}
      and ${equalsParam(params, 'status', sql`cc.status`)} and ${equalsParam(params, 'customer', sql`c.id`)}
    group by c.id, c.display_name, cc.currency`,
};
