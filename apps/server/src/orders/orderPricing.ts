import { sql, type SQL } from 'drizzle-orm';
import {
  BILLING_FREQUENCIES_BY_COMMITMENT,
  BILLING_FREQUENCY_MONTHS,
  type BillingFrequency,
  type OrderPreview,
  type OrderPriceLine,
  type OrderRequest,
} from '@cmp/contracts/orders';
import type { Locale } from '@cmp/contracts/locales';
import type { Queryable } from '../platform/db/database';
import { ApiError } from '../platform/errors';
import { pathIds, type AccountRow, type CallerSession } from '../platform/session';
import { customerPricelistId } from '../pricing/customerPricelist';
import { Money, money, moneyString, minorUnits, roundToMinorUnit } from '../pricing/money';
import { rowsOf } from '../platform/db/rowsOf';
import { termEnd } from '../platform/dates';
import { catalogViewer, visibleServices, type CatalogViewer } from '../explore/catalogViewer';
import { priceCatalogItems, serviceItemsJson, type CatalogItem } from '../explore/servicePrices';
import { companyCreditLimit, creditCurrency, openBalanceWithRates, type CreditCheckRate, type CreditLimit } from './creditCheck';
import { ruleSeenBy, sellsTo } from '../platform/sellerSide';

// The order overview (issue 14): an order is priced by the one price function under the pricelist
// that applies to the account ordered for (the overview's price is the price billed, README "Money
// and prices"), and the credit check compares its projected invoice with the company's limit.
// PreviewOrder answers it; PlaceOrder computes it again inside its transaction and stores it.

/**
 * What the catalog viewer of an account is: its pricelist and the organisations above its company.
 * For the caller's own company, the session's (catalogViewer: kept with the session, which any change
 * of pricelists or their customers clears): the overview and the order price under the pricelist
 * Explore showed, and placing an order spares a read (issue 14).
 */
export async function viewerOfAccount(db: Queryable, company: AccountRow, caller?: CallerSession): Promise<CatalogViewer> {
  if (caller?.companyAccount.id === company.id) return catalogViewer(db, caller);
  return {
    pricelistId: await customerPricelistId(db, company),
    ownerLineage: pathIds(company.path).filter((id) => id !== company.id),
  };
}

interface OrderableService {
  name: string;
  /** The name shown to this customer (its organisation's or the locale's); default_name: the product's own. */
  display_name: string;
  default_name: string;
  parent_types: string[];
  commitment_terms: string[];
  is_prepaid: boolean;
  billing_rule: 'PerUnit' | 'Flat';
  billing_period: 'Monthly' | 'Annual';
  cancellation_window_hours: number;
}

const ORDERABLE_COLUMNS = sql`s.name, s.display_name, s.default_name, p.parent_types, p.commitment_terms, p.is_prepaid, p.billing_rule, p.billing_period, p.cancellation_window_hours`;

/** The service as the customer may order it; 400 when it is not offered to this customer. */
export async function orderableService(db: Queryable, viewer: CatalogViewer, locale: Locale, productName: string, parent: AccountRow): Promise<OrderableService> {
  const [row] = await rowsOf<OrderableService>(db, sql`select ${ORDERABLE_COLUMNS} from ${visibleServices(viewer, locale, [productName])} s join products p on p.name = s.name`);
  if (!row) throw new ApiError(400, 'order_service_unavailable', { productName, accountName: parent.displayName });
  return row;
}

/**
 * More a caller reads in the statement that reads the orderable service: one value (a JSON object,
 * say) and the joins it comes from (placing an order: the seller and the locked credit limit, placeOrder.ts).
 */
export interface ReadAlong {
  value: SQL;
  joins: SQL;
}

/** orderableService with the service's active items (serviceItems), in one statement; `along`: ReadAlong. */
async function orderableServiceWithItems(
  db: Queryable,
  viewer: CatalogViewer,
  locale: Locale,
  productName: string,
  parent: AccountRow,
  along?: ReadAlong,
): Promise<{ service: OrderableService; items: CatalogItem[]; along: unknown }> {
  const [row] = await rowsOf<OrderableService & { items: CatalogItem[]; along: unknown }>(
    db,
    sql`select ${ORDERABLE_COLUMNS}, ${serviceItemsJson(sql`s.name`)} as items, ${along?.value ?? sql`null`} as along
      from ${visibleServices(viewer, locale, [productName])} s join products p on p.name = s.name ${along?.joins ?? sql``}`,
  );
  if (!row) throw new ApiError(400, 'order_service_unavailable', { productName, accountName: parent.displayName });
  const { items, along: alongValue, ...service } = row;
  return { service, items, along: alongValue };
}

