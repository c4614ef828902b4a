import { useQuery } from '@tanstack/react-query';
import { ACCOUNT_SEARCH_MIN_LENGTH } from '@cmp/contracts/search';
import { useDebouncedValue } from '../../../platform/ui/useDebouncedValue';
import { findAccounts } from '../api/findAccounts';

/**
 * Accounts matching what the user typed into a picker (spec §5: the trimmed text, at least the
 * minimum length; spec §7: 300 ms after the last key).
 */
export function useAccountOptions(text: string) {
  const term = useDebouncedValue(text.trim(), 300);
  const isSearchable = [...term].length >= ACCOUNT_SEARCH_MIN_LENGTH;
  const query = useQuery({
    queryKey: ['account-lifecycle', 'account-options', term],
    queryFn: ({ signal }) => findAccounts(term, signal),
    enabled: isSearchable,
    staleTime: 30_000,
  });
  return { ...query, isSearchable, isSettling: term !== text.trim() };
}
