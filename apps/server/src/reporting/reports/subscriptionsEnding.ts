import { sql } from 'drizzle-orm';
import type { ReportSpec } from '../reportSpec';
import { equalsParam, owningCompany } from './common';

/** Subscriptions whose commitment ends in the next N days: which renew, which terminate (issue 15). */
export const subscriptionsEnding: ReportSpec = {
  name: 'SubscriptionsEnding',
  parameters: [
    { name: 'days', type: 'number', required: true, default: () => '30', min: 1, max: 730 },
    { name: 'renewal', type: 'status', options: ['Renew', 'Terminate'] },
    { name: 'customer', type: 'account' },
  ],
  columns: [
    { name: 'Customer', type: 'text', sortable: true },
    { name: 'Subscription', type: 'text', sortable: true },
    { name: 'Service', type: 'text', sortable: true },
    { name: 'Quantity', type: 'number', sortable: true },
    { name: 'EndDate', type: 'date', sortable: true },
    { name: 'DaysLeft', type: 'number', sortable: true },
    { name: 'Renewal', type: 'text', sortable: true, labels: 'renewal' },
  ],
  defaultSort: { column: 'EndDate', direction: 'asc' },
  chart: { type: 'none' },
  query: ({ scopePattern, params }) => sql`
    select c.display_name as "Customer", p.display_name as "Subscription", pr.display_name as "Service", s.quantity as "Quantity",
           s.minimum_contract_end_date as "EndDate",
           greatest(0, ceil(extract(epoch from (s.minimum_contract_end_date - now())) / 86400))::int as "DaysLeft",
           s.auto_renew as "Renewal"
    from subscriptions s
    join accounts p on p.id = s.account_id
    ${owningCompany('p', 'c')}
    join products pr on pr.name = s.product_name
    where s.status = 'Active' and p.path like ${scopePattern}
      and s.minimum_contract_end_date >= now()
      and s.minimum_contract_end_date < now() + make_interval(days => ${params.days as number})
      and ${equalsParam(params, 'renewal', sql`s.auto_renew`)} and ${equalsParam(params, 'customer', sql`c.id`)}`,
};
