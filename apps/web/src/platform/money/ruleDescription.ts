import type { TFunction } from 'i18next';
import { PERCENT_MODELS, type PriceExplanation, type PricingModel, type PricingRule } from '@cmp/contracts/pricing';
import { formatDecimal, formatMoney } from './formatMoney';

/** A rule's model with its parameter, as a person says it: "Gross margin 25 %", "Static price €3.99", "SRP". */
export function describeRuleModel(t: TFunction, locale: string, model: PricingModel, parameter: string | null, currency: string): string {
  const modelName = t(`pricing.models.${model}`);
  if (parameter === null || model === 'Srp') return modelName;
  if (PERCENT_MODELS.includes(model)) return t('pricing.rule_percent', { model: modelName, percent: formatDecimal(parameter, locale, 4) });
  return t('pricing.rule_static', { model: modelName, price: formatMoney(parameter, currency, locale) });
}

/** Issue 13 "every price explains itself": "Gross margin 25 % — rule 'Collaboration margin'". */
export function pricedByText(t: TFunction, locale: string, rule: PriceExplanation, currency: string): string {
  // A price typed into the edit-prices grid comes before every rule: "Manual price €3.99".
  if (rule.IsManualPrice) return t('pricing_preview.manual_price', { price: formatMoney(rule.Parameter ?? '0', currency, locale) });
  return t('pricing.priced_by', { rule: describeRuleModel(t, locale, rule.Model, rule.Parameter, currency), name: rule.RuleName });
}

/** What a rule applies to: all services, or the kind with the vendors' names where known, else the count. */
export function describeRuleScope(t: TFunction, scope: PricingRule['Scope'], vendorNames: ReadonlyMap<number, string>): string {
  if (scope.Kind === 'AllServices') return t('pricing.scopes.AllServices');
  const names = scope.Kind === 'Vendors' ? scope.Ids.map((id) => vendorNames.get(id)) : [];
  if (names.length > 0 && names.every((name) => name !== undefined)) return t('pricing.scope_named', { kind: t(`pricing.scopes.${scope.Kind}`), names: names.join(', ') });
  return t('pricing.scope_counted', { kind: t(`pricing.scopes.${scope.Kind}`), count: scope.Ids.length });
}
