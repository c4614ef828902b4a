import type { Locale } from '@cmp/contracts/locales';
import type { OrderPriceLine } from '@cmp/contracts/orders';
import type { QuoteProductInput } from '@cmp/contracts/salesQuotes';
import type { Queryable } from '../platform/db/database';
import { ApiError } from '../platform/errors';
import type { AccountRow } from '../platform/session';
import { periodFactor, priceOrderLines, viewerOfAccount } from '../orders/orderPricing';
import { effectivePrices } from '../pricing/effectivePrice';
import { Money, minorUnits, money, moneyString, priceScale } from '../pricing/money';

// A quote's line is priced exactly as an order of it would be (orders/orderPricing.ts, which asks the
// one price function under the customer's pricelist), so the price quoted is the price billed. The
// discount lowers each unit price (rounded as a price is) and the amounts follow from the discounted
// unit prices with the order's own formulas, so the subscription made on acceptance bills the quoted
// value to the cent. The reseller's margin bounds the discount: the discounted price of no item may
// fall below what the reseller pays for it (spec §2 "discounts within the reseller's margin").

const HUNDRED = money(100);

export interface PricedQuoteLine {
  input: QuoteProductInput;
  displayName: string;
  currency: string;
  /** The recurring unit price before the discount (the order's recurringUnitPrice). */
  unitPrice: string | null;
  listValue: Money;
  value: Money;
  discountPercent: Money;
  maxDiscountPercent: Money;
  /** The lines as the order will bill them: discounted unit prices and amounts. */
  priceLines: OrderPriceLine[];
}

/** The largest discount (percent, 2 decimals, rounded down) that keeps every priced item at or above its purchase price. */
function maxDiscountOf(items: { price: string; purchasePrice: string | null }[]): Money {
  let max = HUNDRED;
  for (const item of items) {
    const price = money(item.price);
    if (price.lessThanOrEqualTo(0)) continue;
    // Unknown cost: no room for a discount that could sell below it.
    if (item.purchasePrice === null) return money(0);
    const share = price.minus(item.purchasePrice).div(price).mul(HUNDRED).toDecimalPlaces(2, Money.ROUND_DOWN);
    if (share.lessThan(max)) max = share;
  }
  return max.lessThan(0) ? money(0) : max;
}

/** An order's price lines with the discount applied to each unit price, and the setup and first-period amounts again. */
export function discountLines(lines: readonly OrderPriceLine[], discountPercent: Money, currency: string, factor: Money): { lines: OrderPriceLine[]; value: Money } {
  let value = money(0);
  const keep = HUNDRED.minus(discountPercent).div(HUNDRED);
  const discounted = lines.map((line) => {
    if (line.FeeType === 'Usage' || discountPercent.isZero()) {
      if (line.FeeType !== 'Usage') value = value.add(line.Amount);
      return { ...line };
    }
    const unit = money(line.UnitPrice).mul(keep).toDecimalPlaces(priceScale(currency, line.FeeType));
    const amount = (line.FeeType === 'Setup' ? unit.mul(line.Quantity) : unit.mul(line.Quantity).mul(factor)).toDecimalPlaces(minorUnits(currency));
    value = value.add(amount);
    return { ...line, UnitPrice: moneyString(unit, priceScale(currency, line.FeeType)), Amount: moneyString(amount, minorUnits(currency)) };
  });
  return { lines: discounted, value };
}

/** Prices one line of a quote for the customer company; 400 for a discount beyond the margin. */
export async function priceQuoteLine(db: Queryable, locale: Locale, customer: AccountRow, input: QuoteProductInput): Promise<PricedQuoteLine> {
  const priced = await priceOrderLines(
    db,
    locale,
    { parentAccountId: customer.id, productName: input.ProductName, quantity: input.Quantity, commitment: input.Commitment, billingFrequency: input.BillingFrequency },
    customer,
    customer,
  );
  const { pricelistId } = await viewerOfAccount(db, customer);
  const billed = priced.lines.filter((line) => line.FeeType !== 'Usage');
  const prices = pricelistId === undefined ? new Map() : await effectivePrices(db, pricelistId, billed.map((line) => line.PriceableItemId));
  const maxDiscountPercent = maxDiscountOf(
    billed.map((line) => {
      const price = prices.get(line.PriceableItemId);
      return { price: line.UnitPrice, purchasePrice: price?.isPriced ? price.purchasePrice : null };
    }),
  );
  const discountPercent = money(input.DiscountPercent ?? 0);
  if (discountPercent.greaterThan(maxDiscountPercent)) {
    throw new ApiError(400, 'quote_discount_beyond_margin', { service: priced.service.display_name, discount: discountPercent.toFixed(2), max: maxDiscountPercent.toFixed(2) });
  }
  const factor = periodFactor(input.BillingFrequency, priced.service.billing_period);
  const discounted = discountLines(priced.lines, discountPercent, priced.currency, factor);
  return {
    input,
    displayName: priced.service.display_name,
    currency: priced.currency,
    unitPrice: priced.recurringUnitPrice,
    listValue: priced.orderValue,
    value: discounted.value,
    discountPercent,
    maxDiscountPercent,
    priceLines: discounted.lines,
  };
}
