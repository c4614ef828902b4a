import { useQuery } from '@tanstack/react-query';
import type { MarketplaceSummary } from '@cmp/contracts/pricing';
import { callOperation } from '../../platform/api/callOperation';

// IMarketplaceService's pricelist operations (issue 13; the API calls a pricelist a marketplace).

export interface PricelistProperties {
  Name: string;
  Currency: string;
  Tags: string[];
}
export interface MarketplaceCustomer {
  AccountId: number;
  DisplayName: string;
  AccountType: string;
}

export const PRICELISTS_QUERY_KEY = ['pricing', 'pricelists'] as const;

/** The caller's organisation's pricelists, highest priority first. */
export function usePricelists() {
  return useQuery({
    queryKey: PRICELISTS_QUERY_KEY,
    queryFn: ({ signal }) => callOperation<{ Marketplaces: MarketplaceSummary[] }>('IMarketplaceService', 'GetMarketplaces', {}, { suppressErrorToast: true, signal }),
    select: (answer) => answer.Marketplaces,
  });
}

/** The dialog shows the server's refusal (a name already used) itself, so no toast. */
export const createPricelist = (marketplaceProperties: PricelistProperties) =>
  callOperation<MarketplaceSummary>('IMarketplaceService', 'CreateMarketplace', { marketplaceProperties }, { suppressErrorToast: true });

export const updatePricelistProperties = (marketplaceId: number, marketplaceProperties: PricelistProperties) =>
  callOperation<MarketplaceSummary>('IMarketplaceService', 'UpdateMarketplaceProperties', { marketplaceId, marketplaceProperties }, { suppressErrorToast: true });

/** Refused (409, shown as an error toast) while customers use the pricelist. */
export const deletePricelist = (marketplaceId: number) => callOperation('IMarketplaceService', 'DeleteMarketplace', { marketplaceId });

/** marketplacePriorityList names every pricelist of the owner, highest priority first. */
export const prioritizePricelists = (marketplacePriorityList: number[]) =>
  callOperation<{ Marketplaces: MarketplaceSummary[] }>('IMarketplaceService', 'PrioritizeMarketplaces', { marketplacePriorityList });

export function usePricelistCustomers(marketplaceId: number | undefined) {
  return useQuery({
    queryKey: ['pricing', 'customers', marketplaceId],
    queryFn: ({ signal }) => callOperation<{ Customers: MarketplaceCustomer[] }>('IMarketplaceService', 'GetMarketplaceCustomers', { marketplaceId }, { suppressErrorToast: true, signal }),
    enabled: marketplaceId !== undefined,
    select: (answer) => answer.Customers,
  });
}
