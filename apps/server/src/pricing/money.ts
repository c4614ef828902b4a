import Decimal from 'decimal.js';
import type { FeeType } from '@cmp/contracts/pricing';

/**
 * Exact decimal money (DESIGN.md "Commerce"). Amounts never pass through a JavaScript number: they
 * arrive as strings or numeric columns and are computed with decimal.js in a private configuration.
 *
 * The rounding rule (docs/architecture.md "Money"): half-up, away from zero (12.345 → 12.35, −12.345 → −12.35),
 * the commercial rounding customers and spreadsheets expect, applied once where a price or an
 * amount is fixed — a sales price to the currency's minor unit (a usage price to six decimals,
 * since per-unit usage prices such as 0.0042 per GB are finer than a cent), an invoice line to the
 * minor unit. A total is the sum of rounded lines, never rounded again.
 */
export const Money = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -30, toExpPos: 40 });
export type Money = InstanceType<typeof Money>;

/** The scale of a stored unit price (numeric(18,6)). */
export const UNIT_PRICE_SCALE = 6;

// ISO 4217 minor units where they are not 2 (ICU's display digits differ for some, such as HUF).
const MINOR_UNITS: Record<string, number> = {
  ...Object.fromEntries(['BIF', 'CLP', 'DJF', 'GNF', 'ISK', 'JPY', 'KMF', 'KRW', 'PYG', 'RWF', 'UGX', 'UYI', 'VND', 'VUV', 'XAF', 'XOF', 'XPF'].map((code) => [code, 0])),
  ...Object.fromEntries(['BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND'].map((code) => [code, 3])),
  CLF: 4,
  UYW: 4,
};

/** Digits after the decimal point of the currency's minor unit (EUR 2, JPY 0, BHD 3). */
export const minorUnits = (currency: string): number => MINOR_UNITS[currency.toUpperCase()] ?? 2;

export const money = (value: Decimal.Value): Money => new Money(value);

/** An amount fixed in the currency: rounded half-up to its minor unit. */
export const roundToMinorUnit = (amount: Money, currency: string): Money => amount.toDecimalPlaces(minorUnits(currency), Money.ROUND_HALF_UP);

/** The scale a sales price of this fee type is fixed at. */
export const priceScale = (currency: string, feeType: FeeType): number => (feeType === 'Usage' ? UNIT_PRICE_SCALE : minorUnits(currency));

/** The API's form of an amount: a plain decimal string with exactly `scale` decimals ("12.50"). */
export const moneyString = (amount: Money, scale: number): string => amount.toFixed(scale);
