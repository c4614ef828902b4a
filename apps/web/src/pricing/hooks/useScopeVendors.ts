import { useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '@cmp/contracts/users';
import { getPriceableItems } from '../api/priceableItemOperations';

export interface ScopeVendor {
  AccountId: number;
  DisplayName: string;
}

/** Enough pages for a large catalog without reading a 20,000-item pricelist whole for a pick list. */
const MAX_PAGES = 5;

/**
 * The vendors a rule of this pricelist can name: those of the services it offers. No operation lists
 * vendors yet (the service-management part of issue 13 brings them), so they are read from the
 * pricelist's items, sorted by vendor, a page at a time.
 */
export function useScopeVendors(marketplaceId: number, isEnabled: boolean) {
  return useQuery({
    queryKey: ['pricing', 'vendors', marketplaceId],
    enabled: isEnabled,
    staleTime: 5 * 60_000,
    queryFn: async ({ signal }) => {
      const vendors = new Map<number, string>();
      for (let page = 0; page < MAX_PAGES; page += 1) {
        const answer = await getPriceableItems({ marketplaceId, sortBy: 'Vendor', page, pageSize: MAX_PAGE_SIZE }, signal);
        for (const item of answer.Items) if (item.VendorAccountId !== null) vendors.set(item.VendorAccountId, item.VendorName);
        if ((page + 1) * MAX_PAGE_SIZE >= answer.Total) break;
      }
      return [...vendors].map(([AccountId, DisplayName]): ScopeVendor => ({ AccountId, DisplayName })).sort((a, b) => a.DisplayName.localeCompare(b.DisplayName));
    },
  });
}
