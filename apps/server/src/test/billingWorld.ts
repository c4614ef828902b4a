import { sql } from 'drizzle-orm';
import type { Database } from '../platform/db/database';
import { rowsOf } from '../platform/db/rowsOf';
import { recordVendorDelivery } from './deliveredSubscriptions';

// A world to bill in bulk (the kill-and-resume test and `npm run bench billing`): resellers under the
// platform owner, companies under them, subscriptions under the companies — written with a handful
// of set-based statements, so 100,000 subscriptions take seconds, not the hours one call each would.
// Each subscription is Active since `since` at a known price, so every figure can be checked.

export interface BillingWorldSize {
  resellers: number;
  companiesPerReseller: number;
  subscriptionsPerCompany: number;
  /**
   * A pricelist of the platform owner for the distributor (and so for everyone below it): the
   * service's vendor purchase price is each level's cost, so the run bills every level of the chain
   * — each reseller from the distributor, the distributor from the platform owner. Without it the
   * costs are unknown and only the companies get invoices.
   */
  chainPrices?: boolean;
}

export interface BillingWorld {
  /** The top of the bulk world: bill it with RunBilling's accountId (or everything). */
  ownerAccountId: number;
  companies: number;
  subscriptions: number;
}

const country = sql`jsonb_build_object('Country', 'DE', 'Currency', 'EUR')`;

/** Adds the world below the platform owner; `since` (UTC) starts every subscription. Each subscription bills 10.00 a seat, 3 seats. */
export async function seedBillingWorld(db: Database, size: BillingWorldSize, since: Date, productName = 'SKYLINE_MAIL'): Promise<BillingWorld> {
  const [owner] = await rowsOf<{ id: number; path: string }>(db, sql`select id, path from accounts where parent_id is null order by id limit 1`);
  if (!owner) throw new Error('billing world: no platform owner (load the demo or the initial data first)');
  // One distributor holds the world, so a run over it bills nothing else.
  const [top] = await rowsOf<{ id: number; path: string }>(
    db,
    sql`with n as (select nextval(pg_get_serial_sequence('accounts', 'id'))::int as id)
        insert into accounts (id, type, parent_id, path, display_name, views)
        select n.id, 'Reseller', ${owner.id}, ${owner.path} || n.id || '/', 'Bulk distributor', jsonb_build_object('Reseller', jsonb_build_object('Values', ${country}))
        from n returning id, path`,
  );
  await db.execute(sql`insert into accounts (id, type, parent_id, path, display_name, views)
    select n.id, 'Reseller', ${top!.id}, ${top!.path} || n.id || '/', 'Bulk reseller ' || n.g, jsonb_build_object('Reseller', jsonb_build_object('Values', ${country}))
    from (select nextval(pg_get_serial_sequence('accounts', 'id'))::int as id, g from generate_series(1, ${size.resellers}) g) n`);
  await db.execute(sql`insert into accounts (id, type, parent_id, path, display_name, views)
    select n.id, 'Company', n.parent_id, n.parent_path || n.id || '/', 'Bulk company ' || n.id, jsonb_build_object('Company', jsonb_build_object('Values', ${country}))
    from (select nextval(pg_get_serial_sequence('accounts', 'id'))::int as id, r.id as parent_id, r.path as parent_path
          from accounts r cross join generate_series(1, ${size.companiesPerReseller}) g where r.parent_id = ${top!.id}) n`);
  await db.execute(sql`insert into accounts (id, type, parent_id, path, display_name, product_name, views)
    select n.id, 'Product', n.parent_id, n.parent_path || n.id || '/', 'Bulk mail ' || n.id, ${productName}, '{}'::jsonb
    from (select nextval(pg_get_serial_sequence('accounts', 'id'))::int as id, c.id as parent_id, c.path as parent_path
          from accounts c cross join generate_series(1, ${size.subscriptionsPerCompany}) g
          where c.type = 'Company' and c.path like ${`${top!.path}%`}) n`);
  await db.execute(sql`insert into subscriptions (account_id, product_name, quantity, status, unit_price, currency, price_rule, billing_frequency, term_start_date)
    select a.id, ${productName}, 3, 'Active', 10, 'EUR', 'Bulk price', 'Monthly', ${since}
    from accounts a where a.type = 'Product' and a.path like ${`${top!.path}%`}`);
  await recordVendorDelivery(db, top!.path);
  // The trigger dated each first state now: the world's subscriptions began at `since`.
  await db.execute(sql`update subscription_history h set valid_from = ${since}
    from accounts a where a.id = h.subscription_account_id and a.path like ${`${top!.path}%`}`);
  if (size.chainPrices) {
    await db.execute(sql`with pl as (insert into pricelists (owner_account_id, name, priority, currency) values (${owner.id}, ${`Bulk base ${top!.id}`}, 1, 'EUR') returning id),
        svc as (insert into pricelist_services (pricelist_id, product_name) select id, ${productName} from pl),
        rule as (insert into pricing_rules (pricelist_id, name, priority, is_default, model) select id, 'Default: SRP', 1, true, 'Srp' from pl)
      insert into pricelist_customers (pricelist_id, customer_account_id) select id, ${top!.id} from pl`);
  }
  const companies = size.resellers * size.companiesPerReseller;
  return { ownerAccountId: top!.id, companies, subscriptions: companies * size.subscriptionsPerCompany };
}
