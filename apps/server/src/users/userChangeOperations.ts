import { and, eq, ne, sql } from 'drizzle-orm';
import { okResponseSchema } from '@cmp/contracts/auth';
import { isGrantableBy, requirement } from '@cmp/contracts/capabilities';
import { changeUserAdminStatusRequestSchema, changeUserStatusRequestSchema, changeUsernameRequestSchema, resetUserPasswordRequestSchema } from '@cmp/contracts/users';
import { auditAccountChange } from '../platform/audit';
import { accounts, roles, users } from '../platform/db/schema';
import { ApiError } from '../platform/errors';
import { defineOperation } from '../platform/operations';
import { endAllSessionsOfUser } from '../platform/session';
import { capabilitiesOfRoles } from '../auth/roleStore';
import { companyAdministratorRoleId, isAdministrator, setAdministrator } from './administratorRole';
import { createResetLink, mailResetLink } from '../auth/resetLinks';
import { requireUserFor } from './userAccess';
import { isUniqueViolation } from '../platform/db/dbErrors';

// Each change needs its own capability with Execute (USER_CHANGE_STATUS …) and a user inside the
// caller's hierarchy; each writes its audit entry in the transaction of the change.
const CHANGE_STATUS = requirement('USER_CHANGE_STATUS', ['Execute']);
const CHANGE_ADMIN_STATUS = requirement('USER_CHANGE_ADMIN_STATUS', ['Execute']);
const CHANGE_USERNAME = requirement('USER_CHANGE_USERNAME', ['Execute']);
const RESET_PASSWORD = requirement('USER_RESET_PASSWORD', ['Execute']);

const changeUserStatus = defineOperation({
  service: 'IAccountService',
  operation: 'ChangeUserStatus',
  summary: 'Enables or disables a user; disabling ends all of their sessions at once (DESIGN.md sessions). Nobody disables themselves.',
  request: changeUserStatusRequestSchema,
  response: okResponseSchema,
  rule: CHANGE_STATUS,
  async handler(input, ctx) {
    const { db, caller } = ctx;
    const { account, user } = await requireUserFor(db, caller, input.userAccountId, CHANGE_STATUS);
    const isDisabled = input.status === 'Disabled';
    if (isDisabled && account.id === caller.userAccount.id) throw new ApiError(400, 'user_cannot_disable_self');
    if (user.isDisabled === isDisabled) return { Success: true };
    await db.transaction(async (tx) => {
      await tx.update(users).set({ isDisabled }).where(eq(users.accountId, account.id));
      if (isDisabled) await endAllSessionsOfUser(tx, account.id);
      const details = { Username: user.username, Before: user.isDisabled ? 'Disabled' : 'Enabled', After: input.status };
      await auditAccountChange(tx, ctx, 'UserStatusChanged', account, details);
    });
    return { Success: true };
  },
});

const changeUserAdminStatus = defineOperation({
  service: 'IAccountService',
  operation: 'ChangeUserAdminStatus',
  summary: "Makes a user an administrator of their company or not: the administrator flag plus the company's administrator role, when it has one. Nobody changes their own.",
  request: changeUserAdminStatusRequestSchema,
  response: okResponseSchema,
  rule: CHANGE_ADMIN_STATUS,
  async handler(input, ctx) {
    const { db, caller } = ctx;
    const { account, user } = await requireUserFor(db, caller, input.userAccountId, CHANGE_ADMIN_STATUS);
    if (account.id === caller.userAccount.id) throw new ApiError(400, 'user_cannot_change_own_admin_status');
    const before = await isAdministrator(db, account, user.isAdmin);
    if (before === input.isAdministrator && user.isAdmin === input.isAdministrator) return { Success: true };
    // Making someone administrator gives the company's administrator role: only as much as the caller holds.
    const roleId = input.isAdministrator ? await companyAdministratorRoleId(db, account) : undefined;
    if (roleId !== undefined && !isGrantableBy((await capabilitiesOfRoles(db, [roleId])).get(roleId) ?? [], caller.capabilities)) {
      throw new ApiError(403, 'role_not_grantable', { role: (await db.select({ name: roles.name }).from(roles).where(eq(roles.id, roleId)))[0]!.name });
    }
    await db.transaction(async (tx) => {
      await setAdministrator(tx, account, input.isAdministrator);
      const details = { Username: user.username, Before: before, After: input.isAdministrator };
      await auditAccountChange(tx, ctx, 'UserAdminStatusChanged', account, details);
    });
    return { Success: true };
  },
});

const changeUsername = defineOperation({
  service: 'IAccountService',
  operation: 'ChangeUsername',
  summary: "Renames a user's sign-in name; usernames are unique case-insensitively. The User view's Username follows.",
  request: changeUsernameRequestSchema,
  response: okResponseSchema,
  rule: CHANGE_USERNAME,
  async handler(input, ctx) {
    const { db, caller } = ctx;
    const { account, user } = await requireUserFor(db, caller, input.userAccountId, CHANGE_USERNAME);
    const newUsername = input.newUsername;
    if (newUsername === user.username) return { Success: true };
    const notUnique = () => new ApiError(400, 'field_not_unique', { field: 'newUsername', value: newUsername });
    const [taken] = await db
      .select({ id: users.accountId })
      .from(users)
      .where(and(eq(sql`lower(${users.username})`, newUsername.toLowerCase()), ne(users.accountId, account.id)))
      .limit(1);
    if (taken) throw notUnique();
    try {
      await db.transaction(async (tx) => {
        await tx.update(users).set({ username: newUsername }).where(eq(users.accountId, account.id));
        // Keep accounts.views.User.Values.Username in step: the account view shows it from there.
        await tx
          .update(accounts)
          .set({
            views: sql`${accounts.views} || jsonb_build_object('User', coalesce(${accounts.views} -> 'User', '{}'::jsonb) || jsonb_build_object('Values', coalesce(${accounts.views} #> '{User,Values}', '{}'::jsonb) || jsonb_build_object('Username', ${newUsername}::text)))`,
            updatedAt: new Date(),
          })
          .where(eq(accounts.id, account.id));
        await auditAccountChange(tx, ctx, 'UsernameChanged', account, { Before: user.username, After: newUsername });
      });
    } catch (error) {
      // Two renames to the same name at once: the unique index decides, the loser gets the same 400.
      if (isUniqueViolation(error)) throw notUnique();
      throw error;
    }
    return { Success: true };
  },
});

const resetUserPassword = defineOperation({
  service: 'IAccountService',
  operation: 'ResetUserPassword',
  summary: 'Sends the user the password reset e-mail (the single-use link of RequestResetPassword); the administrator never sees a password.',
  request: resetUserPasswordRequestSchema,
  response: okResponseSchema,
  rule: RESET_PASSWORD,
  async handler(input, ctx) {
    const { db, caller } = ctx;
    const { account, user } = await requireUserFor(db, caller, input.userAccountId, RESET_PASSWORD);
    if (!user.email) throw new ApiError(400, 'field_required', { field: 'Email' });
    const link = await db.transaction(async (tx) => {
      const resetLink = await createResetLink(tx, ctx.config, user);
      const details = { Username: user.username, Email: user.email };
      await auditAccountChange(tx, ctx, 'UserPasswordResetByAdmin', account, details);
      return resetLink;
    });
    await mailResetLink(ctx, user, link);
    return { Success: true };
  },
});

export const userChangeOperations = [changeUserStatus, changeUserAdminStatus, changeUsername, resetUserPassword];
