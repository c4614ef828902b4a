import { sql } from 'drizzle-orm';
import type { ReportSpec } from '../reportSpec';
import { equalsParam, inPeriod } from './common';

/** Failed provisioning requests per vendor and service (issue 15). */
export const provisioningFailures: ReportSpec = {
  name: 'ProvisioningFailures',
  parameters: [
    { name: 'period', type: 'dateRange' },
    { name: 'vendor', type: 'vendor' },
    { name: 'customer', type: 'account' },
  ],
  columns: [
    { name: 'Vendor', type: 'text', sortable: true },
    { name: 'Service', type: 'text', sortable: true },
    { name: 'Failures', type: 'number', sortable: true },
    { name: 'Customers', type: 'number', sortable: true },
    { name: 'LastFailure', type: 'date', sortable: true },
  ],
  defaultSort: { column: 'Failures', direction: 'desc' },
  chart: { type: 'bar', label: 'Vendor', values: ['Failures'] },
  query: ({ scopePattern, params }) => sql`
    select coalesce(v.display_name, '') as "Vendor", pr.display_name as "Service", count(*)::int as "Failures",
           count(distinct r.company_account_id)::int as "Customers",
           max(coalesce(r.send_date, r.created_at)) as "LastFailure"
    from provisioning_requests r
    join accounts c on c.id = r.company_account_id
    join products pr on pr.name = r.product_name
    left join accounts v on v.id = pr.vendor_account_id
    where r.order_status = 'Failed' and c.path like ${scopePattern}
      and ${inPeriod(params, 'period', sql`coalesce(r.send_date, r.created_at)`)}
      and ${equalsParam(params, 'vendor', sql`pr.vendor_account_id`)} and ${equalsParam(params, 'customer', sql`c.id`)}
    group by v.display_name, pr.name, pr.display_name`,
};
