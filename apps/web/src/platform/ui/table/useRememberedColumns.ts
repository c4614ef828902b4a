import { useCallback, useState } from 'react';
import { useSessionUser } from '../../session/currentUser';

/** Where a user's hidden columns of one table are kept: this browser, per user, so a shared computer keeps each person's. */
export const hiddenColumnsKey = (userAccountId: number | undefined, tableId: string) => `cmp.hiddenColumns.${userAccountId ?? 'anonymous'}.${tableId}`;

function readHidden(key: string): string[] {
  try {
    const stored: unknown = JSON.parse(globalThis.localStorage?.getItem(key) ?? '[]');
    return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    // Storage refused (private mode) or a damaged value: every column shows.
    return [];
  }
}

/** The ids of the columns the signed-in user has hidden in a table, remembered in this browser. */
export function useRememberedColumns(tableId: string): [string[], (hidden: string[]) => void] {
  const key = hiddenColumnsKey(useSessionUser()?.UserAccountId, tableId);
  const [state, setState] = useState(() => ({ key, hidden: readHidden(key) }));
  // Another user signed in (or another table) reads its own.
  const hidden = state.key === key ? state.hidden : readHidden(key);
  const remember = useCallback(
    (next: string[]) => {
      setState({ key, hidden: next });
      try {
        globalThis.localStorage?.setItem(key, JSON.stringify(next));
      } catch {
        // Not kept beyond this page: storage refused.
      }
    },
    [key],
  );
  return [hidden, remember];
}
