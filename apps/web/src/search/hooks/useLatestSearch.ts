import { useEffect, useRef, useState } from 'react';
import { ACCOUNT_SEARCH_MIN_LENGTH } from '@cmp/contracts/searchRules';
import { ApiError } from '../../platform/api/ApiError';
import { SEARCH_DEBOUNCE_MS } from '../constants/searchConstants';

export type SearchStatus = 'empty' | 'too_short' | 'loading' | 'done' | 'failed';

export interface SearchState<T> {
  status: SearchStatus;
  /** The matches of the latest answer; while a newer search runs, those of the previous one. */
  results: T[];
  errorText?: string;
}

interface Answer<T> {
  term: string;
  results: T[];
  errorText?: string;
}

// One shared empty list, so "no matches" keeps its identity from render to render.
const NO_RESULTS: never[] = [];

/** The search text as the server will see it (spec §5: trimmed), and whether it is long enough to send. */
export function searchTerm(text: string) {
  const term = text.trim();
  return { term, isSearchable: [...term].length >= ACCOUNT_SEARCH_MIN_LENGTH };
}

/**
 * spec §7 "Search accounts" / "Search services": sends the trimmed text 300 ms after the last
 * change; `search` cancels the request still running (callLatestOperation), so only the latest
 * answer ever shows. Disabled, it searches nothing and stays empty.
 */
export function useLatestSearch<T>(text: string, search: (term: string) => Promise<T[]>, { isEnabled = true, onAnswer }: { isEnabled?: boolean; onAnswer?: (term: string, results: T[]) => void } = {}): SearchState<T> {
  const { term, isSearchable } = searchTerm(text);
  const [answer, setAnswer] = useState<Answer<T> | null>(null);
  const isSent = isEnabled && isSearchable;
  // The latest callbacks, read when the timer fires: the term alone decides when to search again.
  const callbacks = useRef({ search, onAnswer });
  callbacks.current = { search, onAnswer };

  useEffect(() => {
    if (!isSent) return;
    let isCurrent = true;
    const timer = window.setTimeout(() => {
      callbacks.current.search(term).then(
        (results) => {
          if (!isCurrent) return;
          setAnswer({ term, results });
          callbacks.current.onAnswer?.(term, results);
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
  }, [term, isSent]);

  if (!isEnabled) return { status: 'empty', results: NO_RESULTS };
  if (!isSearchable) return { status: term ? 'too_short' : 'empty', results: NO_RESULTS };
  if (answer?.term !== term) return { status: 'loading', results: answer?.results ?? NO_RESULTS };
  if (answer.errorText !== undefined) return { status: 'failed', results: NO_RESULTS, errorText: answer.errorText };
  return { status: 'done', results: answer.results };
}
