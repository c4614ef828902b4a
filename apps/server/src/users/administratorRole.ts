import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../platform/db/database';
import { roles, userRoles, users } from '../platform/db/schema';
import { findCompanyAccount, type AccountRow } from '../platform/session';

/**
 * The administrator role owned by the user's company, when the company has one: the role the
 * company marked (roles.is_administrator; the owner moves the mark with SaveRole).
 */
export async function companyAdministratorRoleId(db: Queryable, userAccount: AccountRow): Promise<number | undefined> {
  const company = await findCompanyAccount(db, userAccount);
  if (!company) return undefined;
  const [role] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.ownerAccountId, company.id), eq(roles.isAdministrator, true)))
    .limit(1);
  return role?.id;
}

/**
 * USER_CHANGE_ADMIN_STATUS: sets users.is_admin and grants or withdraws the company's
 * administrator role with it, so the flag and the capabilities agree.
 */
export async function setAdministrator(tx: Queryable, userAccount: AccountRow, isAdministrator: boolean): Promise<void> {
  await tx.update(users).set({ isAdmin: isAdministrator }).where(eq(users.accountId, userAccount.id));
  const roleId = await companyAdministratorRoleId(tx, userAccount);
  if (roleId === undefined) return;
  if (isAdministrator) await tx.insert(userRoles).values({ userAccountId: userAccount.id, roleId }).onConflictDoNothing();
  else await tx.delete(userRoles).where(and(eq(userRoles.userAccountId, userAccount.id), eq(userRoles.roleId, roleId)));
}

/** Whether the user counts as an administrator now: the flag, or the company's administrator role. */
export async function isAdministrator(db: Queryable, userAccount: AccountRow, isAdminFlag: boolean): Promise<boolean> {
  if (isAdminFlag) return true;
  const roleId = await companyAdministratorRoleId(db, userAccount);
  if (roleId === undefined) return false;
  const [held] = await db
    .select({ roleId: userRoles.roleId })
    .from(userRoles)
    .where(and(eq(userRoles.userAccountId, userAccount.id), eq(userRoles.roleId, roleId)))
    .limit(1);
  return Boolean(held);
}
