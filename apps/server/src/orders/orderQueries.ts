import { aliasedTable, and, asc, count, desc, eq, gte, ilike, like, lt, or, type SQL } from 'drizzle-orm';
import { isAllowed, requirement } from '@cmp/contracts/capabilities';
import type { Order, OrderPriceLine } from '@cmp/contracts/orders';
import type { Queryable } from '../platform/db/database';
import { escapeLike } from '../platform/db/likePattern';
import { accounts, orders, products, subscriptions } from '../platform/db/schema';
import type { CallerSession } from '../platform/session';
import { parseDay, startOfDay } from '../platform/dates';

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

/** An Account Manager decides the orders of the companies below its own organisation (not its own). */
export const mayDecideOrdersOf = (caller: CallerSession, companyPath: string): boolean =>
  isAllowed(caller.capabilities, requirement('CREDIT_CHECK_ORDER_MANAGEMENT', ['Execute'])) &&
  companyPath.startsWith(caller.companyAccount.path) &&
  companyPath !== caller.companyAccount.path;

/** Whoever placed the order cancels it, or someone who manages the company's orders. */
export const mayCancelOrder = (caller: CallerSession, order: { createdByAccountId: number }, companyPath: string): boolean =>
  order.createdByAccountId === caller.userAccount.id ||
  (isAllowed(caller.capabilities, requirement('CREDIT_CHECK_COMPANY_ORDERS', ['Execute'])) && companyPath.startsWith(caller.companyAccount.path));

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

// ── The order lists and the order detail (issue 14: GetOrders, GetOrder) ──

const company = aliasedTable(accounts, 'o_company');
const parent = aliasedTable(accounts, 'o_parent');
const payer = aliasedTable(accounts, 'o_payer');
const seller = aliasedTable(accounts, 'o_seller');
const creator = aliasedTable(accounts, 'o_creator');
const decider = aliasedTable(accounts, 'o_decider');

function orderSelect(db: Queryable) {
  // The one select of the order list and detail; rows are OrderSelectRow.
  return db
    .select({
      order: orders,
      productDisplayName: products.displayName,
      companyName: company.displayName,
      companyPath: company.path,
      parentName: parent.displayName,
      payerName: payer.displayName,
      sellerName: seller.displayName,
      creatorName: creator.displayName,
      deciderName: decider.displayName,
      subscriptionStatus: subscriptions.status,
    })
    .from(orders)
    .innerJoin(products, eq(products.name, orders.productName))
    .innerJoin(company, eq(company.id, orders.companyAccountId))
    .innerJoin(parent, eq(parent.id, orders.parentAccountId))
    .innerJoin(payer, eq(payer.id, orders.payerAccountId))
    .innerJoin(seller, eq(seller.id, orders.sellerAccountId))
    .innerJoin(creator, eq(creator.id, orders.createdByAccountId))
    .leftJoin(decider, eq(decider.id, orders.decidedByAccountId))
    .leftJoin(subscriptions, eq(subscriptions.accountId, orders.subscriptionAccountId));
}
/** An order with the names it shows (the row of orderSelect, or one put together from values in hand). */
export interface OrderSelectRow {
  order: typeof orders.$inferSelect;
  productDisplayName: string;
  companyName: string;
  companyPath: string;
  parentName: string;
  payerName: string;
  sellerName: string;
  creatorName: string;
  deciderName: string | null;
  subscriptionStatus: string | null;
}

