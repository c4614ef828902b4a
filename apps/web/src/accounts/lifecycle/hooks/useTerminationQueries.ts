import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { TERMINATION_QUERY_KEY, getTerminationPreview, listScheduledTerminations } from '../api/terminationOperations';

/** What terminating the chosen accounts at that moment (null: now) would touch. */
export function useTerminationPreview(accountIds: number[], terminationDate: string | null) {
  return useQuery({
    queryKey: [...TERMINATION_QUERY_KEY, 'preview', accountIds, terminationDate],
    queryFn: ({ signal }) => getTerminationPreview({ accountIds, terminationDate }, signal),
    enabled: accountIds.length > 0,
    placeholderData: keepPreviousData,
  });
}

/** One page of the scheduled terminations in the caller's hierarchy (server-side paging). */
export function useScheduledTerminations(page: number, pageSize: number) {
  return useQuery({
    queryKey: [...TERMINATION_QUERY_KEY, 'scheduled', page, pageSize],
    queryFn: ({ signal }) => listScheduledTerminations({ page, pageSize }, signal),
    placeholderData: keepPreviousData,
  });
}

/** The scheduled terminations that concern one account — its own and its parents' — for its page. */
export function useTerminationsConcerning(accountId: number, isEnabled = true) {
  return useQuery({
    queryKey: [...TERMINATION_QUERY_KEY, 'concerning', accountId],
    queryFn: ({ signal }) => listScheduledTerminations({ accountId, page: 0, pageSize: 10 }, signal),
    enabled: isEnabled,
  });
}
