import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { GetPriceableItemsRequest, PricedItem } from '@cmp/contracts/pricing';
import { MAX_PAGE_SIZE } from '@cmp/contracts/users';
import { getPriceableItems, priceableItemsQueryKey } from '../api/priceableItemOperations';

/** edit-all-prices: every item of the pricelist at once, read page after page of the largest size. */
export function useAllPriceableItems(request: Omit<GetPriceableItemsRequest, 'page' | 'pageSize'>, isEnabled = true) {
  return useQuery({
    queryKey: [...priceableItemsQueryKey(request.marketplaceId), 'all', request],
    queryFn: async ({ signal }) => {
      const items: PricedItem[] = [];
      for (let page = 0; ; page++) {
        const answer = await getPriceableItems({ ...request, page, pageSize: MAX_PAGE_SIZE }, signal);
        items.push(...answer.Items);
        if (answer.Items.length < MAX_PAGE_SIZE || items.length >= answer.Total) return { Items: items, Total: answer.Total };
      }
    },
    placeholderData: keepPreviousData,
    enabled: isEnabled,
  });
}
