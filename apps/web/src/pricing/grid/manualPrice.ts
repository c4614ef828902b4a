import type { PricedItem } from '@cmp/contracts/pricing';

// The edit-prices grid's manual prices (issue 13): what may be typed, and how it compares, in exact
// decimal text (never a JavaScript number: a price is money).

/** A price as typed ("12,5", " 3.99 "), as the API takes it ("12.5"), or undefined when it is no price ≥ 0 with at most 6 decimals. */
export function parseManualPrice(text: string): string | undefined {
  const value = text.trim().replace(',', '.');
  return /^\d{1,12}(\.\d{1,6})?$/.test(value) ? value : undefined;
}

const MICRO = 1_000_000n;
const toMicro = (value: string): bigint => {
  const negative = value.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? value.slice(1) : value).split('.');
  const micro = BigInt(whole) * MICRO + BigInt(fraction.padEnd(6, '0').slice(0, 6));
  return negative ? -micro : micro;
};

/** Whether a price lies below an item's purchase price (flagged in the grid). */
export function isBelowPurchase(price: string, item: Pick<PricedItem, 'PurchasePrice'>): boolean {
  return item.PurchasePrice !== null && toMicro(price) < toMicro(item.PurchasePrice);
}

/** A manual price waiting to be saved: a price, or null to clear the item's manual price. */
export type PendingPrices = ReadonlyMap<number, string | null>;

/** Whether an item is priced by a manual price, as saved. */
export const hasManualPrice = (item: PricedItem): boolean => item.Rule?.IsManualPrice === true;
