import { sql } from 'drizzle-orm';
import type { Queryable } from '../platform/db/database';

/**
 * Test worlds that write Active subscriptions straight into the tables (thousands for a billing run,
 * a few for a lifecycle rule) give each the Completed Create request the vendor's confirmation would
 * have left, so the data checks (issue 30) hold on them as they do on the demo world. Only
 * subscriptions without one (below the path `under`) are touched; the company is the nearest Company above the subscription.
 */
export async function recordVendorDelivery(db: Queryable, under = '/'): Promise<void> {
  await db.execute(sql`insert into provisioning_requests (company_account_id, subscription_account_id, product_name, action, quantity, order_status, product_status, is_final_status, send_date)
    select (select c.id from accounts c where c.type = 'Company' and a.path like c.path || '%' order by length(c.path) desc limit 1),
           s.account_id, s.product_name, 'Create', s.quantity, 'Completed', 'Active', true, now()
    from subscriptions s join accounts a on a.id = s.account_id
    where s.status = 'Active' and a.path like ${`${under}%`}
      and not exists (select 1 from provisioning_requests r where r.subscription_account_id = s.account_id and r.order_status = 'Completed')`);
}
