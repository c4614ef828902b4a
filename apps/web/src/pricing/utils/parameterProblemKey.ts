import { MAX_MARKUP_PERCENT, percentStringSchema, pricingParameterProblem, type PricingModel } from '@cmp/contracts/pricing';

export interface ParameterProblem {
  key: string;
  values?: Record<string, string | number>;
}

/**
 * The contract decides whether a parameter suits its model (the very check the server makes); this
 * only picks the message in the user's language for the problem it found.
 */
export function parameterProblemKey(model: PricingModel, parameter: string | null): ParameterProblem | undefined {
  if (!pricingParameterProblem(model, parameter)) return undefined;
  if (model === 'Srp') return { key: 'pricing.parameter_errors.srp_takes_none' };
  if (parameter === null) return { key: model === 'Static' ? 'pricing.parameter_errors.price_required' : 'pricing.parameter_errors.percent_required' };
  if (model === 'Static') return { key: 'pricing.parameter_errors.price_invalid' };
  if (!percentStringSchema.safeParse(parameter).success) return { key: 'pricing.parameter_errors.percent_invalid' };
  if (model === 'GrossMargin') return { key: 'pricing.parameter_errors.gross_margin_below_100' };
  if (model === 'SrpDiscount') return { key: 'pricing.parameter_errors.srp_discount_at_most_100' };
  return { key: 'pricing.parameter_errors.percent_at_most', values: { max: MAX_MARKUP_PERCENT } };
}

/**
 * The parameter as the server takes it: trimmed, empty as absent, and a decimal comma (as German,
 * French, Polish … users type it) as a point. Nothing is computed: the text stays the decimal typed.
 */
export function normalizeParameter(model: PricingModel, text: string): string | null {
  if (model === 'Srp') return null;
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return trimmed.includes('.') ? trimmed : trimmed.replace(',', '.');
}
