import { useQuery } from '@tanstack/react-query';
import type { GetPropagationFiltersResponse, PropagationFilterInput, PropagationPreview, PropagationRun } from '@cmp/contracts/propagation';
import { callOperation } from '../../platform/api/callOperation';

// IMarketplaceService's propagation operations (issue 13): filters, preview, run, status.

export const filtersQueryKey = (marketplaceId: number) => ['pricing', 'propagation-filters', marketplaceId] as const;

export function usePropagationFilters(marketplaceId: number) {
  return useQuery({
    queryKey: filtersQueryKey(marketplaceId),
    queryFn: ({ signal }) => callOperation<GetPropagationFiltersResponse>('IMarketplaceService', 'GetPropagationFilters', { marketplaceId }, { suppressErrorToast: true, signal }),
  });
}

/** A 409 (conflicting saved filters) is answered by the screen's confirmation, so no toast. */
export const savePropagationFilters = (marketplaceId: number, filters: PropagationFilterInput[], deleteConflicting = false) =>
  callOperation<GetPropagationFiltersResponse>('IMarketplaceService', 'SavePropagationFilters', { marketplaceId, filters, deleteConflicting }, { suppressErrorToast: true });

export const previewPropagation = (marketplaceId: number) =>
  callOperation<PropagationPreview>('IMarketplaceService', 'PreviewPropagation', { marketplaceId }, { suppressErrorToast: true });

/** The Idempotency-Key makes a repeated click (or a retry after a timeout) answer the same run. */
export const propagate = (marketplaceId: number, previewId: string) =>
  callOperation<{ Run: PropagationRun }>('IMarketplaceService', 'Propagate', { marketplaceId, previewId }, { suppressErrorToast: true, headers: { 'Idempotency-Key': `propagate-${previewId}` } });

export const statusQueryKey = (runId: number) => ['pricing', 'propagation-run', runId] as const;

/** The run's status, polled every second while it works. */
export function usePropagationRun(runId: number | undefined) {
  return useQuery({
    queryKey: statusQueryKey(runId ?? 0),
    queryFn: ({ signal }) => callOperation<{ Run: PropagationRun | null }>('IMarketplaceService', 'GetPropagationStatus', { runId }, { suppressErrorToast: true, signal }),
    enabled: runId !== undefined,
    select: (answer) => answer.Run,
    refetchInterval: (query) => {
      const status = query.state.data?.Run?.Status;
      return status === 'Completed' || status === 'Failed' ? false : 1000;
    },
  });
}

/** The pricelist's latest run, shown when the screen opens. */
export function useLatestPropagationRun(marketplaceId: number) {
  return useQuery({
    queryKey: ['pricing', 'propagation-latest', marketplaceId],
    queryFn: ({ signal }) => callOperation<{ Run: PropagationRun | null }>('IMarketplaceService', 'GetPropagationStatus', { marketplaceId }, { suppressErrorToast: true, signal }),
    select: (answer) => answer.Run,
  });
}
