import { sql } from 'drizzle-orm';
import { DATA_CHECK_FINDINGS_LIMIT, DATA_CHECKS, type DataCheck, type DataCheckResult } from '@cmp/contracts/dataChecks';
import type { Queryable } from '../platform/db/database';
import { rowsOf } from '../platform/db/rowsOf';

// The data checks of the admin console (issue 30): each one a query for a state the product must
// never reach. The database refuses a Completed request without a subscription from migration 0032
// on (provisioning_requests_completed_subscription_check); the checks also find rows written before
// it, or whatever reaches these states another way. Read-only; each query answers its total and the
// first rows (DATA_CHECK_FINDINGS_LIMIT) by id.

interface FindingRow {
  record_id: number;
  account_id: number | null;
  account_name: string | null;
  product_name: string | null;
  order_id: number | null;
  invoice_id: number | null;
  status: string;
  total: number;
}

/** The rows of each check, as one select of the same columns (`total`: count(*) over the whole check). */
const CHECK_QUERIES: Record<DataCheck, ReturnType<typeof sql>> = {
  // The vendor confirmed delivery (the request Completed, or its product Active there) and the
  // request names no subscription — or one whose row is gone.
  ProvisionedWithoutSubscription: sql`select r.id as record_id, r.company_account_id as account_id, c.display_name as account_name, r.product_name,
      r.order_id, null::int as invoice_id, r.order_status || ' / ' || r.product_status as status, count(*) over ()::int as total
    from provisioning_requests r
    left join subscriptions s on s.account_id = r.subscription_account_id
    left join accounts c on c.id = r.company_account_id
    where (r.order_status = 'Completed' or r.product_status = 'Active') and s.account_id is null
    order by r.id`,
  // Billed as Active, but no provisioning request for it ever completed at the vendor.
  ActiveSubscriptionWithoutProvisioning: sql`select s.account_id as record_id, a.id as account_id, a.display_name as account_name, s.product_name,
      s.order_id, null::int as invoice_id, s.status, count(*) over ()::int as total
    from subscriptions s
    join accounts a on a.id = s.account_id
    where s.status = 'Active'
      and not exists (select 1 from provisioning_requests r where r.subscription_account_id = s.account_id and r.order_status = 'Completed')
    order by s.account_id`,
  // A line billed for a service names its subscription; only custom charges' lines name none.
  InvoiceLineWithoutSubscription: sql`select l.id::int as record_id, l.customer_account_id as account_id, c.display_name as account_name, l.product_name,
      null::int as order_id, l.invoice_id, l.reason as status, count(*) over ()::int as total
    from invoice_lines l
    left join subscriptions s on s.account_id = l.subscription_account_id
    left join accounts c on c.id = l.customer_account_id
    where l.reason <> 'CustomCharge' and s.account_id is null
    order by l.id`,
};

/** Runs every data check; an empty Findings list (Total 0) for each is the healthy answer. */
export async function runDataChecks(db: Queryable): Promise<DataCheckResult[]> {
  const results: DataCheckResult[] = [];
  // One after the other: a PGlite connection answers one statement at a time anyway.
  for (const check of DATA_CHECKS) {
    const rows = await rowsOf<FindingRow>(db, sql`${CHECK_QUERIES[check]} limit ${DATA_CHECK_FINDINGS_LIMIT}`);
    results.push({
      Check: check,
      Total: Number(rows[0]?.total ?? 0),
      Findings: rows.map((r) => ({
        RecordId: Number(r.record_id),
        AccountId: r.account_id === null ? null : Number(r.account_id),
        AccountName: r.account_name,
        ProductName: r.product_name,
        OrderId: r.order_id === null ? null : Number(r.order_id),
        InvoiceId: r.invoice_id === null ? null : Number(r.invoice_id),
        Status: r.status,
      })),
    });
  }
  return results;
}
