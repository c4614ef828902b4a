import { useEffect, useState } from 'react';
import { ACCOUNT_SEARCH_MIN_LENGTH, type AccountSearchResult } from '@cmp/contracts/search';
import { ApiError } from '../../platform/api/ApiError';
import { trackEvent } from '../../platform/analytics/trackEvent';
import { searchAccounts } from '../api/searchAccounts';
import { SEARCH_DEBOUNCE_MS, SEARCH_EVENTS } from '../constants/searchConstants';

export type AccountSearchStatus = 'empty' | 'too_short' | 'loading' | 'done' | 'failed';

export interface AccountSearchState {
  status: AccountSearchStatus;
  /** The matches of the latest answer; while a newer search runs, those of the previous one. */
  results: AccountSearchResult[];
  errorText?: string;
}

// One shared empty list, so "no matches" keeps its identity from render to render.
const NO_RESULTS: AccountSearchResult[] = [];

interface Answer {
  term: string;
  results: AccountSearchResult[];
  errorText?: string;
}

/** The search text as the server will see it (spec §5: trimmed), and whether it is long enough to send. */
export function searchTerm(text: string) {
  const term = text.trim();
  return { term, isSearchable: [...term].length >= ACCOUNT_SEARCH_MIN_LENGTH };
}

/**
 * spec §7 "Search accounts": sends the trimmed text 300 ms after the last change; a newer search
 * cancels the one still running, so only the latest answer ever shows.
 */
export function useAccountSearch(text: string): AccountSearchState {
  const { term, isSearchable } = searchTerm(text);
  const [answer, setAnswer] = useState<Answer | null>(null);

  useEffect(() => {
    if (!isSearchable) return;
    let isCurrent = true;
    const timer = window.setTimeout(() => {
      searchAccounts(term).then(
        (results) => {
          if (!isCurrent) return;
          setAnswer({ term, results });
          trackEvent(SEARCH_EVENTS.searchResults, { resultCount: results.length, textLength: term.length });
        },
        (error: unknown) => {
          // A cancelled search was replaced by a newer one, which answers instead.
          if (!isCurrent || (error instanceof ApiError && error.isCanceled)) return;
          setAnswer({ term, results: NO_RESULTS, errorText: error instanceof Error ? error.message : String(error) });
        },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      isCurrent = false;
      window.clearTimeout(timer);
    };
  }, [term, isSearchable]);

  if (!isSearchable) return { status: term ? 'too_short' : 'empty', results: NO_RESULTS };
  if (answer?.term !== term) return { status: 'loading', results: answer?.results ?? NO_RESULTS };
  if (answer.errorText !== undefined) return { status: 'failed', results: NO_RESULTS, errorText: answer.errorText };
  return { status: 'done', results: answer.results };
}
