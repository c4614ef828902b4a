import { eq, sql } from 'drizzle-orm';
import type { AccountType } from '@cmp/contracts/accounts';
import type { Database } from '../platform/db/database';
import { accounts, products, subscriptions } from '../platform/db/schema';
import type { AccountRow } from '../platform/session';
import { insertAccount } from '../accounts/accountStore';
import { addDays } from '../platform/dates';
import { recordVendorDelivery } from './deliveredSubscriptions';

// Small builders for the lifecycle tests: accounts and subscriptions added to the demo world, so
// each test arranges exactly the case it names without depending on the demo catalog's details.

export async function accountNamed(db: Database, displayName: string): Promise<AccountRow> {
  const [row] = await db.select().from(accounts).where(eq(accounts.displayName, displayName)).orderBy(accounts.id).limit(1);
  if (!row) throw new Error(`no account named ${displayName}`);
  return row;
}

export async function reload(db: Database, account: Pick<AccountRow, 'id'>): Promise<AccountRow> {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, account.id)).limit(1);
  return row!;
}

export const addAccount = (db: Database, type: AccountType, parent: AccountRow, displayName: string) => insertAccount(db, { type, parent, displayName });

export interface SubscriptionSpec {
  productName: string;
  parentTypes?: AccountType[];
  isPrepaid?: boolean;
  autoRenew?: 'Renew' | 'Terminate';
  lockPeriodEndDate?: Date | null;
}

/** A Product account (a subscription) under parent, its product created on first use. */
export async function addSubscription(db: Database, parent: AccountRow, displayName: string, spec: SubscriptionSpec): Promise<AccountRow> {
  await db
    .insert(products)
    .values({ name: spec.productName, displayName: spec.productName, parentTypes: spec.parentTypes ?? ['Company'], isPrepaid: spec.isPrepaid ?? false })
    .onConflictDoNothing();
  const account = await insertAccount(db, { type: 'Product', parent, displayName, productName: spec.productName });
  await db.insert(subscriptions).values({
    accountId: account.id,
    productName: spec.productName,
    isPrepaid: spec.isPrepaid ?? false,
    autoRenew: spec.autoRenew ?? 'Renew',
    commitment: spec.isPrepaid ? 'annual' : '1-month',
    lockPeriodEndDate: spec.lockPeriodEndDate ?? null,
  });
  await recordVendorDelivery(db, account.path);
  return account;
}

export async function auditEntries(db: Database, action: string, accountId: number) {
  const result = (await db.execute(sql`select actor_account_id, account_path, details from audit_log where action = ${action} and account_id = ${accountId} order by id`)) as unknown as {
    rows: { actor_account_id: number | null; account_path: string | null; details: Record<string, unknown> }[];
  };
  return result.rows;
}

export const daysFromNow = (days: number) => addDays(new Date(), days);
