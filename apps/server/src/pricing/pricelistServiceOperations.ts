import type { OperationDefinition } from '../platform/operations';

// IMarketplaceService: the services a pricelist offers (GetMarketplaceServices, AddServicesToMarketplace, UpdateServices), its currencies and terms.
export const pricelistServiceOperations: OperationDefinition[] = [];
