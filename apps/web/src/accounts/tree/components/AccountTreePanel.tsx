import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { mayReadAccount } from '@cmp/contracts/accountAccess';
import type { AccountTreeNode } from '@cmp/contracts/accountTree';
import { failureText } from '../../../platform/api/failureText';
import { useSessionUser } from '../../../platform/session/currentUser';
import { LoadingIndicator } from '../../../platform/ui/LoadingIndicator';
import { useAccountHierarchy } from '../hooks/useAccountHierarchy';
import { useAccountTreeLevel } from '../hooks/useAccountTreeLevel';
import { AccountTreeContext, accountItemKey, type AccountTreeState } from './AccountTreeContext';
import { AccountTreeItem } from './AccountTreeItem';
import { moveInTree } from './moveInTree';

interface Expansion {
  forAccount: number;
  ids: ReadonlySet<number>;
}

/**
 * The account tree beside an account (spec §7 "account tree (showTerminatedAccounts, targetRoot,
 * maxRows)"): from the caller's top account, lazily expanded, the current account highlighted with
 * its ancestors open, terminated accounts greyed and hidden unless the switch shows them. Keyboard
 * as the WAI-ARIA tree pattern: arrows move and open/close, Home/End, Enter opens the account.
 */
export function AccountTreePanel({ selectedAccountId }: { selectedAccountId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const headingId = useId();
  const treeRef = useRef<HTMLUListElement>(null);
  const location = useAccountHierarchy(selectedAccountId);
  const hierarchy = location.data?.hierarchy;

  // A terminated current account shows the terminated ones until the user says otherwise.
  const [showChoice, setShowChoice] = useState<boolean | null>(null);
  const showTerminated = showChoice ?? location.data?.account.AccountState === 'Terminated';

  // The top and the ancestors of the current account open; what the user opens or closes is kept.
  const [expansion, setExpansion] = useState<Expansion | null>(null);
  const expanded = useMemo<ReadonlySet<number>>(() => {
    if (expansion?.forAccount === selectedAccountId) return expansion.ids;
    const opened = [...(hierarchy ?? []).slice(0, -1), ...(hierarchy ?? []).slice(0, 1)].map((entry) => entry.AccountId);
    return new Set([...(expansion?.ids ?? []), ...opened]);
  }, [expansion, hierarchy, selectedAccountId]);
  const toggle = useCallback(
    (accountId: number, isOpen?: boolean) => {
      const ids = new Set(expanded);
      if (isOpen ?? !ids.has(accountId)) ids.add(accountId);
      else ids.delete(accountId);
      setExpansion({ forAccount: selectedAccountId, ids });
    },
    [expanded, selectedAccountId],
  );

  const [focusKey, setFocusKey] = useState<string | null>(null);
  const top = hierarchy?.[0];
  // The top's own node (state, child count) comes with its first level, which its children share.
  const topLevel = useAccountTreeLevel(top?.AccountId ?? 0, showTerminated, top !== undefined);
  const activeKey = focusKey ?? accountItemKey(selectedAccountId);
  // The item holding the keyboard may go (closed, hidden): once nothing loads, the top takes it over,
  // so the tree always keeps one Tab stop.
  const topKey = top ? accountItemKey(top.AccountId) : null;
  const isTreeShown = topLevel.root !== undefined;
  useEffect(() => {
    const tree = treeRef.current;
    if (!tree || !topKey) return;
    const keepTabStop = () => {
      if (tree.querySelector(`[data-key="${activeKey}"]`) || tree.querySelector('[aria-busy="true"]')) return;
      setFocusKey(topKey);
    };
    keepTabStop();
    const observer = new MutationObserver(keepTabStop);
    observer.observe(tree, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-busy'] });
    return () => observer.disconnect();
  }, [activeKey, topKey, isTreeShown]);

  const sessionUser = useSessionUser();
  const mayOpen = useCallback(
    (node: Pick<AccountTreeNode, 'AccountId' | 'AccountType'>) => mayReadAccount(sessionUser?.Capability ?? [], { id: node.AccountId, type: node.AccountType }, sessionUser?.UserAccountId),
    [sessionUser],
  );
  const state = useMemo<AccountTreeState>(
    () => ({ selectedAccountId, showTerminated, expanded, toggle, activeKey, setActiveKey: setFocusKey, mayOpen }),
    [selectedAccountId, showTerminated, expanded, toggle, activeKey, mayOpen],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const move = moveInTree(treeRef.current!, event.target as HTMLElement, event.key);
    if (!move) return;
    event.preventDefault();
    if (move.kind === 'focus') {
      setFocusKey(move.item.dataset.key ?? null);
      move.item.focus();
    } else if (move.kind === 'toggle') toggle(move.accountId, move.isOpen);
    else navigate(`/account/${move.accountId}`);
  };

  return (
    <Paper component="nav" aria-labelledby={headingId} variant="outlined" sx={{ p: 2, minWidth: 0 }}>
      <Typography id={headingId} variant="h6" component="h2">
        {t('account_tree.title')}
      </Typography>
      <FormControlLabel
        control={<Switch size="small" checked={showTerminated} onChange={(event) => setShowChoice(event.target.checked)} />}
        label={t('account_tree.show_terminated')}
        sx={{ mb: 1, '& .MuiFormControlLabel-label': { typography: 'body2' } }}
      />
      {(location.isPending || (top && topLevel.isPending)) && <LoadingIndicator />}
      {location.isError && <Alert severity="error">{failureText(location.error)}</Alert>}
      {topLevel.isError && <Alert severity="error">{failureText(topLevel.error)}</Alert>}
      {topLevel.root && (
        <AccountTreeContext.Provider value={state}>
          <Box component="ul" role="tree" ref={treeRef} aria-labelledby={headingId} onKeyDown={onKeyDown} sx={{ p: 0, m: 0, overflowX: 'auto' }}>
            <AccountTreeItem node={topLevel.root} level={1} position={1} setSize={1} />
          </Box>
        </AccountTreeContext.Provider>
      )}
    </Paper>
  );
}
