import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { LayoutPage, ViewLayout } from '@cmp/contracts/accountViews';
import { IDEMPOTENCY_KEY_HEADER } from '@cmp/contracts/customCharges';
import type { OrderPreview, OrderRequest, getAvailableServicesRequestSchema, getAvailableServicesResponseSchema, getOrderResponseSchema, placeOrderResponseSchema } from '@cmp/contracts/orders';
import { ApiError } from '../../platform/api/ApiError';
import { callOperation } from '../../platform/api/callOperation';
import { currentLanguage } from '../../platform/i18n/currentLanguage';

export type AvailableServicesRequest = z.input<typeof getAvailableServicesRequestSchema>;
export type AvailableServicesPage = z.infer<typeof getAvailableServicesResponseSchema>;
export type PlacedOrder = z.infer<typeof placeOrderResponseSchema>;
export type LoadedOrder = z.infer<typeof getOrderResponseSchema>;

const SERVICE = 'IAccountService';

/** GetAvailableServices: one page of what an account may order from its pricelist (issue 14). */
export function useAvailableServices(request: AvailableServicesRequest | undefined) {
  return useQuery({
    queryKey: ['orders', 'available-services', request ?? null],
    queryFn: ({ signal }) => callOperation<AvailableServicesPage>(SERVICE, 'GetAvailableServices', request, { suppressErrorToast: true, signal }),
    enabled: request !== undefined,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/**
 * GetViewLayout of the service's Product layout (type 'Product', view 'Product', productName): the
 * product's view fields an order asks for (issue 14), labels in the caller's language. A product
 * without a layout of its own ("Viewlayout contains no Pages", 404) has no fields: no pages.
 */
export function useProductLayout(productName: string | undefined) {
  return useQuery(productLayoutQuery(productName));
}

/** useProductLayout's query, for a screen that asks for several products' layouts at once (useQueries). */
export function productLayoutQuery(productName: string | undefined) {
  return {
    queryKey: ['orders', 'product-layout', productName ?? null, currentLanguage()],
    queryFn: async ({ signal }: { signal: AbortSignal }): Promise<LayoutPage[]> => {
      try {
        const layout = await callOperation<ViewLayout | null>(SERVICE, 'GetViewLayout', { type: 'Product', view: 'Product', productName }, { suppressErrorToast: true, signal });
        return layout?.Pages ?? [];
      } catch (failure) {
        if (failure instanceof ApiError && failure.status === 404) return [];
        throw failure;
      }
    },
    enabled: productName !== undefined,
    // Layouts change with a release of data, not per visit (as the account screens cache them).
    staleTime: 30 * 60_000,
    retry: false,
  };
}

/** PreviewOrder: the overview priced by the one price function (the price shown is the price billed). */
export const previewOrder = (request: OrderRequest, signal?: AbortSignal) => callOperation<OrderPreview>(SERVICE, 'PreviewOrder', request, { suppressErrorToast: true, signal });

/**
 * PlaceOrder with the overview's Idempotency-Key (DESIGN.md "Commerce"): the key is made when the
 * overview is shown and reused by every click and retry of that overview, so a double click or a
 * retry after a lost answer places one order. The wizard shows the refusal itself, so no toast.
 */
export const placeOrder = (request: OrderRequest, idempotencyKey: string) =>
  callOperation<PlacedOrder>(SERVICE, 'PlaceOrder', request, { suppressErrorToast: true, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } });

/** GetOrder: the placed order as it stands now (its subscription's status moves with provisioning). */
export function useOrder(orderId: number | undefined) {
  return useQuery({
    queryKey: ['orders', 'order', orderId ?? null],
    queryFn: ({ signal }) => callOperation<LoadedOrder>(SERVICE, 'GetOrder', { orderId }, { suppressErrorToast: true, signal }),
    enabled: orderId !== undefined,
    // While the vendor provisions, the status moves on its own: look again every few seconds.
    refetchInterval: (query) => (query.state.data?.Order.SubscriptionStatus === 'Provisioning' ? 3000 : false),
  });
}
