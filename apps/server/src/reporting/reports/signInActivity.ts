import { sql } from 'drizzle-orm';
import { requirement } from '@cmp/contracts/capabilities';
import type { ReportSpec } from '../reportSpec';
import { inPeriod, lastDays } from './common';

/** Sign-ins per day from the audit log: successful, failed, distinct users (issue 15). */
export const signInActivity: ReportSpec = {
  name: 'SignInActivity',
  rule: requirement('USER_ACCOUNT', ['Read']),
  parameters: [{ name: 'period', type: 'dateRange', required: true, default: lastDays(30) }],
  columns: [
    { name: 'Day', type: 'date', sortable: true },
    { name: 'SignIns', type: 'number', sortable: true },
    { name: 'FailedSignIns', type: 'number', sortable: true },
    { name: 'Users', type: 'number', sortable: true },
  ],
  defaultSort: { column: 'Day', direction: 'asc' },
  chart: { type: 'line', label: 'Day', values: ['SignIns', 'FailedSignIns'] },
  query: ({ scopePattern, params }) => sql`
    select date_trunc('day', l.occurred_at at time zone 'UTC') at time zone 'UTC' as "Day",
           count(*) filter (where l.action = 'SignIn')::int as "SignIns",
           count(*) filter (where l.action = 'SignInFailed')::int as "FailedSignIns",
           count(distinct l.account_id) filter (where l.action = 'SignIn')::int as "Users"
    from audit_log l
    where l.action in ('SignIn', 'SignInFailed') and l.account_path like ${scopePattern}
      and ${inPeriod(params, 'period', sql`l.occurred_at`)}
    group by 1`,
};
