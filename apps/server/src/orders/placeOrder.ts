import { randomUUID } from 'node:crypto';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { Order, OrderPriceLine, OrderRequest } from '@cmp/contracts/orders';
import type { Locale } from '@cmp/contracts/locales';
import type { Tx } from '../platform/db/database';
import { mailOutbox, orders, provisioningRequests, subscriptionSeatBatches, subscriptions } from '../platform/db/schema';
import { tableRowOf } from '../platform/db/rowsOf';
import { bindingsOf, oncePerShape, placeholdersOf, sqlOnce } from '../platform/db/statementOnce';
import { ApiError } from '../platform/errors';
import { pathIds, type AccountRow, type CallerSession } from '../platform/session';
import { accountInsertBindings, accountInsertOf, type NewAccount } from '../accounts/accountStore';
import { auditAccountChangeEntry, auditAccountChangeSql } from '../platform/audit';
import { productViewOf } from './orderViewValues';
import { money } from '../pricing/money';
import { sendProvisioning, type SendJob } from '../provisioning/queue';
import type { CreditLimit } from './creditCheck';
import { addHours, termEnd } from '../platform/dates';
import { creditCheckedOrder, orderValueText, priceOrderLines, type PricedLines, type ReadAlong } from './orderPricing';
import { orderDetailOf } from './orderQueries';
import { ORDER_ID_MARKER, placedOrderMail } from './orderMail';
import { outboxValuesOf, type MailMessage } from '../platform/mail';
import type { OrderRow } from './orderStateMachine';

// Placing an order (issue 14): one transaction prices the order again (the overview's price is the
// price billed; a moved price answers 409), runs the credit check with the company's limit locked
// (two orders of one company placed at once see each other's value), and writes the Product account
// (the subscription, status Provisioning), its commercial terms, the order and — when the order
// needs no approval — the provisioning request. The request's job is sent after the commit.

/**
 * What placing an order reads about the company, with the orderable service (ReadAlong: one
 * statement, issue 14: PlaceOrder's round trips): the reseller that sells to it — the nearest Reseller
 * above it, else the company itself — and its credit limit, its row locked until the transaction
 * ends: two orders of a company with a limit take their credit checks one after the other and each
 * sees the other's value (the open balance is read after the lock is held); a company without a
 * limit has no row to lock, and its orders run side by side (creditCheckedOrder).
 */
function sellerAndLockedLimit(company: AccountRow): ReadAlong {
  const above = pathIds(company.path).filter((id) => id !== company.id);
  return {
    value: sql`json_build_object('sellerId', seller.id, 'sellerName', seller.display_name, 'creditLimit', credit.credit_limit, 'currency', credit.currency)`,
    joins: sql`left join lateral (select id, display_name from accounts where id = any(${sql.param(above)}::int[]) and type = 'Reseller' order by length(path) desc limit 1) as seller on true
      left join (select credit_limit::text as credit_limit, currency from company_credit_limits where company_account_id = ${company.id} for update) as credit on true`,
  };
}

function sellerAndLimitOf(company: AccountRow, along: unknown): { seller: Pick<AccountRow, 'id' | 'displayName'>; limit: CreditLimit | null } {
  const read = along as { sellerId: number | null; sellerName: string | null; creditLimit: string | null; currency: string | null };
  return {
    seller: read.sellerId == null ? company : { id: Number(read.sellerId), displayName: read.sellerName ?? '' },
    limit: read.creditLimit == null ? null : { limit: money(read.creditLimit), currency: read.currency ?? '' },
  };
}

/** An order placed, and its detail as GetOrder answers it (put together from what placing it wrote). */
export interface PlacedOrder {
  order: OrderRow;
  detail: Order & { Lines: OrderPriceLine[] };
  /** The provisioning requests whose jobs are to be sent after the commit (enqueueProvisioning). */
  provisioningRequestIds: number[];
  /** The orderer's mail written with the order (`ordererMail`), to deliver after the commit (Mailer.deliver). */
  mail?: { id: number; message: MailMessage };
}

export async function placeOrderInTransaction(
  tx: Tx,
  caller: CallerSession,
  locale: Locale,
  request: OrderRequest,
  parent: AccountRow,
  company: AccountRow,
): Promise<OrderRow> {
  return (await placeOrderWithDetail(tx, caller, locale, request, parent, company)).order;
}

