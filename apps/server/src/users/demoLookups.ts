import { eq } from 'drizzle-orm';
import type { Queryable } from '../platform/db/database';
import { accounts, users } from '../platform/db/schema';

// For the API tests of users, audit log and notifications: the demo world's ids by name.

export async function accountIdByName(db: Queryable, displayName: string): Promise<number> {
  const [row] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.displayName, displayName)).limit(1);
  if (!row) throw new Error(`no demo account ${displayName}`);
  return row.id;
}

export async function userIdByName(db: Queryable, username: string): Promise<number> {
  const [row] = await db.select({ id: users.accountId }).from(users).where(eq(users.username, username)).limit(1);
  if (!row) throw new Error(`no demo user ${username}`);
  return row.id;
}
