import { currencyOperations } from './currencies';
import { searchServices } from './searchServices';
import { serviceInfoOperations } from './serviceInfo';

/** IMarketplaceService: the catalog as the caller sees it — SearchServices (Explore), GetService, GetMarketplaceTerms, GetCurrencies. */
export const marketplaceOperations = [searchServices, ...serviceInfoOperations, ...currencyOperations];