/** The order's terms checked against what the service offers (each refusal names its field). */
function checkTerms(service: OrderableService, parent: AccountRow, request: OrderRequest): void {
  if (!service.parent_types.includes(parent.type)) {
    throw new ApiError(400, 'order_parent_type', { productName: service.display_name, accountType: parent.type, allowed: service.parent_types.join(', ') });
  }
  if (!service.commitment_terms.includes(request.commitment)) {
    throw new ApiError(400, 'order_commitment_invalid', { productName: service.display_name, allowed: service.commitment_terms.join(', ') });
  }
  const frequencies = BILLING_FREQUENCIES_BY_COMMITMENT[request.commitment];
  if (!frequencies.includes(request.billingFrequency)) {
    throw new ApiError(400, 'order_billing_frequency_invalid', { commitment: request.commitment, allowed: frequencies.join(', ') });
  }
  if (request.isPrepaid && !service.is_prepaid) throw new ApiError(400, 'order_prepaid_invalid', { productName: service.display_name });
}

/** A recurring price per service billing period, for `frequency` (months of the frequency / months of the period). */
export function periodFactor(frequency: BillingFrequency, servicePeriod: 'Monthly' | 'Annual'): Money {
  return money(BILLING_FREQUENCY_MONTHS[frequency]).div(servicePeriod === 'Annual' ? 12 : 1);
}

/**
 * The overview as placing an order computes it: for a company without a credit limit placing skips
 * the open balance, so OpenBalance and ProjectedInvoice are null (creditCheckedOrder).
 */
export type PlacingPreview = Omit<OrderPreview, 'OpenBalance' | 'ProjectedInvoice'> & { OpenBalance: string | null; ProjectedInvoice: string | null };

export interface PricedOrder {
  preview: PlacingPreview;
  service: OrderableService;
  /** The recurring unit price the subscription keeps for its term, and the rule that gave it. */
  recurringUnitPrice: string | null;
  recurringRule: string | null;
  creditLimit: string | null;
  /** The exchange rates the open balance was converted with (recorded with the order). */
  creditCheckRates: CreditCheckRate[];
}

/** An order priced by the customer's pricelist, before its credit check (priceOrderLines). */
export interface PricedLines {
  service: OrderableService;
  currency: string;
  setup: Money;
  recurring: Money;
  orderValue: Money;
  lines: OrderPriceLine[];
  recurringUnitPrice: string | null;
  recurringRule: string | null;
}

/**
 * Prices an order for `parent` (under `company`): the lines, setup fee and order value; no credit
 * check. `caller`: viewerOfAccount. `along`: more read in the service's statement, answered as `along`.
 */
export async function priceOrderLines(
  db: Queryable,
  locale: Locale,
  request: OrderRequest,
  parent: AccountRow,
  company: AccountRow,
  caller?: CallerSession,
  along?: ReadAlong,
): Promise<PricedLines & { along: unknown }> {
  const viewer = await viewerOfAccount(db, company, caller);
  // The lines show a rule over the purchase price only to the company's seller side (platform/sellerSide.ts); the stored rule keeps it.
  const sellerSide = caller === undefined || sellsTo(caller, company);
  const { service, items, along: alongValue } = await orderableServiceWithItems(db, viewer, locale, request.productName, parent, along);
  checkTerms(service, parent, request);
  const prices = await priceCatalogItems(db, viewer, items);
  const units = service.billing_rule === 'Flat' ? 1 : request.quantity;
  const factor = periodFactor(request.billingFrequency, service.billing_period);

  let currency: string | undefined;
  let setup = money(0);
  let recurring = money(0);
  let recurringUnitPrice: string | null = null;
  let recurringRule: string | null = null;
  const lines: OrderPriceLine[] = [];
  for (const item of items) {
    const price = prices.get(item.id);
    if (!price || price.Amount === null) throw new ApiError(400, 'order_not_priced', { productName: service.display_name, item: item.name });
    currency ??= price.Currency;
    const scale = minorUnits(price.Currency);
    const unitPrice = money(price.Amount);
    let amount = money(0);
    if (item.feeType === 'Setup') {
      amount = roundToMinorUnit(unitPrice.mul(units), price.Currency);
      setup = setup.add(amount);
    } else if (item.feeType === 'Recurring') {
      amount = roundToMinorUnit(unitPrice.mul(units).mul(factor), price.Currency);
      recurring = recurring.add(amount);
      if (recurringUnitPrice === null) {
        recurringUnitPrice = price.Amount;
        recurringRule = price.Rule ? `${price.Rule.RuleName} (${price.Rule.Model}${price.Rule.Parameter ? ` ${price.Rule.Parameter}` : ''})` : price.Basis;
      }
    }
    lines.push({
      PriceableItemId: item.id,
      Name: item.name,
      FeeType: item.feeType,
      Unit: item.unit,
      UnitPrice: price.Amount,
      Quantity: units,
      Amount: moneyString(amount, scale),
      Rule: ruleSeenBy(price.Rule, sellerSide),
      Basis: price.Basis,
    });
  }
  currency ??= await creditCurrency(db, company);
  return { service, currency, setup, recurring, orderValue: setup.add(recurring), lines, recurringUnitPrice, recurringRule, along: alongValue };
}

