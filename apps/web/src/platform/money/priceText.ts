import type { TFunction } from 'i18next';
import type { ServiceHeadlinePrice, ServiceItemPrice } from '@cmp/contracts/marketplace';
import { formatMoney } from './formatMoney';
import { pricedByText } from './ruleDescription';

type BillingPeriod = 'Monthly' | 'Annual';

/** "€5.47 per user / month", "€0.023184 per GB", "€250.00 one-time". */
export function priceLabel(t: TFunction, locale: string, price: { amount: string; currency: string; feeType: ServiceHeadlinePrice['FeeType']; unit: string | null }, period: BillingPeriod): string {
  const amount = formatMoney(price.amount, price.currency, locale);
  if (price.feeType === 'Setup') return t('marketplace.price_setup', { amount });
  if (price.feeType === 'Usage') return price.unit ? t('marketplace.price_usage', { amount, unit: price.unit }) : amount;
  const periodText = t(`marketplace.periods.${period}`);
  return price.unit ? t('marketplace.price_recurring_unit', { amount, unit: price.unit, period: periodText }) : t('marketplace.price_recurring', { amount, period: periodText });
}

/**
 * Issue 13 "every price explains itself", in pricing's words ("Markup 12 % — rule 'Microsoft
 * partners'"); the vendor's SRP for a caller no pricelist applies to; or why there is no price.
 * A buyer gets no rule defined over its seller's purchase price (issue 30): its price list set it.
 */
export function priceReason(t: TFunction, locale: string, price: Pick<ServiceItemPrice, 'Rule' | 'Basis' | 'Problem'>, currency: string): string {
  if (price.Rule) return pricedByText(t, locale, price.Rule, currency);
  if (price.Basis === 'Srp' && !price.Problem) return t('marketplace.reason_srp');
  if (price.Basis === 'Pricelist' && !price.Problem) return t('price_privacy.reason_pricelist');
  return t(`marketplace.problems.${price.Problem ?? 'no_rule'}`);
}
