import type { OperationDefinition } from '../platform/operations';

// IPricingRuleService/PreviewPricingRule and the manual prices of the edit-prices grid.
export const pricePreviewOperations: OperationDefinition[] = [];
