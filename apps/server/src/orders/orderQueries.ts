import { aliasedTable, and, desc, eq, gte, like, type SQL } from 'drizzle-orm';
import { isAllowed, requirement } from '@cmp/contracts/capabilities';
import type { Queryable } from '../platform/db/database';
import { accounts, orders, products } from '../platform/db/schema';
import type { CallerSession } from '../platform/session';

/**
 * Which orders a caller may see: with Credit Check Company Orders or Order Management Read (spec §2
 * "My orders", "Request review") those of every company in the caller's hierarchy, otherwise only
 * the orders the caller placed.
 */
export function visibleOrders(caller: CallerSession, company: typeof accounts): SQL {
  const seesCompanyOrders =
    isAllowed(caller.capabilities, requirement('CREDIT_CHECK_COMPANY_ORDERS', ['Read'])) ||
    isAllowed(caller.capabilities, requirement('CREDIT_CHECK_ORDER_MANAGEMENT', ['Read']));
  return seesCompanyOrders ? like(company.path, `${caller.companyAccount.path}%`) : eq(orders.createdByAccountId, caller.userAccount.id);
}

export interface OrderSummary {
  id: number;
  approvalStatus: string;
  productDisplayName: string;
  quantity: number;
  companyName: string;
  orderValue: string;
  currency: string;
  reason: string;
  createdAt: Date;
  decidedAt: Date | null;
}

/**
 * The caller's orders waiting for approval, then those rejected since `rejectedSince`, newest first
 * within each, at most `limit` of each.
 */
export async function openAndRecentlyRejectedOrders(db: Queryable, caller: CallerSession, rejectedSince: Date, limit: number): Promise<{ open: OrderSummary[]; rejected: OrderSummary[] }> {
  const company = aliasedTable(accounts, 'order_company');
  const select = (status: 'Pending' | 'Rejected', extra?: SQL) =>
    db
      .select({
        id: orders.id,
        approvalStatus: orders.approvalStatus,
        productDisplayName: products.displayName,
        quantity: orders.quantity,
        companyName: company.displayName,
        orderValue: orders.orderValue,
        currency: orders.currency,
        reason: orders.reason,
        createdAt: orders.createdAt,
        decidedAt: orders.decidedAt,
      })
      .from(orders)
      .innerJoin(company, eq(company.id, orders.companyAccountId))
      .innerJoin(products, eq(products.name, orders.productName))
      .where(and(eq(orders.approvalStatus, status), visibleOrders(caller, company), extra))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(limit);
  const [open, rejected] = await Promise.all([select('Pending'), select('Rejected', gte(orders.decidedAt, rejectedSince))]);
  return { open, rejected };
}

