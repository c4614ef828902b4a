import { priceableItemOperations } from './priceableItemOperations';
import { pricelistOperations } from './pricelistOperations';
import { pricingRuleOperations } from './pricingRuleOperations';

/** Pricelists (IMarketplaceService), their priced items and their rules (IPricingRuleService): issue 13. */
export const pricingOperations = [...pricelistOperations, ...priceableItemOperations, ...pricingRuleOperations];
