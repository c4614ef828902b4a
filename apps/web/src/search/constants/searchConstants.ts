import type { AnalyticsEvent } from '@cmp/contracts/analytics';

/** spec §7/§9: the account search waits this long after the last keystroke before it asks the server. */
export const SEARCH_DEBOUNCE_MS = 300;
/** How many matches the popup shows at first and adds per "Load more results" (spec §9). */
export const SEARCH_PAGE_SIZE = 10;
/** The key under which a newer account search cancels the one still running (spec §7). */
export const ACCOUNT_SEARCH_REQUEST_KEY = 'global-search:accounts';
export const SERVICE_SEARCH_REQUEST_KEY = 'global-search:services';

/** spec §7 "Analytics events: global-search result-click and search-results". */
export const SEARCH_EVENTS = {
  resultClick: 'global-search result-click',
  searchResults: 'search-results',
} as const satisfies Record<string, AnalyticsEvent>;
