import { eq } from 'drizzle-orm';
import type { CapabilityRequirement } from '@cmp/contracts/capabilities';
import { assertAccountWritable } from '../accounts/accountAccess';
import { requireAccountInHierarchy } from '../platform/access';
import type { Queryable } from '../platform/db/database';
import { users } from '../platform/db/schema';
import { ApiError } from '../platform/errors';
import type { AccountRow, CallerSession, UserRow } from '../platform/session';

/**
 * The user an administrator acts on: inside the caller's hierarchy (missing and foreign ids get the
 * same 403), a User account, and not terminated.
 */
export async function requireUserFor(db: Queryable, caller: CallerSession, userAccountId: number, req: CapabilityRequirement): Promise<{ account: AccountRow; user: UserRow }> {
  const account = await requireAccountInHierarchy(db, caller, userAccountId, req);
  const [user] = account.type === 'User' ? await db.select().from(users).where(eq(users.accountId, account.id)).limit(1) : [];
  if (!user) throw new ApiError(400, 'field_invalid_value', { field: 'userAccountId', value: String(userAccountId) });
  assertAccountWritable(account);
  return { account, user };
}
