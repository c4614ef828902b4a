import { eq, sql } from 'drizzle-orm';
import { isAllowed, requirement, type CapabilityRequirement } from '@cmp/contracts/capabilities';
import {
  approveOrderRequestSchema,
  cancelOrderRequestSchema,
  declineOrderRequestSchema,
  getAvailableServicesRequestSchema,
  getAvailableServicesResponseSchema,
  getCreditLimitRequestSchema,
  getCreditLimitResponseSchema,
  getOrderResponseSchema,
  getOrdersRequestSchema,
  getOrdersResponseSchema,
  orderDecisionResponseSchema,
  orderIdRequestSchema,
  orderPreviewSchema,
  orderRequestSchema,
  placeOrderResponseSchema,
  setCreditLimitRequestSchema,
  setCreditLimitResponseSchema,
  type AvailableService,
  type Commitment,
} from '@cmp/contracts/orders';
import { accounts, companyCreditLimits } from '../platform/db/schema';
import type { Queryable } from '../platform/db/database';
import { ApiError, accessDenied } from '../platform/errors';
import { auditAccountChange } from '../platform/audit';
import { requireAccountInHierarchy } from '../platform/access';
import { REPLAYED_HEADER, withIdempotency } from '../platform/idempotency';
import { defineOperation, type OperationDefinition, type SignedInContext } from '../platform/operations';
import type { AccountRow, CallerSession } from '../platform/session';
import { escapeLike } from '../platform/db/likePattern';
import { money, moneyString } from '../pricing/money';
import { isSellerOf, billingCurrency } from '../customCharges/customChargeAccess';
import { rowsOf } from '../platform/db/rowsOf';
import { visibleServices } from '../explore/catalogViewer';
import { headlineItems, priceCatalogItems } from '../explore/servicePrices';
import { companyCredit, creditCurrency } from './creditCheck';
import { listOrders, mayCancelOrder, mayDecideOrdersOf, orderDetail } from './orderQueries';
import { orderOverview, viewerOfAccount } from './orderPricing';
import { decideOrder, type OrderDecision } from './orderStateMachine';
import { applyApprovedChange, settleRefusedChange } from './changeApprovals';
import { createProvisioningRequest, sendOrderProvisioning } from './placeOrder';
import { mailOrderDecided } from './orderMail';
import { checkOrderViewValues } from './orderViewValues';
import { ORDER_RULE, orderTarget, placeOrderAsCaller } from './placeOrderCall';
import { recordBusinessEvent } from '../realtime/businessEvents';

// Ordering (issue 14; spec §3 "Order", §4 "Order approval", §7 "credit-check orders (cancel,
// approve, decline)"). Placing, approving, declining and cancelling honour an Idempotency-Key
// (platform/idempotency.ts): the same key and body answer the stored result and nothing is done twice.

const MANAGE_RULE: CapabilityRequirement = requirement('CREDIT_CHECK_ORDER_MANAGEMENT', ['Execute']);


