import { and, asc, eq, like } from 'drizzle-orm';
import { z } from 'zod';
import { isAllowed } from '@cmp/contracts/capabilities';
import { accountRequirement, requireAccountFor } from '../../accounts/accountAccess';
import { accounts, users } from '../../platform/db/schema';
import type { Queryable } from '../../platform/db/database';
import { ApiError, accessDenied } from '../../platform/errors';
import type { AccountRow, CallerSession } from '../../platform/session';
import { definePartnerOperation } from '../partnerOperation';
import { partnerDateTime } from '../partnerCompany';

/** The definition's `User`. */
export const partnerUserSchema = z.object({
  AccountId: z.number().int(),
  AccountState: z.string(),
  Email: z.string(),
  FirstName: z.string(),
  LastName: z.string(),
  ParentAccountId: z.number().int(),
  Username: z.string(),
  LastLogon: z.string(),
});
type PartnerUser = z.infer<typeof partnerUserSchema>;

const accountId = z.number().int().positive();

async function requireUser(db: Queryable, caller: CallerSession, id: number): Promise<{ account: AccountRow; user: typeof users.$inferSelect }> {
  const account = await requireAccountFor(db, caller, id, 'Read');
  const [user] = account.type === 'User' ? await db.select().from(users).where(eq(users.accountId, account.id)).limit(1) : [];
  if (!user) throw new ApiError(404, 'partner_api_not_a_user', { accountId: String(id) });
  return { account, user };
}

function toPartnerUser(account: AccountRow, user: typeof users.$inferSelect): PartnerUser {
  return {
    AccountId: account.id,
    AccountState: account.state,
    Email: user.email,
    FirstName: user.firstName,
    LastName: user.lastName,
    ParentAccountId: account.parentId ?? 0,
    Username: user.username,
    LastLogon: user.lastLogonAt ? partnerDateTime(user.lastLogonAt) : '',
  };
}

const getUser = definePartnerOperation({
  name: 'GetUser',
  group: 'User',
  summary: "A user by accountId (default: the token's own user).",
  request: z.object({ accountId: accountId.optional() }).strict(),
  answer: partnerUserSchema,
  readOnly: true,
  async handler(input, { db, caller }) {
    const { account, user } = await requireUser(db, caller, input.accountId ?? caller.userAccount.id);
    return toPartnerUser(account, user);
  },
});

const getUsers = definePartnerOperation({
  name: 'GetUsers',
  group: 'User',
  summary: "Every user under the company's account (its departments' users too), by name.",
  request: z.object({ companyAccountId: accountId }).strict(),
  answer: z.array(partnerUserSchema),
  readOnly: true,
  async handler({ companyAccountId }, { db, caller }) {
    const company = await requireAccountFor(db, caller, companyAccountId, 'Read');
    if (!isAllowed(caller.capabilities, accountRequirement('User', 'Read'))) throw accessDenied();
    const rows = await db
      .select({ account: accounts, user: users })
      .from(accounts)
      .innerJoin(users, eq(users.accountId, accounts.id))
      .where(and(eq(accounts.type, 'User'), like(accounts.path, `${company.path}%`)))
      .orderBy(asc(users.lastName), asc(users.firstName), asc(accounts.id));
    return rows.map((row) => toPartnerUser(row.account, row.user));
  },
});

/** The portal's user view values of a partner's user fields. */
const userValues = (fields: { FirstName: string; LastName: string; Email?: string; Username?: string }) => ({
  Firstname: fields.FirstName,
  Lastname: fields.LastName,
  ...(fields.Email !== undefined && { Email: fields.Email }),
  ...(fields.Username !== undefined && { Username: fields.Username }),
});

const createUser = definePartnerOperation({
  name: 'CreateUser',
  group: 'User',
  summary: 'Creates a user under a company, reseller or department, through the portal\'s CreateAccount (the same checks, defaults, audit entry and invitation).',
  request: z
    .object({
      userAccount: z
        .object({ Email: z.string(), FirstName: z.string(), LastName: z.string(), ParentAccountId: accountId, Username: z.string() })
        .strict(),
    })
    .strict(),
  answer: partnerUserSchema,
  async handler({ userAccount }, ctx) {
    const created = (await ctx.portal('IAccountService/CreateAccount', {
      account: { Views: { Account: { Values: { AccountType: 'User', ParentAccountId: userAccount.ParentAccountId } }, User: { Values: userValues(userAccount) } } },
    })) as { AccountId: number };
    const { account, user } = await requireUser(ctx.db, ctx.caller, created.AccountId);
    return toPartnerUser(account, user);
  },
});

const updateUser = definePartnerOperation({
  name: 'UpdateUser',
  group: 'User',
  summary: 'Changes a user\'s first and last name (always sent) and e-mail, through the portal\'s UpdateAccount.',
  request: z.object({ user: z.object({ AccountId: accountId, FirstName: z.string(), LastName: z.string(), Email: z.string().optional() }).strict() }).strict(),
  answer: z.undefined(),
  async handler({ user }, ctx) {
    await requireUser(ctx.db, ctx.caller, user.AccountId);
    await ctx.portal('IAccountService/UpdateAccount', { accountId: user.AccountId, viewValues: { User: { Values: userValues(user) } } });
    return undefined;
  },
});

export const userOperations = [getUser, getUsers, createUser, updateUser];