/**
 * placeOrderInTransaction, answering the order's detail too. The company's limit is locked by the
 * transaction's first statement (with the service and the seller: sellerAndLockedLimit), so orders of
 * one company with a limit wait on each other for pricing, the open balance and the writes.
 */
export async function placeOrderWithDetail(
  tx: Tx,
  caller: CallerSession,
  locale: Locale,
  request: OrderRequest,
  parent: AccountRow,
  company: AccountRow,
  options: {
    /** Prices agreed elsewhere (an accepted quote's discount): the order, its credit check and its subscription take them. */
    agreed?: (listed: PricedLines) => PricedLines;
    /** The operation's request: the order's OrderPlaced audit entry is written by the statement that writes the order. */
    audit?: { caller: CallerSession; request: { ip: string; id: string } };
    /** The orderer's mail (placed, or waiting for approval) is written by that statement too (placedOrderMail). */
    ordererMail?: boolean;
  } = {},
): Promise<PlacedOrder> {
  const { agreed, audit, ordererMail } = options;
  const now = new Date();
  // From here to the commit the company's limit (if it has one) is locked.
  const listed = await priceOrderLines(tx, locale, request, parent, company, caller, sellerAndLockedLimit(company));
  if (request.expectedOrderValue !== undefined && !money(request.expectedOrderValue || 'NaN').equals(money(orderValueText(listed)))) {
    throw new ApiError(409, 'order_price_changed', { orderValue: orderValueText(listed), currency: listed.currency });
  }
  const lines = agreed ? agreed(listed) : listed;
  const { seller, limit } = sellerAndLimitOf(company, listed.along);
  // The product's view fields (checked by the operation, orderViewValues.ts) live on its account, as a created account's do.
  const viewValues = request.viewValues ?? {};
  const views = Object.keys(viewValues).length ? { [productViewOf(lines.service.name)]: { Values: viewValues } } : {};
  // The Product account (the subscription) is written by the order's statement too.
  const product: NewAccount = { type: 'Product', parent, displayName: lines.service.display_name, productName: lines.service.name, views };

  const priced = await creditCheckedOrder(tx, request, parent, company, lines, now, { lockedLimit: limit });
  const preview = priced.preview;
  // The order, its subscription's terms, the seats' cancellation window, (approved) the provisioning
  // request and (audited) the audit entry are written by one statement: the later rows take the order's
  // id from the first (issue 14: four round trips fewer on the hot path of PlaceOrder).
  const orderValues = {
    companyAccountId: company.id,
    parentAccountId: parent.id,
    payerAccountId: company.id,
    sellerAccountId: seller.id,
    productName: preview.ProductName,
    quantity: preview.Quantity,
    currency: preview.Currency,
    orderValue: preview.OrderValue,
    creditLimit: preview.CreditLimit,
    projectedInvoice: preview.ProjectedInvoice,
    approvalStatus: preview.NeedsApproval ? 'Pending' : 'Approved',
    reason: '',
    createdByAccountId: caller.userAccount.id,
    createdAt: now,
    // An order within the credit limit is approved by the credit check itself (no decider).
    decidedAt: preview.NeedsApproval ? null : now,
    subscriptionAccountId: PLACED_ACCOUNT_ID,
    commitment: preview.Commitment,
    billingFrequency: preview.BillingFrequency,
    isPrepaid: preview.IsPrepaid,
    priceLines: preview.Lines,
    setupFee: preview.SetupFee,
    openBalance: preview.OpenBalance,
    creditCheckRates: priced.creditCheckRates,
    creditCheck: preview.NeedsApproval,
    viewValues: request.viewValues ?? {},
    updatedAt: now,
  } satisfies PgInsertValue<typeof orders>;
  // An order waiting for approval has a subscription waiting with it.
  const subscriptionStatus = preview.NeedsApproval ? 'Pending' : 'Provisioning';
  const subscriptionValues = {
    accountId: PLACED_ACCOUNT_ID,
    productName: preview.ProductName,
    quantity: preview.Quantity,
    isPrepaid: preview.IsPrepaid,
    autoRenew: 'Renew',
    commitment: preview.Commitment,
    minimumContractEndDate: termEnd(now, preview.Commitment),
    hasPriceProtection: true,
    status: subscriptionStatus,
    billingFrequency: preview.BillingFrequency,
    currency: preview.Currency,
    unitPrice: priced.recurringUnitPrice,
    priceRule: priced.recurringRule,
    termStartDate: now,
    orderId: PLACED_ORDER_ID,
    priceLines: preview.Lines,
  } satisfies PgInsertValue<typeof subscriptions>;
  // The purchase opens the seats' cancellation window (issue 14).
  const seatValues = {
    subscriptionAccountId: PLACED_ACCOUNT_ID,
    kind: 'Purchase',
    quantity: preview.Quantity,
    refundableQuantity: preview.Quantity,
    refundableUntil: addHours(now, priced.service.cancellation_window_hours),
    createdAt: now,
  } satisfies PgInsertValue<typeof subscriptionSeatBatches>;
  const mail = ordererMail
    ? await placedOrderMail(tx, caller, {
        ProductDisplayName: priced.service.default_name,
        Quantity: preview.Quantity,
        CompanyName: company.displayName,
        OrderValue: preview.OrderValue,
        Currency: preview.Currency,
        Reason: '',
        ApprovalStatus: orderValues.approvalStatus,
        CompanyAccountId: company.id,
        CreatedByAccountId: caller.userAccount.id,
      })
    : undefined;
  const parts: PlaceOrderParts = {
    order: orderValues,
    subscription: subscriptionValues,
    seats: seatValues,
    request: preview.NeedsApproval
      ? undefined
      : provisioningRequestValues({ id: PLACED_ORDER_ID, companyAccountId: company.id, subscriptionAccountId: PLACED_ACCOUNT_ID, productName: preview.ProductName, quantity: preview.Quantity }, caller.userAccount.id),
    audit: audit ? auditAccountChangeEntry(audit, 'OrderPlaced', company) : undefined,
    mail: mail && outboxValuesOf(mail),
  };
  const bindings = Object.assign(accountInsertBindings(product), ...Object.entries(parts).map(([name, values]) => (values ? bindingsOf(name, values) : {}))) as Record<string, unknown>;
  const [written] = await placeOrderStatement(parts)(tx, bindings);
  const order = tableRowOf(orders, written!);
  const provisioningRequestIds = parts.request ? [Number(written!.placed_request_id)] : [];
  const withId = (text: string) => text.replaceAll(ORDER_ID_MARKER, String(order.id));
  const placedMail = mail && { id: Number(written!.placed_mail_id), message: { ...mail, subject: withId(mail.subject), text: withId(mail.text) } };
  // The detail from what was just written (orderQueries' select of it would read the same names).
  const detail = orderDetailOf(
    {
      order,
      productDisplayName: priced.service.default_name,
      companyName: company.displayName,
      companyPath: company.path,
      parentName: parent.displayName,
      payerName: company.displayName,
      sellerName: seller.displayName,
      creatorName: caller.userAccount.displayName,
      deciderName: null,
      subscriptionStatus,
    },
    caller,
  );
  return { order, detail, provisioningRequestIds, ...(placedMail && { mail: placedMail }) };
}