function toOrder(row: OrderSelectRow, caller: CallerSession): Order {
  const o = row.order;
  const pending = o.approvalStatus === 'Pending';
  return {
    Id: o.id,
    ApprovalStatus: o.approvalStatus,
    Kind: o.kind,
    PreviousQuantity: o.kind === 'QuantityIncrease' ? Number((o.change as { previousQuantity?: unknown } | null)?.previousQuantity ?? 0) || null : null,
    ProductName: o.productName,
    ProductDisplayName: row.productDisplayName,
    Quantity: o.quantity,
    Commitment: o.commitment,
    BillingFrequency: o.billingFrequency,
    IsPrepaid: o.isPrepaid,
    CompanyAccountId: o.companyAccountId,
    CompanyName: row.companyName,
    ParentAccountId: o.parentAccountId,
    ParentAccountName: row.parentName,
    PayerAccountId: o.payerAccountId,
    PayerName: row.payerName,
    SellerAccountId: o.sellerAccountId,
    SellerName: row.sellerName,
    CreatedByAccountId: o.createdByAccountId,
    CreatedByName: row.creatorName,
    Currency: o.currency,
    OrderValue: o.orderValue,
    CreditLimit: o.creditLimit,
    ProjectedInvoice: o.projectedInvoice,
    CreditCheck: o.creditCheck,
    Reason: o.reason,
    SubscriptionAccountId: o.subscriptionAccountId,
    SubscriptionStatus: row.subscriptionStatus,
    CreatedAt: o.createdAt.toISOString(),
    DecidedAt: o.decidedAt?.toISOString() ?? null,
    DecidedByName: row.deciderName,
    CanCancel: pending && mayCancelOrder(caller, o, row.companyPath),
    CanDecide: pending && mayDecideOrdersOf(caller, row.companyPath),
  };
}

export interface OrderListFilter {
  scope: 'Company' | 'Review';
  subtreePath?: string;
  status?: Order['ApprovalStatus'];
  text?: string;
  from?: string;
  to?: string;
  sortBy: 'CreatedAt' | 'OrderValue' | 'Company' | 'Service' | 'Status';
  sortDirection: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

export async function listOrders(db: Queryable, caller: CallerSession, filter: OrderListFilter): Promise<{ orders: Order[]; total: number }> {
  const text = filter.text ? `%${escapeLike(filter.text)}%` : undefined;
  const where = and(
    filter.scope === 'Review'
      ? and(like(company.path, `${caller.companyAccount.path}%`), eq(orders.approvalStatus, filter.status ?? 'Pending'))
      : and(visibleOrders(caller, company), filter.status ? eq(orders.approvalStatus, filter.status) : undefined),
    filter.subtreePath ? like(company.path, `${filter.subtreePath}%`) : undefined,
    text ? or(ilike(products.displayName, text), ilike(company.displayName, text), ilike(parent.displayName, text), ilike(orders.reason, text)) : undefined,
    filter.from ? gte(orders.createdAt, new Date(`${filter.from}T00:00:00Z`)) : undefined,
    filter.to ? lt(orders.createdAt, startOfDay(parseDay(filter.to) + 1)) : undefined,
  );
  const direction = filter.sortDirection === 'asc' ? asc : desc;
  const sortColumn = {
    CreatedAt: orders.createdAt,
    OrderValue: orders.orderValue,
    Company: company.displayName,
    Service: products.displayName,
    Status: orders.approvalStatus,
  }[filter.sortBy];
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    orderSelect(db)
      .where(where)
      .orderBy(direction(sortColumn), direction(orders.id))
      .limit(filter.pageSize)
      .offset(filter.page * filter.pageSize),
    db
      .select({ total: count() })
      .from(orders)
      .innerJoin(products, eq(products.name, orders.productName))
      .innerJoin(company, eq(company.id, orders.companyAccountId))
      .innerJoin(parent, eq(parent.id, orders.parentAccountId))
      .where(where),
  ]);
  return { orders: (rows as OrderSelectRow[]).map((row) => toOrder(row, caller)), total };
}

/** The order detail of a row (orderDetail's answer for it). */
export const orderDetailOf = (row: OrderSelectRow, caller: CallerSession): Order & { Lines: OrderPriceLine[] } => ({
  ...toOrder(row, caller),
  Lines: row.order.priceLines as OrderPriceLine[],
});

/** One order the caller may see, with its price lines; undefined for one it may not see (the caller answers 403). */
export async function orderDetail(db: Queryable, caller: CallerSession, orderId: number): Promise<(Order & { Lines: OrderPriceLine[] }) | undefined> {
  const [row] = (await orderSelect(db)
    .where(and(eq(orders.id, orderId), visibleOrders(caller, company)))
    .limit(1)) as OrderSelectRow[];
  return row ? orderDetailOf(row, caller) : undefined;
}
