import { sql } from 'drizzle-orm';
import { ORDER_APPROVAL_STATUSES } from '@cmp/contracts/orders';
import type { ReportSpec } from '../reportSpec';
import { equalsParam, inPeriod, lastDays } from './common';

/** Orders per approval status and how long the decision took, in hours (created → decided) (issue 15). */
export const ordersByStatus: ReportSpec = {
  name: 'OrdersByStatus',
  parameters: [
    { name: 'period', type: 'dateRange', default: lastDays(365) },
    { name: 'status', type: 'status', options: ORDER_APPROVAL_STATUSES },
    { name: 'customer', type: 'account' },
  ],
  columns: [
    { name: 'Status', type: 'text', sortable: true, labels: 'order_status' },
    { name: 'Orders', type: 'number', sortable: true },
    { name: 'Decided', type: 'number', sortable: true },
    { name: 'AverageApprovalHours', type: 'number', sortable: true },
    { name: 'LongestApprovalHours', type: 'number', sortable: true },
    { name: 'LastOrder', type: 'date', sortable: true },
  ],
  defaultSort: { column: 'Orders', direction: 'desc' },
  chart: { type: 'bar', label: 'Status', values: ['Orders'] },
  query: ({ scopePattern, params }) => sql`
    select o.approval_status as "Status", count(*)::int as "Orders", count(o.decided_at)::int as "Decided",
           round((avg(extract(epoch from (o.decided_at - o.created_at))) / 3600)::numeric, 1)::float8 as "AverageApprovalHours",
           round((max(extract(epoch from (o.decided_at - o.created_at))) / 3600)::numeric, 1)::float8 as "LongestApprovalHours",
           max(o.created_at) as "LastOrder"
    from orders o
    join accounts c on c.id = o.company_account_id
    where c.path like ${scopePattern} and ${inPeriod(params, 'period', sql`o.created_at`)}
      and ${equalsParam(params, 'status', sql`o.approval_status`)} and ${equalsParam(params, 'customer', sql`c.id`)}
    group by o.approval_status`,
};
