import { sql } from 'drizzle-orm';
import type { AccountType, Views } from '@cmp/contracts/accounts';
import { normalizeLocale } from '@cmp/contracts/locales';
import { statementOnce } from '../platform/db/statementOnce';
import type { Queryable } from '../platform/db/database';
import { accounts, users } from '../platform/db/schema';
import type { AccountRow } from '../platform/session';

/**
 * An account's insert under its parent with its materialised path (`/1/57/1203/`): the id is taken
 * from the sequence once (a CTE with a volatile function is evaluated once) and both the id and the
 * path are made from it. Its values are the placeholders accountInsertBindings fills, so it is built
 * once (statementOnce.ts), on its own or as a part of a larger statement (placing an order's).
 */
export function accountInsertOf(q: Queryable) {
  const next = q.$with('next_account', { id: sql<number>`id` }).as(sql`select nextval(pg_get_serial_sequence('accounts', 'id'))::int as id`);
  return q
    .with(next)
    .insert(accounts)
    .values({
      id: sql`(select id from ${next})`,
      type: sql.placeholder('account.type'),
      parentId: sql.placeholder('account.parentId'),
      path: sql`${sql.placeholder('account.parentPath')}::text || (select id from ${next})::text || '/'`,
      displayName: sql.placeholder('account.displayName'),
      views: sql.placeholder('account.views'),
      productName: sql.placeholder('account.productName'),
    })
    .returning();
}

export interface NewAccount {
  type: AccountType;
  parent: AccountRow | null;
  displayName: string;
  views?: Views;
  productName?: string;
}

export function accountInsertBindings(input: NewAccount): Record<string, unknown> {
  return {
    'account.type': input.type,
    'account.parentId': input.parent?.id ?? null,
    'account.parentPath': input.parent?.path ?? '/',
    'account.displayName': input.displayName,
    'account.views': input.views ?? {},
    'account.productName': input.productName ?? null,
  };
}

const accountInsert = statementOnce(accountInsertOf);

/** Inserts an account (accountInsertOf). */
export async function insertAccount(db: Queryable, input: NewAccount): Promise<AccountRow> {
  const [row] = await accountInsert(db, accountInsertBindings(input));
  return row!;
}

export interface NewUser {
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  passwordHash: string | null;
  locale?: string;
}

/** A User account with its credentials row; the User view carries the names the portal shows. */
export async function insertUser(db: Queryable, parent: AccountRow, user: NewUser): Promise<AccountRow> {
  const account = await insertAccount(db, {
    type: 'User',
    parent,
    displayName: `${user.firstName} ${user.lastName}`.trim() || user.username,
    views: { User: { Values: { Firstname: user.firstName, Lastname: user.lastName, Email: user.email, Username: user.username } } },
  });
  await db.insert(users).values({
    accountId: account.id,
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    passwordHash: user.passwordHash,
    locale: user.locale ?? null,
  });
  return account;
}

/**
 * The credentials row of a user created from its User view values (CreateAccount, account imports):
 * no password yet — the invitation link or "forgot password" sets one.
 */
export async function insertUserCredentials(db: Queryable, accountId: number, user: Record<string, unknown>): Promise<void> {
  await db.insert(users).values(userCredentials(accountId, user));
}

export function userCredentials(accountId: number, user: Record<string, unknown>): typeof users.$inferInsert {
  return {
    accountId,
    username: String(user.Username),
    email: String(user.Email),
    firstName: String(user.Firstname ?? ''),
    lastName: String(user.Lastname ?? ''),
    passwordHash: null,
    locale: normalizeLocale(String(user.Language ?? '')) ?? null,
  };
}

/** `count` new account ids from the accounts sequence, in one statement (an import group's accounts). */
export async function allocateAccountIds(db: Queryable, count: number): Promise<number[]> {
  const result = (await db.execute(sql`select nextval(pg_get_serial_sequence('accounts', 'id'))::int as id from generate_series(1, ${count})`)) as unknown as { rows: { id: number }[] };
  return result.rows.map((row) => Number(row.id));
}