const getAvailableServices = defineOperation({
  service: 'IAccountService',
  operation: 'GetAvailableServices',
  readOnly: true,
  summary:
    "The services an account (accountId: a company, department or user in the caller's hierarchy) may order: those its company's pricelist offers for that account type, with the headline price per unit and billing period. Filter by text; page (page from 0, pageSize).",
  request: getAvailableServicesRequestSchema,
  response: getAvailableServicesResponseSchema,
  async handler(input, { db, caller, locale }) {
    const { parent, company } = await orderTarget(db, caller, input.accountId);
    const viewer = await viewerOfAccount(db, company, caller);
    const text = input.text ? `%${escapeLike(input.text)}%` : undefined;
    const where = sql`p.parent_types ? ${parent.type} ${text ? sql`and (s.name ilike ${text} or s.display_name ilike ${text} or s.short_description ilike ${text} or coalesce(v.display_name, '') ilike ${text})` : sql``}`;
    const from = sql`from ${visibleServices(viewer, locale)} s join products p on p.name = s.name left join accounts v on v.id = s.vendor_account_id where ${where}`;
    const [rows, [{ total } = { total: 0 }]] = await Promise.all([
      rowsOf<{ name: string; display_name: string; short_description: string; vendor_name: string | null; category: string | null; commitment_terms: Commitment[]; is_prepaid: boolean; billing_period: 'Monthly' | 'Annual' }>(
        db,
        sql`select s.name, s.display_name, s.short_description, v.display_name as vendor_name, s.category, p.commitment_terms, p.is_prepaid, p.billing_period
          ${from} order by s.ranking desc, s.display_name, s.name limit ${input.pageSize} offset ${input.page * input.pageSize}`,
      ),
      rowsOf<{ total: number }>(db, sql`select count(*)::int as total ${from}`),
    ]);
    const headlines = await headlineItems(
      db,
      rows.map((row) => row.name),
    );
    const prices = await priceCatalogItems(db, viewer, [...headlines.values()]);
    let currency: string | null = null;
    const services: AvailableService[] = rows.map((row) => {
      const item = headlines.get(row.name);
      const price = item ? prices.get(item.id) : undefined;
      currency ??= price?.Currency ?? null;
      return {
        ProductName: row.name,
        DisplayName: row.display_name,
        Description: row.short_description,
        VendorName: row.vendor_name ?? '',
        Category: row.category,
        Commitments: row.commitment_terms,
        IsPrepaid: row.is_prepaid,
        Price: price?.Amount ?? null,
        PriceUnit: item?.unit ?? null,
        BillingPeriod: row.billing_period,
        Problem: price ? price.Problem : item ? 'no_rule' : null,
      };
    });
    return {
      AccountId: parent.id,
      AccountName: parent.displayName,
      Currency: currency ?? (await billingCurrency(db, company)) ?? null,
      Services: services,
      Total: total,
      CanOrder: isAllowed(caller.capabilities, ORDER_RULE),
    };
  },
});

const previewOrder = defineOperation({
  service: 'IAccountService',
  operation: 'PreviewOrder',
  readOnly: true,
  summary:
    "The overview of an order before it is placed: each priceable item priced by the customer's pricelist with the rule that priced it, setup fee, recurring charge per billing period, order value (setup plus the first period), the company's open balance, credit limit and projected invoice, and whether the order will wait for approval (NeedsApproval). Nothing is written.",
  request: orderRequestSchema,
  response: orderPreviewSchema,
  rule: ORDER_RULE,
  async handler(input, { db, caller, locale }) {
    const { parent, company } = await orderTarget(db, caller, input.parentAccountId, ORDER_RULE);
    await checkOrderViewValues(db, input.productName, input.viewValues, locale, caller);
    return orderOverview(db, locale, input, parent, company, caller);
  },
});

const PLACE_ORDER = 'IAccountService/PlaceOrder';

const placeOrder = defineOperation({
  service: 'IAccountService',
  operation: 'PlaceOrder',
  keepsSessions: true,
  summary:
    'Places an order (Idempotency-Key honoured): the order is priced again — with expectedOrderValue, a price that moved since the overview answers 409 — and makes a Product account (the subscription, status Provisioning) under parentAccountId. Within the credit limit the order is Approved and provisioning starts; above it the order is Pending until an Account Manager approves or declines it or the orderer cancels it.',
  request: orderRequestSchema,
  response: placeOrderResponseSchema,
  rule: ORDER_RULE,
  async handler(input, ctx) {
    return placeOrderAsCaller(ctx, PLACE_ORDER, input);
  },
});

const getOrders = defineOperation({
  service: 'IAccountService',
  operation: 'GetOrders',
  readOnly: true,
  summary:
    "Orders the caller may see. scope 'Company' (spec §2 My orders): with Credit Check Company Orders Read those of the caller's hierarchy, otherwise the caller's own; scope 'Review' (Request review, Credit Check Order Management Read): those waiting for approval in the hierarchy. Filter by accountId (its subtree), status, text, from/to (dates of placing); sort (sortBy, sortDirection); page (page from 0, pageSize).",
  request: getOrdersRequestSchema,
  response: getOrdersResponseSchema,
  async handler(input, { db, caller }) {
    if (input.scope === 'Review' && !isAllowed(caller.capabilities, requirement('CREDIT_CHECK_ORDER_MANAGEMENT', ['Read']))) throw accessDenied();
    const subtree = input.accountId === undefined ? undefined : await requireAccountInHierarchy(db, caller, input.accountId);
    const { orders: list, total } = await listOrders(db, caller, {
      scope: input.scope,
      subtreePath: subtree?.path,
      status: input.status,
      text: input.text || undefined,
      from: input.from,
      to: input.to,
      sortBy: input.sortBy,
      sortDirection: input.sortDirection,
      page: input.page,
      pageSize: input.pageSize,
    });
    return { Orders: list, Total: total };
  },
});

