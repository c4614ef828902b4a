import { sql } from 'drizzle-orm';
import { requirement } from '@cmp/contracts/capabilities';
import type { ReportSpec } from '../reportSpec';
import { equalsParam, owningCompany } from './common';

/** Every user with its multi-factor methods (issue 15); needs the users capability of the users screens. */
export const usersMfa: ReportSpec = {
  name: 'UsersMfa',
  rule: requirement('USER_ACCOUNT', ['Read']),
  parameters: [
    { name: 'mfa', type: 'status', options: ['Enabled', 'NotEnabled'] },
    { name: 'customer', type: 'account' },
  ],
  columns: [
    { name: 'User', type: 'text', sortable: true },
    { name: 'Username', type: 'text', sortable: true },
    { name: 'Email', type: 'text', sortable: true },
    { name: 'Company', type: 'text', sortable: true },
    { name: 'Status', type: 'text', sortable: true, labels: 'user_status' },
    { name: 'Mfa', type: 'text', sortable: true, labels: 'mfa' },
    { name: 'MfaMethods', type: 'number', sortable: true },
    { name: 'LastLogon', type: 'date', sortable: true },
  ],
  defaultColumns: ['User', 'Username', 'Company', 'Status', 'Mfa', 'MfaMethods', 'LastLogon'],
  defaultSort: { column: 'User', direction: 'asc' },
  chart: { type: 'none' },
  query: ({ scopePattern, params }) => sql`
    select * from (
      select a.display_name as "User", u.username as "Username", u.email as "Email", c.display_name as "Company",
             case when u.is_disabled then 'Disabled' else 'Active' end as "Status",
             case when m.enabled > 0 then 'Enabled' else 'NotEnabled' end as "Mfa",
             coalesce(m.enabled, 0)::int as "MfaMethods", u.last_logon_at as "LastLogon", c.id as company_id
      from users u
      join accounts a on a.id = u.account_id
      ${owningCompany('a', 'c')}
      left join lateral (select count(*) filter (where mm.is_enabled and not mm.is_pending) as enabled from mfa_methods mm where mm.user_account_id = u.account_id) m on true
      where a.path like ${scopePattern} and a.state <> 'Terminated'
    ) x
    where ${equalsParam(params, 'mfa', sql`x."Mfa"`)} and ${equalsParam(params, 'customer', sql`x.company_id`)}`,
};
