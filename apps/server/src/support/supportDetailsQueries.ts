import { inArray } from 'drizzle-orm';
import { SUPPORT_DETAIL_FIELDS, type SupportDetails } from '@cmp/contracts/support';
import type { Queryable } from '../platform/db/database';
import { supportDetails } from '../platform/db/schema';
import { pathIds } from '../platform/session';

/** Every field of spec §3 "Support details", empty where the stored details do not set it. */
export function completeSupportDetails(stored: Record<string, string> | undefined): SupportDetails {
  return Object.fromEntries(SUPPORT_DETAIL_FIELDS.map((field) => [field, stored?.[field] ?? ''])) as SupportDetails;
}

/**
 * The details of the nearest account on `path` (the account itself first, then upwards to the
 * platform owner) that has its own: support details are inherited down the hierarchy.
 */
export async function nearestSupportDetails(db: Queryable, path: string): Promise<SupportDetails> {
  const ids = pathIds(path);
  if (ids.length === 0) return completeSupportDetails(undefined);
  const rows = await db.select().from(supportDetails).where(inArray(supportDetails.accountId, ids));
  const nearest = rows.sort((a, b) => ids.indexOf(b.accountId) - ids.indexOf(a.accountId))[0];
  return completeSupportDetails(nearest?.details);
}
