import { and, asc, count, desc, eq, ilike, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { SortDirection, UserFilter, UserListItem, UserSortField } from '@cmp/contracts/users';
import { escapeLike } from '../platform/db/likePattern';
import type { Queryable } from '../platform/db/database';
import { accounts, roles, userRoles, users } from '../platform/db/schema';
import type { AccountRow } from '../platform/session';

const parent = alias(accounts, 'parent');

/**
 * Whose users an account lists: a company or department lists every user below it (departments
 * included); a reseller (or vendor) only its own users, not its customers' users.
 */
function usersOf(account: AccountRow): SQL {
  return account.type === 'Company' || account.type === 'Department' ? like(accounts.path, `${escapeLike(account.path)}%`) : eq(accounts.parentId, account.id);
}

/** The administrator flag, or the company's administrator role held through user_roles. */
const isAdministrator = sql<boolean>`(${users.isAdmin} or exists (
  select 1 from ${userRoles} join ${roles} on ${roles.id} = ${userRoles.roleId}
   where ${userRoles.userAccountId} = ${accounts.id} and ${roles.isAdministrator}))`;
const departmentName = sql<string | null>`case when ${parent.type} = 'Department' then ${parent.displayName} end`;

const SORT_COLUMNS: Record<UserSortField, SQL | typeof accounts.displayName> = {
  Name: sql`lower(${accounts.displayName})`,
  Username: sql`lower(${users.username})`,
  Email: sql`lower(${users.email})`,
  Department: sql`lower(${departmentName})`,
  Status: sql`${users.isDisabled}`,
  IsAdministrator: isAdministrator,
  LastLogon: sql`${users.lastLogonAt}`,
};

export interface UserQuery {
  sortBy: UserSortField;
  sortDirection: SortDirection;
  filter: UserFilter;
}

function whereOf(account: AccountRow, filter: UserFilter): SQL {
  const conditions: (SQL | undefined)[] = [eq(accounts.type, 'User'), usersOf(account)];
  if (filter.text) {
    const pattern = `%${escapeLike(filter.text)}%`;
    conditions.push(or(ilike(accounts.displayName, pattern), ilike(users.username, pattern), ilike(users.email, pattern)));
  }
  if (filter.status) conditions.push(eq(users.isDisabled, filter.status === 'Disabled'));
  return and(...conditions)!;
}

/** One page of an account's users (or all of them for the export when `page` is omitted), with the total. */
export async function listUsers(db: Queryable, account: AccountRow, query: UserQuery, page?: { page: number; pageSize: number }): Promise<{ users: UserListItem[]; total: number }> {
  const where = whereOf(account, query.filter);
  const order = query.sortDirection === 'desc' ? desc : asc;
  const base = db
    .select({
      id: accounts.id,
      displayName: accounts.displayName,
      state: accounts.state,
      username: users.username,
      email: users.email,
      isDisabled: users.isDisabled,
      isAdministrator: isAdministrator,
      lastLogonAt: users.lastLogonAt,
      departmentId: sql<number | null>`case when ${parent.type} = 'Department' then ${parent.id} end`,
      departmentName,
    })
    .from(accounts)
    .innerJoin(users, eq(users.accountId, accounts.id))
    .leftJoin(parent, eq(parent.id, accounts.parentId))
    .where(where)
    // Nulls (never signed in, no department) last whichever way the column is sorted.
    .orderBy(sql`${order(SORT_COLUMNS[query.sortBy])} nulls last`, asc(accounts.id));
  const rows = page ? await base.limit(page.pageSize).offset(page.page * page.pageSize) : await base.limit(EXPORT_ROW_LIMIT);
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(accounts)
    .innerJoin(users, eq(users.accountId, accounts.id))
    .leftJoin(parent, eq(parent.id, accounts.parentId))
    .where(where);
  const rolesByUser = await rolesOfUsers(db, rows.map((row) => row.id));
  return {
    total,
    users: rows.map((row) => ({
      AccountId: row.id,
      DisplayName: row.displayName,
      Username: row.username,
      Email: row.email,
      DepartmentAccountId: row.departmentId === null ? null : Number(row.departmentId),
      DepartmentName: row.departmentName,
      Status: row.isDisabled ? 'Disabled' : 'Enabled',
      IsAdministrator: Boolean(row.isAdministrator),
      Roles: rolesByUser.get(row.id) ?? [],
      LastLogonAt: row.lastLogonAt ? new Date(row.lastLogonAt).toISOString() : null,
      IsTerminated: row.state === 'Terminated',
    })),
  };
}

/** An export holds at most this many users; a larger company filters first. */
export const EXPORT_ROW_LIMIT = 50_000;

export async function rolesOfUsers(db: Queryable, userAccountIds: number[]): Promise<Map<number, { RoleId: number; Name: string }[]>> {
  const byUser = new Map<number, { RoleId: number; Name: string }[]>();
  if (!userAccountIds.length) return byUser;
  const rows = await db
    .select({ userAccountId: userRoles.userAccountId, roleId: roles.id, name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(inArray(userRoles.userAccountId, userAccountIds))
    .orderBy(asc(roles.name));
  for (const row of rows) byUser.set(row.userAccountId, [...(byUser.get(row.userAccountId) ?? []), { RoleId: row.roleId, Name: row.name }]);
  return byUser;
}
