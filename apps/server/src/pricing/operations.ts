import { priceableItemOperations } from './priceableItemOperations';
import { pricelistOperations } from './pricelistOperations';
import { pricelistServiceOperations } from './pricelistServiceOperations';
import { pricePreviewOperations } from './pricePreviewOperations';
import { pricingRuleOperations } from './pricingRuleOperations';
import { propagationOperations } from './propagationOperations';

/** Pricelists (IMarketplaceService), their services, priced items, propagation and rules (IPricingRuleService): issue 13. */
export const pricingOperations = [...pricelistOperations, ...pricelistServiceOperations, ...priceableItemOperations, ...pricingRuleOperations, ...pricePreviewOperations, ...propagationOperations];
