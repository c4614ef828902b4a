import { createContext, useContext } from 'react';
import type { AccountTreeNode } from '@cmp/contracts/accountTree';

/** What every item of one account tree shares: which nodes are open, which item holds the keyboard, the current account. */
export interface AccountTreeState {
  selectedAccountId: number;
  showTerminated: boolean;
  expanded: ReadonlySet<number>;
  toggle(accountId: number, isOpen?: boolean): void;
  /** The item reachable with Tab (roving tabindex); arrows move it. */
  activeKey: string;
  setActiveKey(key: string): void;
  /** Whether the caller may open the account (read it); others are only named. */
  mayOpen(node: Pick<AccountTreeNode, 'AccountId' | 'AccountType'>): boolean;
}

export const AccountTreeContext = createContext<AccountTreeState | null>(null);

export function useAccountTreeState(): AccountTreeState {
  const state = useContext(AccountTreeContext);
  if (!state) throw new Error('useAccountTreeState outside an AccountTreePanel');
  return state;
}

export const accountItemKey = (accountId: number) => `account-${accountId}`;
export const loadMoreItemKey = (parentId: number) => `more-${parentId}`;