/** The ids of the Product account and the order in the statement that writes them and the rows that follow from them. */
const PLACED_ACCOUNT_ID = sql`(select id from placed_account)`;
const PLACED_ORDER_ID = sql`(select id from placed_order)`;

/** The rows placing an order writes (an approved order's request, an audited operation's entry). */
interface PlaceOrderParts {
  order: PgInsertValue<typeof orders>;
  subscription: PgInsertValue<typeof subscriptions>;
  seats: PgInsertValue<typeof subscriptionSeatBatches>;
  request: PgInsertValue<typeof provisioningRequests> | undefined;
  audit: ReturnType<typeof auditAccountChangeEntry> | undefined;
  mail: ReturnType<typeof outboxValuesOf> | undefined;
}

/** The statement of these parts, built once for each combination (statementOnce.ts): the first parts' values name its placeholders. */
const placeOrderStatement = oncePerShape(
  (parts: PlaceOrderParts) => `${parts.request ? 'request' : ''}/${parts.audit ? 'audit' : ''}/${parts.mail ? 'mail' : ''}`,
  (shape: PlaceOrderParts) => placeOrderStatementOf(shape),
);

function placeOrderStatementOf(shape: PlaceOrderParts) {
  return sqlOnce<Record<string, unknown>>((q) => {
    const order = q.insert(orders).values(placeholdersOf('order', shape.order)).returning();
    const subscription = q.insert(subscriptions).values(placeholdersOf('subscription', shape.subscription));
    const seats = q.insert(subscriptionSeatBatches).values(placeholdersOf('seats', shape.seats));
    const request = shape.request && q.insert(provisioningRequests).values(placeholdersOf('request', shape.request)).returning({ id: provisioningRequests.id });
    const audit =
      shape.audit &&
      auditAccountChangeSql(
        placeholdersOf('audit', shape.audit),
        sql`jsonb_build_object('OrderId', o.id, 'Service', o.product_name, 'Quantity', o.quantity, 'OrderValue', o.order_value::text, 'Currency', o.currency, 'ApprovalStatus', o.approval_status, 'SubscriptionAccountId', o.subscription_account_id)`,
        sql`placed_order as o`,
      );
    const mail = shape.mail && placeholdersOf('mail', shape.mail);
    // The mail names the order by the id this statement makes (ORDER_ID_MARKER in its texts).
    const withOrderId = (text: unknown) => sql`replace(${text}, ${ORDER_ID_MARKER}, (select id::text from placed_order))`;
    const mailInsert = mail && q.insert(mailOutbox).values({ ...mail, subject: withOrderId(mail.subject), textBody: withOrderId(mail.textBody) }).returning({ id: mailOutbox.id });
    // getSQL(): a query builder put into a template comes in parentheses, which a WITH clause does not take.
    return sql`with placed_account as (${accountInsertOf(q).getSQL()}), placed_order as (${order.getSQL()}), placed_subscription as (${subscription.getSQL()}), placed_seats as (${seats.getSQL()})${
      request ? sql`, placed_request as (${request.getSQL()})` : sql``
    }${audit ? sql`, placed_audit as (${audit})` : sql``}${mailInsert ? sql`, placed_mail as (${mailInsert.getSQL()})` : sql``} select placed_order.*, ${
      request ? sql`(select id from placed_request)` : sql`null::int`
    } as placed_request_id, ${mailInsert ? sql`(select id from placed_mail)` : sql`null::int`} as placed_mail_id from placed_order`;
  });
}

