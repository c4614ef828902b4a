import type { AccountSearchResult } from '@cmp/contracts/search';
import { trackEvent } from '../../platform/analytics/trackEvent';
import { searchAccounts } from '../api/searchAccounts';
import { SEARCH_EVENTS } from '../constants/searchConstants';
import { useLatestSearch, type SearchState } from './useLatestSearch';

export type AccountSearchState = SearchState<AccountSearchResult>;
export { searchTerm } from './useLatestSearch';

const reportResults = (term: string, results: AccountSearchResult[]) => trackEvent(SEARCH_EVENTS.searchResults, { resultCount: results.length, textLength: term.length });

/** The global search's accounts (spec §7 "Search accounts"), with the search-results analytics event. */
export function useAccountSearch(text: string): AccountSearchState {
  return useLatestSearch(text, searchAccounts, { onAnswer: reportResults });
}
