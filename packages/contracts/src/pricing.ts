import { z } from 'zod';

// Pricing rules (issue 13, spec §3 "Pricing rule"): how a pricelist turns an item's purchase price
// or SRP into its sales price. Amounts travel as decimal strings, never as JSON numbers (DESIGN.md
// "Commerce": money is exact).

/**
 * - Static: a fixed sales price (the parameter);
 * - Srp: the vendor's suggested retail price;
 * - Markup: purchase × (1 + p %);
 * - GrossMargin: purchase / (1 − m %), m below 100;
 * - SrpDiscount: SRP × (1 − d %).
 */
export const PRICING_MODELS = ['Static', 'Srp', 'Markup', 'GrossMargin', 'SrpDiscount'] as const;
export type PricingModel = (typeof PRICING_MODELS)[number];

/** What a rule applies to; the default rule applies to all services. */
export const PRICING_SCOPES = ['AllServices', 'Vendors', 'ServiceGroups', 'PriceableItems'] as const;
export type PricingScopeKind = (typeof PRICING_SCOPES)[number];

/** Fee types of a priceable item: usage prices keep six decimals, the others the currency's minor unit. */
export const FEE_TYPES = ['Setup', 'Recurring', 'Usage'] as const;
export type FeeType = (typeof FEE_TYPES)[number];

/** A non-negative decimal with at most six decimals, as a string ("12.5", "0.0042"). */
export const decimalStringSchema = z
  .string()
  .trim()
  .regex(/^\d{1,12}(\.\d{1,6})?$/, 'expected a decimal number such as 12.50, with at most 6 decimals');

/** A percentage parameter: markup and discounts 0–1000 %, gross margin below 100 % (checked per model). */
export const percentStringSchema = z
  .string()
  .trim()
  .regex(/^\d{1,4}(\.\d{1,4})?$/, 'expected a percentage such as 12.5, with at most 4 decimals');

/** The models whose parameter is a percentage; Static's parameter is a price, Srp has none. */
export const PERCENT_MODELS: readonly PricingModel[] = ['Markup', 'GrossMargin', 'SrpDiscount'];

/** Which rule priced an item, as the grid and the service page show it ("Markup 12 % — rule 'Microsoft partners'"). */
export interface PriceExplanation {
  RuleId: number;
  RuleName: string;
  Model: PricingModel;
  /** The percentage or the static price the rule applies; null for Srp. */
  Parameter: string | null;
  IsDefaultRule: boolean;
}