/**
 * The Create request that delivers an approved order's subscription (its job is sent after the
 * commit: sendOrderProvisioning); answers its id. Its vendor idempotency key is set here, once for
 * this first submission (provisioningJob.ts), which spares the job a write before its first call.
 */
export async function createProvisioningRequest(tx: Tx, order: OrderRow, createdByAccountId: number): Promise<number> {
  const [request] = await tx.insert(provisioningRequests).values(provisioningRequestValues(order, createdByAccountId)).returning({ id: provisioningRequests.id });
  return request!.id;
}

/** The Create request of an order; its id may be the statement's own order (`(select id from placed_order)`). */
function provisioningRequestValues(
  order: Pick<OrderRow, 'companyAccountId' | 'productName' | 'quantity'> & { id: number | SQL; subscriptionAccountId: number | null | SQL },
  createdByAccountId: number,
): PgInsertValue<typeof provisioningRequests> {
  return {
    orderId: order.id,
    companyAccountId: order.companyAccountId,
    subscriptionAccountId: order.subscriptionAccountId,
    productName: order.productName,
    action: 'Create',
    quantity: order.quantity,
    orderStatus: 'Submitted',
    productStatus: 'Pending',
    customerId: `company-${order.companyAccountId}`,
    createdByAccountId,
    nextAttemptAt: new Date(),
    // In the statement that writes the order, the key is made there (the same SQL in every run: statementOnce.ts).
    vendorIdempotencyKey: typeof order.id === 'number' ? `prov-order-${order.id}-${randomUUID()}` : sql`'prov-order-' || ${order.id}::text || '-' || gen_random_uuid()::text`,
  };
}

/**
 * Sends the jobs of an order's requests still waiting to be sent. Called after the commit, and again
 * for a replayed answer: a job that runs twice changes nothing (provisioningJob.ts).
 */
export async function sendOrderProvisioning(tx: Pick<Tx, 'select'>, jobs: { send: SendJob }, orderId: number): Promise<void> {
  const waiting = await tx
    .select({ id: provisioningRequests.id })
    .from(provisioningRequests)
    .where(and(eq(provisioningRequests.orderId, orderId), eq(provisioningRequests.orderStatus, 'Submitted')));
  await sendProvisioning(jobs, waiting.map(({ id }) => id));
}
