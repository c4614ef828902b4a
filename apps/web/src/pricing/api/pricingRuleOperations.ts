import { useQuery } from '@tanstack/react-query';
import type { PricingRule, SavePricingRuleRequest } from '@cmp/contracts/pricing';
import { callOperation } from '../../platform/api/callOperation';

// IPricingRuleService (issue 13): a pricelist's rules, their order, saving and deleting one.

export const pricingRulesQueryKey = (marketplaceId: number) => ['pricing', 'rules', marketplaceId] as const;

/** The rules in the order they are tried, the default (SRP) rule last. */
export function usePricingRules(marketplaceId: number, isEnabled = true) {
  return useQuery({
    queryKey: pricingRulesQueryKey(marketplaceId),
    queryFn: ({ signal }) => callOperation<{ Rules: PricingRule[] }>('IPricingRuleService', 'GetPricingRules', { marketplaceId }, { suppressErrorToast: true, signal }),
    select: (answer) => answer.Rules,
    enabled: isEnabled,
  });
}

/** The rule dialog shows the server's refusal itself (a scope naming an unknown id), so no toast. */
export const savePricingRule = (request: SavePricingRuleRequest) => callOperation<PricingRule>('IPricingRuleService', 'SavePricingRule', request, { suppressErrorToast: true });


/** pricingRuleIds names every rule but the default, highest priority first. */
export const prioritizePricingRules = (marketplaceId: number, pricingRuleIds: number[]) =>
  callOperation<{ Rules: PricingRule[] }>('IPricingRuleService', 'PrioritizePricingRules', { marketplaceId, pricingRuleIds });