/** The order's value as the overview shows it (the expectedOrderValue a client sends back). */
export const orderValueText = (priced: PricedLines): string => moneyString(priced.orderValue, minorUnits(priced.currency));

/**
 * The credit check of a priced order and its overview. `placing` (placing the order) brings the
 * company's limit, read locked (creditCheck.ts: the lock is held until the transaction ends, so it is
 * taken as late as the transaction allows); without it the limit is read here, unlocked.
 */
export async function creditCheckedOrder(
  db: Queryable,
  request: OrderRequest,
  parent: AccountRow,
  company: AccountRow,
  priced: PricedLines,
  now = new Date(),
  placing?: { lockedLimit: CreditLimit | null },
): Promise<PricedOrder> {
  const { service, currency, setup, recurring, orderValue } = priced;
  const scale = minorUnits(currency);
  // Placing for a company without a limit has nothing to check, and skips the open balance:
  // it sums every live subscription of the company, so its cost grows with them (issue 14: 9 ms at
  // 3,600 subscriptions, the largest statement of PlaceOrder). The overview still shows both.
  const limit = placing ? placing.lockedLimit : await companyCreditLimit(db, company.id);
  // Read after the limit's lock is held (placing): it sees every order committed by whoever held it before.
  const balance = placing && !limit ? null : await openBalanceWithRates(db, company, currency, now);
  const credit = { limit: limit?.limit ?? null, currency: limit?.currency ?? null, openBalance: balance?.amount ?? null };
  const projected = credit.openBalance === null ? null : credit.openBalance.add(orderValue);
  // A limit in another currency than the order's cannot be compared: the order waits for a person.
  const needsApproval = credit.limit !== null && (credit.currency !== currency || projected === null || projected.greaterThan(credit.limit));
  return {
    service,
    recurringUnitPrice: priced.recurringUnitPrice,
    recurringRule: priced.recurringRule,
    creditLimit: credit.limit === null ? null : moneyString(credit.limit, 2),
    creditCheckRates: balance?.rates ?? [],
    preview: {
      ProductName: service.name,
      DisplayName: service.display_name,
      ParentAccountId: parent.id,
      ParentAccountName: parent.displayName,
      CompanyAccountId: company.id,
      CompanyName: company.displayName,
      Quantity: request.quantity,
      Commitment: request.commitment,
      BillingFrequency: request.billingFrequency,
      IsPrepaid: request.isPrepaid ?? service.is_prepaid,
      Currency: currency,
      Lines: priced.lines,
      SetupFee: moneyString(setup, scale),
      RecurringCharge: moneyString(recurring, scale),
      OrderValue: moneyString(orderValue, scale),
      OpenBalance: credit.openBalance === null ? null : moneyString(credit.openBalance, scale),
      CreditLimit: credit.limit === null ? null : moneyString(credit.limit, 2),
      ProjectedInvoice: projected === null ? null : moneyString(projected, scale),
      NeedsApproval: needsApproval,
      TermEndDate: termEnd(now, request.commitment).toISOString(),
    },
  };
}

/** The overview (PreviewOrder): the order priced for `parent` (under `company`) with its credit check. */
export async function orderOverview(db: Queryable, locale: Locale, request: OrderRequest, parent: AccountRow, company: AccountRow, caller?: CallerSession, now = new Date()): Promise<OrderPreview> {
  const { preview } = await creditCheckedOrder(db, request, parent, company, await priceOrderLines(db, locale, request, parent, company, caller), now);
  const { OpenBalance, ProjectedInvoice } = preview;
  // Not placing, the open balance is always computed.
  if (OpenBalance === null || ProjectedInvoice === null) throw new Error('the overview lacks the open balance');
  return { ...preview, OpenBalance, ProjectedInvoice };
}