const getOrder = defineOperation({
  service: 'IAccountService',
  operation: 'GetOrder',
  readOnly: true,
  summary: 'One order the caller may see (orderId), with its price lines and the rule that priced each; an order the caller may not see answers 403.',
  request: orderIdRequestSchema,
  response: getOrderResponseSchema,
  async handler(input, { db, caller }) {
    const order = await orderDetail(db, caller, input.orderId);
    if (!order) throw accessDenied();
    return { Order: order };
  },
});

/** Approve, decline or cancel: checked, decided conditionally (409 for the loser of a race), audited, provisioning sent after the commit. */
async function decide(ctx: SignedInContext, decision: OrderDecision, input: { orderId: number; reason?: string }) {
  const { db, caller } = ctx;
  const order = await orderDetail(db, caller, input.orderId);
  if (!order) throw accessDenied();
  const [companyRow] = await db.select({ path: accounts.path }).from(accounts).where(eq(accounts.id, order.CompanyAccountId)).limit(1);
  const companyPath = companyRow?.path ?? '';
  if (decision === 'cancel' ? !mayCancelOrder(caller, { createdByAccountId: order.CreatedByAccountId }, companyPath) : !mayDecideOrdersOf(caller, companyPath)) {
    if (decision === 'cancel') throw new ApiError(403, 'order_cancel_not_allowed', { orderId: String(order.Id) });
    throw accessDenied();
  }
  const operation = { approve: 'ApproveCreditCheckOrder', decline: 'DeclineCreditCheckOrder', cancel: 'CancelCreditCheckOrder' }[decision];
  const answer = await withIdempotency(ctx, `IAccountService/${operation}`, input, async (tx) => {
    const decided = await decideOrder(tx, order.Id, decision, caller.userAccount.id, input.reason);
    if (decision === 'approve') {
      if (decided.kind === 'New') await createProvisioningRequest(tx, decided, caller.userAccount.id);
      else await applyApprovedChange(tx, decided, ctx);
    } else if (decided.kind !== 'New') await settleRefusedChange(tx, decided, ctx);
    const action = ({ approve: 'OrderApproved', decline: 'OrderDeclined', cancel: 'OrderCancelled' } as const)[decision];
    await auditAccountChange(tx, ctx, action, { id: order.CompanyAccountId, path: companyPath }, { OrderId: order.Id, Service: order.ProductName, Reason: input.reason ?? '' });
    if (decision !== 'cancel' && order.CreatedByAccountId !== null) {
      await recordBusinessEvent(tx, {
        event: decision === 'approve' ? 'OrderApproved' : 'OrderDeclined',
        values: { orderId: String(order.Id), service: order.ProductDisplayName, reason: input.reason ?? '' },
        link: '/orders/my-orders',
        userAccountIds: [order.CreatedByAccountId],
      });
    }
    const after = await orderDetail(tx, caller, order.Id);
    const { Lines: _lines, ...summary } = after!;
    return { Order: summary };
  });
  if (decision === 'approve') await sendOrderProvisioning(db, ctx.request.server.jobs, order.Id);
  if (ctx.reply.getHeader(REPLAYED_HEADER) === undefined) await mailOrderDecided(db, ctx.mailer, answer.Order);
  return answer;
}

const approveOrder = defineOperation({
  service: 'IAccountService',
  operation: 'ApproveCreditCheckOrder',
  keepsSessions: true,
  summary:
    'An Account Manager (Credit Check Order Management Execute, the company below its organisation) approves a Pending order (Idempotency-Key honoured); provisioning starts. An order decided meanwhile answers 409 naming its status.',
  request: approveOrderRequestSchema,
  response: orderDecisionResponseSchema,
  rule: MANAGE_RULE,
  handler: (input, ctx) => decide(ctx, 'approve', input),
});

