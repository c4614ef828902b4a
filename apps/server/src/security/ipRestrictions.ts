import { inArray } from 'drizzle-orm';
import type { Queryable } from '../platform/db/database';
import { ipRestrictions } from '../platform/db/schema';
import { ApiError } from '../platform/errors';
import { pathIds } from '../platform/session';
import { isAddressInList, parseIpList } from './ipRanges';

/**
 * The lists of an account and of every account above it apply (identity issue: "for the account
 * and the accounts under it"): at each level a deny match blocks, and a non-empty allow list that
 * does not match blocks.
 */
export async function isAddressAllowed(db: Queryable, accountPath: string, address: string): Promise<boolean> {
  const ids = pathIds(accountPath);
  if (ids.length === 0) return true;
  const rows = await db.select().from(ipRestrictions).where(inArray(ipRestrictions.accountId, ids));
  for (const row of rows) {
    const deny = parseIpList(row.denyList);
    const allow = parseIpList(row.allowList);
    // Stored lists were validated on save; an unparsable one (edited by hand) fails closed.
    if ('invalid' in deny || 'invalid' in allow) return false;
    if (isAddressInList(address, deny.entries)) return false;
    if (allow.entries.length > 0 && !isAddressInList(address, allow.entries)) return false;
  }
  return true;
}

export async function assertAddressAllowed(db: Queryable, accountPath: string, address: string): Promise<void> {
  if (!(await isAddressAllowed(db, accountPath, address))) throw new ApiError(403, 'ip_blocked', { address });
}
