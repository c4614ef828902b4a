import { sql } from 'drizzle-orm';
import type { ReportSpec } from '../reportSpec';
import { equalsParam, owningCompany } from './common';

/** Active subscriptions per customer and service: how many, how many seats (issue 15). */
export const activeSubscriptions: ReportSpec = {
  name: 'ActiveSubscriptions',
  parameters: [
    { name: 'customer', type: 'account' },
    { name: 'vendor', type: 'vendor' },
  ],
  columns: [
    { name: 'Customer', type: 'text', sortable: true },
    { name: 'Service', type: 'text', sortable: true },
    { name: 'Vendor', type: 'text', sortable: true },
    { name: 'Subscriptions', type: 'number', sortable: true },
    { name: 'Seats', type: 'number', sortable: true },
  ],
  defaultSort: { column: 'Customer', direction: 'asc' },
  chart: { type: 'bar', label: 'Vendor', values: ['Subscriptions', 'Seats'] },
  query: ({ scopePattern, params }) => sql`
    select c.display_name as "Customer", pr.display_name as "Service", coalesce(v.display_name, '') as "Vendor",
           count(*)::int as "Subscriptions", sum(s.quantity)::int as "Seats"
    from subscriptions s
    join accounts p on p.id = s.account_id
    ${owningCompany('p', 'c')}
    join products pr on pr.name = s.product_name
    left join accounts v on v.id = pr.vendor_account_id
    where s.status = 'Active' and p.path like ${scopePattern}
      and ${equalsParam(params, 'customer', sql`c.id`)} and ${equalsParam(params, 'vendor', sql`pr.vendor_account_id`)}
    group by c.id, c.display_name, pr.name, pr.display_name, v.display_name`,
};
