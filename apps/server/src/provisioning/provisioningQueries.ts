import { aliasedTable, and, desc, eq, like, type SQL } from 'drizzle-orm';
import { isAllowed, requirement } from '@cmp/contracts/capabilities';
import type { Queryable } from '../platform/db/database';
import { accounts, products, provisioningRequests } from '../platform/db/schema';
import type { CallerSession } from '../platform/session';

/**
 * Which provisioning requests a caller may see: with Failed Provisioning Read (spec §2 "Provisioning")
 * those of every company in the caller's hierarchy, otherwise (Failed Provisioning Owned) the ones
 * the caller sent.
 */
export function visibleProvisioningRequests(caller: CallerSession, company: typeof accounts): SQL {
  return isAllowed(caller.capabilities, requirement('FAILED_PROVISIONING', ['Read']))
    ? like(company.path, `${caller.companyAccount.path}%`)
    : eq(provisioningRequests.createdByAccountId, caller.userAccount.id);
}

export interface FailedProvisioningSummary {
  id: number;
  orderId: number | null;
  action: string;
  productDisplayName: string;
  companyName: string;
  errorMessage: string | null;
  sendDate: Date | null;
  createdAt: Date;
}

/** Failed requests nobody has closed yet (not final): they wait for a retry, resubmit, escalation or cancel. */
export async function unresolvedFailedProvisioning(db: Queryable, caller: CallerSession, limit: number): Promise<FailedProvisioningSummary[]> {
  const company = aliasedTable(accounts, 'request_company');
  return db
    .select({
      id: provisioningRequests.id,
      orderId: provisioningRequests.orderId,
      action: provisioningRequests.action,
      productDisplayName: products.displayName,
      companyName: company.displayName,
      errorMessage: provisioningRequests.errorMessage,
      sendDate: provisioningRequests.sendDate,
      createdAt: provisioningRequests.createdAt,
    })
    .from(provisioningRequests)
    .innerJoin(company, eq(company.id, provisioningRequests.companyAccountId))
    .innerJoin(products, eq(products.name, provisioningRequests.productName))
    .where(and(eq(provisioningRequests.orderStatus, 'Failed'), eq(provisioningRequests.isFinalStatus, false), visibleProvisioningRequests(caller, company)))
    .orderBy(desc(provisioningRequests.createdAt), desc(provisioningRequests.id))
    .limit(limit);
}