const declineOrder = defineOperation({
  service: 'IAccountService',
  operation: 'DeclineCreditCheckOrder',
  keepsSessions: true,
  summary: 'An Account Manager declines a Pending order with a reason (Idempotency-Key honoured); its subscription is cancelled. An order decided meanwhile answers 409.',
  request: declineOrderRequestSchema,
  response: orderDecisionResponseSchema,
  rule: MANAGE_RULE,
  handler: (input, ctx) => decide(ctx, 'decline', input),
});

const cancelOrder = defineOperation({
  service: 'IAccountService',
  operation: 'CancelCreditCheckOrder',
  keepsSessions: true,
  summary:
    "Whoever placed a Pending order, or someone with Credit Check Company Orders Execute over its company, cancels it (optional reason; Idempotency-Key honoured); its subscription is cancelled. An order decided meanwhile answers 409.",
  request: cancelOrderRequestSchema,
  response: orderDecisionResponseSchema,
  handler: (input, ctx) => decide(ctx, 'cancel', input),
});

/** The company whose credit limit is read or set, in the caller's hierarchy. */
async function creditCompany(db: Queryable, caller: CallerSession, companyAccountId: number): Promise<AccountRow> {
  const company = await requireAccountInHierarchy(db, caller, companyAccountId);
  if (company.type !== 'Company') throw new ApiError(400, 'credit_limit_company_only');
  return company;
}

/** The company's limit, its currency and open balance, as GetCreditLimit and SetCreditLimit answer them. */
async function creditStatus(db: Queryable, company: AccountRow) {
  const currency = await creditCurrency(db, company);
  const credit = await companyCredit(db, company.id, currency);
  return {
    CompanyAccountId: company.id,
    CreditLimit: credit.limit === null ? null : moneyString(credit.limit, 2),
    Currency: credit.currency ?? currency,
    OpenBalance: moneyString(credit.openBalance, 2),
  };
}

const getCreditLimit = defineOperation({
  service: 'IAccountService',
  operation: 'GetCreditLimit',
  readOnly: true,
  summary: "A company's credit limit (null: none), its currency and the open balance the credit check adds an order's value to; CanEdit when the caller may set it (its reseller, Credit Check Order Management Execute).",
  request: getCreditLimitRequestSchema,
  response: getCreditLimitResponseSchema,
  async handler(input, { db, caller }) {
    const company = await creditCompany(db, caller, input.companyAccountId);
    return { ...(await creditStatus(db, company)), CanEdit: isSellerOf(caller, company) && isAllowed(caller.capabilities, MANAGE_RULE) };
  },
});

const setCreditLimit = defineOperation({
  service: 'IAccountService',
  operation: 'SetCreditLimit',
  keepsSessions: true,
  summary: "The company's reseller (Credit Check Order Management Execute) sets its credit limit in the company's currency, or removes it (creditLimit null: no credit check). Audited.",
  request: setCreditLimitRequestSchema,
  response: setCreditLimitResponseSchema,
  rule: MANAGE_RULE,
  async handler(input, ctx) {
    const company = await creditCompany(ctx.db, ctx.caller, input.companyAccountId);
    if (!isSellerOf(ctx.caller, company)) throw new ApiError(403, 'credit_limit_seller_only');
    const currency = await creditCurrency(ctx.db, company);
    await ctx.db.transaction(async (tx) => {
      if (input.creditLimit === null) {
        await tx.delete(companyCreditLimits).where(eq(companyCreditLimits.companyAccountId, company.id));
      } else {
        const values = { creditLimit: money(input.creditLimit).toFixed(2), currency, updatedByAccountId: ctx.caller.userAccount.id, updatedAt: new Date() };
        await tx
          .insert(companyCreditLimits)
          .values({ companyAccountId: company.id, ...values })
          .onConflictDoUpdate({ target: companyCreditLimits.companyAccountId, set: values });
      }
      await auditAccountChange(tx, ctx, 'CreditLimitSet', company, { CreditLimit: input.creditLimit, Currency: currency, ...(input.comment ? { Comment: input.comment } : {}) });
    });
    return creditStatus(ctx.db, company);
  },
});

export const orderOperations: OperationDefinition[] = [
  getAvailableServices,
  previewOrder,
  placeOrder,
  getOrders,
  getOrder,
  approveOrder,
  declineOrder,
  cancelOrder,
  getCreditLimit,
  setCreditLimit,
];
