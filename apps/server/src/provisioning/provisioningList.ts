import { aliasedTable, and, asc, count, desc, eq, gte, ilike, isNotNull, lte, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { isAllowed, requirement, type SecurityRule } from '@cmp/contracts/capabilities';
import {
  allowedProvisioningActions,
  type GetProvisioningRequestsRequest,
  type ProvisioningAction,
  type ProvisioningOrderStatus,
  type ProvisioningRequest,
  type ProvisioningSortField,
} from '@cmp/contracts/provisioning';
import type { SortDirection } from '@cmp/contracts/users';
import type { Queryable } from '../platform/db/database';
import { accounts, products, provisioningRequests } from '../platform/db/schema';
import { escapeLike } from '../platform/db/likePattern';
import type { AccountRow, CallerSession } from '../platform/session';
import { visibleProvisioningRequests } from './provisioningQueries';

// Who may see and act on which provisioning requests (issue 14), and the list of /provisioning.
//
// Capabilities (spec §2 "/provisioning"; packages/contracts/src/capabilities.ts has Read, Create,
// Execute and Delete — no Update):
//   reading   FAILED_PROVISIONING Read → the requests of every company in the caller's hierarchy;
//             FAILED_PROVISIONING_OWNED Read → the ones the caller sent (provisioningQueries.ts).
//   acting    FAILED_PROVISIONING Execute → on the hierarchy's requests; FAILED_PROVISIONING_OWNED
//             Execute → on the caller's own. Every hand action (cancel, complete, escalate,
//             resubmit, retry) runs something on a request, so Execute for all five.
// A request outside what the caller may read answers NotFound, like one that does not exist.

export const readRule: SecurityRule = { any: [requirement('FAILED_PROVISIONING', ['Read']), requirement('FAILED_PROVISIONING_OWNED', ['Read'])] };
export const actRule: SecurityRule = { any: [requirement('FAILED_PROVISIONING', ['Execute']), requirement('FAILED_PROVISIONING_OWNED', ['Execute'])] };

/** The company account of a request (aliased: a request also names its subscription and creator accounts). */
export const requestCompany = aliasedTable(accounts, 'request_company');
const vendors = alias(accounts, 'request_vendor');
const escalators = alias(accounts, 'request_escalator');
const actors = alias(accounts, 'request_actor');

/** Whether the caller may act on a request it can see: hierarchy-wide with Failed Provisioning Execute, its own with the Owned one. */
export function mayActOn(caller: CallerSession, request: { companyPath: string; createdByAccountId: number | null }): boolean {
  if (isAllowed(caller.capabilities, requirement('FAILED_PROVISIONING', ['Execute'])) && request.companyPath.startsWith(caller.companyAccount.path)) return true;
  return isAllowed(caller.capabilities, requirement('FAILED_PROVISIONING_OWNED', ['Execute'])) && request.createdByAccountId === caller.userAccount.id;
}

/** What the caller may do with a request now: the action table, if the caller may act on it at all. */
export function allowedActionsFor(caller: CallerSession, request: typeof provisioningRequests.$inferSelect, companyPath: string): ProvisioningAction[] {
  if (!mayActOn(caller, { companyPath, createdByAccountId: request.createdByAccountId })) return [];
  return allowedProvisioningActions({ OrderStatus: request.orderStatus as ProvisioningOrderStatus, IsFinalStatus: request.isFinalStatus, Escalated: request.escalatedAt !== null });
}

const SORT_COLUMNS: Record<ProvisioningSortField, AnyColumn | SQL> = {
  SendDate: sql`coalesce(${provisioningRequests.sendDate}, ${provisioningRequests.createdAt})`,
  Service: products.displayName,
  Customer: requestCompany.displayName,
  Action: provisioningRequests.action,
  OrderStatus: provisioningRequests.orderStatus,
  ProductStatus: provisioningRequests.productStatus,
  Escalated: provisioningRequests.escalatedAt,
  RequestId: provisioningRequests.id,
};

/** A bare date (2026-11-26) as the start of that day in UTC, or its end for an upper bound. */
function dateBound(value: string, end: boolean): Date {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return new Date(`${value}T${end ? '23:59:59.999' : '00:00:00.000'}Z`);
  return new Date(value);
}

type ListInput = Required<Pick<GetProvisioningRequestsRequest, 'filter' | 'page' | 'pageSize'>> & { sortBy: ProvisioningSortField; sortDirection: SortDirection };

/** One page of the requests the caller may see, optionally only those of `account`'s subtree (or of that subscription). */
export async function listProvisioningRequests(db: Queryable, caller: CallerSession, input: ListInput, account?: AccountRow) {
  const filter = input.filter;
  const when = sql`coalesce(${provisioningRequests.sendDate}, ${provisioningRequests.createdAt})`;
  const visible = visibleProvisioningRequests(caller, requestCompany);
  const conditions: (SQL | undefined)[] = [
    visible,
    account ? or(like(requestCompany.path, account.path), eq(provisioningRequests.subscriptionAccountId, account.id)) : undefined,
    filter.Status ? eq(provisioningRequests.orderStatus, filter.Status) : undefined,
    filter.DateFrom ? gte(when, dateBound(filter.DateFrom, false)) : undefined,
    filter.DateTo ? lte(when, dateBound(filter.DateTo, true)) : undefined,
    filter.CustomerAccountId ? eq(provisioningRequests.companyAccountId, filter.CustomerAccountId) : undefined,
    filter.Customer ? or(ilike(requestCompany.displayName, contains(filter.Customer)), ilike(provisioningRequests.customerId, contains(filter.Customer))) : undefined,
    filter.VendorAccountId ? eq(products.vendorAccountId, filter.VendorAccountId) : undefined,
    filter.Text
      ? or(
          ilike(products.displayName, contains(filter.Text)),
          ilike(provisioningRequests.productName, contains(filter.Text)),
          ilike(requestCompany.displayName, contains(filter.Text)),
          ilike(provisioningRequests.errorMessage, contains(filter.Text)),
        )
      : undefined,
  ];
  const where = and(...conditions);
  const direction = input.sortDirection === 'asc' ? asc : desc;
  const rows = await db
      .select({
        request: provisioningRequests,
        serviceDisplayName: products.displayName,
        vendorAccountId: products.vendorAccountId,
        vendorName: vendors.displayName,
        companyName: requestCompany.displayName,
        companyPath: requestCompany.path,
        escalatedByName: escalators.displayName,
        lastActionByName: actors.displayName,
      })
      .from(provisioningRequests)
      .innerJoin(requestCompany, eq(requestCompany.id, provisioningRequests.companyAccountId))
      .innerJoin(products, eq(products.name, provisioningRequests.productName))
      .leftJoin(vendors, eq(vendors.id, products.vendorAccountId))
      .leftJoin(escalators, eq(escalators.id, provisioningRequests.escalatedByAccountId))
      .leftJoin(actors, eq(actors.id, provisioningRequests.lastActionByAccountId))
    .where(where)
    .orderBy(direction(SORT_COLUMNS[input.sortBy]), direction(provisioningRequests.id))
    .limit(input.pageSize)
    .offset(input.page * input.pageSize);
  const [total] = await db
    .select({ n: count() })
    .from(provisioningRequests)
    .innerJoin(requestCompany, eq(requestCompany.id, provisioningRequests.companyAccountId))
    .innerJoin(products, eq(products.name, provisioningRequests.productName))
    .where(where);
  // The vendor filter offers the vendors of every request the caller may see (of this account).
  const vendorRows = await db
    .selectDistinct({ AccountId: vendors.id, Name: vendors.displayName })
    .from(provisioningRequests)
    .innerJoin(requestCompany, eq(requestCompany.id, provisioningRequests.companyAccountId))
    .innerJoin(products, eq(products.name, provisioningRequests.productName))
    .innerJoin(vendors, eq(vendors.id, products.vendorAccountId))
    .where(and(visible, isNotNull(products.vendorAccountId), conditions[1]));

  const requests: ProvisioningRequest[] = rows.map((row) => {
    const r = row.request;
    return {
      RequestId: r.id,
      OrderId: r.orderId,
      Action: r.action,
      Quantity: r.quantity,
      ServiceName: r.productName,
      ServiceDisplayName: row.serviceDisplayName,
      VendorAccountId: row.vendorAccountId,
      VendorName: row.vendorName,
      CompanyAccountId: r.companyAccountId,
      CompanyName: row.companyName,
      SubscriptionAccountId: r.subscriptionAccountId,
      CustomerId: r.customerId,
      OrderStatus: r.orderStatus,
      ProductStatus: r.productStatus,
      IsFinalStatus: r.isFinalStatus,
      RollbackCompleted: r.rollbackCompleted,
      ErrorMessage: r.errorMessage,
      SendDate: r.sendDate?.toISOString() ?? null,
      CreatedAt: r.createdAt.toISOString(),
      EscalatedAt: r.escalatedAt?.toISOString() ?? null,
      EscalatedByName: row.escalatedByName,
      LastAction: (r.lastAction as ProvisioningAction | null) ?? null,
      LastActionAt: r.lastActionAt?.toISOString() ?? null,
      LastActionByName: row.lastActionByName,
      AllowedActions: allowedActionsFor(caller, r, row.companyPath),
    };
  });
  return {
    Requests: requests,
    Total: Number(total?.n ?? 0),
    Vendors: vendorRows.sort((a, b) => a.Name.localeCompare(b.Name) || a.AccountId - b.AccountId),
    CanAct: isAllowed(caller.capabilities, actRule),
  };
}

const contains = (text: string) => `%${escapeLike(text)}%`;
const like = (column: AnyColumn, prefix: string) => sql`${column} like ${`${escapeLike(prefix)}%`}`;
