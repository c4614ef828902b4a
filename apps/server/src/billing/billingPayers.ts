import { sql } from 'drizzle-orm';
import type { Queryable } from '../platform/db/database';
import { rowsOf } from '../platform/db/rowsOf';
import { startOfDay } from '../platform/dates';
import type { Interval } from './calendar';

// Who a month bills (issue 15 "every level of the chain"): every company and every reseller — the
// platform owner too — below a scope with a subscription (or a pending custom charge) somewhere
// below it, and no mark for the month yet.

export interface PayerToBill {
  id: number;
  type: string;
  /** Levels below the top (the path's ids): deeper resellers are billed before those above them. */
  depth: number;
  path: string;
}

export async function payersToBill(db: Queryable, interval: Interval, scopePath: string, options: { excludeId?: number; limit?: number } = {}): Promise<PayerToBill[]> {
  const bound = startOfDay(interval.end + 1);
  const exclude = options.excludeId === undefined ? sql`true` : sql`c.id <> ${options.excludeId}`;
  const limit = options.limit === undefined ? sql`` : sql`limit ${options.limit}`;
  // A subscription's payers are among the ids of its path: found by primary key, not by a prefix
  // test per payer (10,000 companies each scanning the accounts took most of a run).
  return rowsOf<PayerToBill>(
    db,
    sql`select c.id, c.type, c.path, array_length(string_to_array(trim(both '/' from c.path), '/'), 1) as depth from accounts c
        where c.type in ('Company', 'Reseller') and c.path like ${`${scopePath}%`} and ${exclude}
          and c.id in (
            select unnest(string_to_array(trim(both '/' from a.path), '/')::int[]) from accounts a
            where a.type = 'Product' and a.path like ${`${scopePath}%`}
              and exists (select 1 from subscription_history h where h.subscription_account_id = a.id and h.valid_from < ${bound})
            union
            select cc.account_id from custom_charges cc where cc.status = 'PendingBilling')
          and not exists (select 1 from billed_payer_intervals b where b.payer_account_id = c.id and b.interval_id = ${interval.id})
        order by c.id ${limit}`,
  );
}
