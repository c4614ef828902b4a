import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { mdiDotsHorizontal } from '@mdi/js';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { failureText } from '../../../platform/api/failureText';
import { MdiIcon } from '../../../platform/ui/MdiIcon';
import { useAccountTreeLevel } from '../hooks/useAccountTreeLevel';
import { accountItemKey, loadMoreItemKey, useAccountTreeState } from './AccountTreeContext';
import { AccountTreeItem } from './AccountTreeItem';
import { treeRowSx } from './treeRowSx';

/**
 * The children of an open node, loaded lazily, a page at a time: after the last loaded child a
 * "Load more results (n of total)" item (spec §9) fetches the next page and moves the keyboard to
 * the first new child.
 */
export function AccountTreeLevel({ parentId, level }: { parentId: number; level: number }) {
  const { t } = useTranslation();
  const tree = useAccountTreeState();
  const children = useAccountTreeLevel(parentId, tree.showTerminated);
  const firstNewIndex = useRef<number | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const { setActiveKey } = tree;

  useEffect(() => {
    const index = firstNewIndex.current;
    if (index === null || children.children.length <= index) return;
    firstNewIndex.current = null;
    const key = accountItemKey(children.children[index]!.AccountId);
    setActiveKey(key);
    listRef.current?.querySelector<HTMLElement>(`[data-key="${key}"]`)?.focus();
  }, [children.children, setActiveKey]);

  const loadMore = () => {
    if (children.isLoadingMore) return;
    firstNewIndex.current = children.children.length;
    children.loadMore();
  };
  const moreKey = loadMoreItemKey(parentId);

  return (
    <Box component="ul" role="group" ref={listRef} aria-busy={children.isPending || children.isLoadingMore} sx={{ p: 0, m: 0 }}>
      {children.isPending && (
        <Box component="li" role="none" sx={{ ...treeRowSx(level), cursor: 'default' }}>
          <CircularProgress size={16} aria-label={t('account_tree.loading')} />
        </Box>
      )}
      {children.isError && (
        <Box component="li" role="none" sx={{ ...treeRowSx(level), cursor: 'default' }}>
          <Typography variant="body2" color="error" role="alert">
            {failureText(children.error)}
          </Typography>
        </Box>
      )}
      {children.children.map((node, index) => (
        <AccountTreeItem key={node.AccountId} node={node} level={level} position={index + 1} setSize={children.total} />
      ))}
      {children.hasMore && (
        <Box
          component="li"
          role="treeitem"
          data-key={moreKey}
          data-load-more
          aria-level={level}
          aria-disabled={children.isLoadingMore}
          tabIndex={tree.activeKey === moreKey ? 0 : -1}
          onFocus={() => setActiveKey(moreKey)}
          onClick={loadMore}
          onKeyDown={(event) => {
            if (event.key !== 'Enter' && event.key !== ' ') return;
            event.preventDefault();
            event.stopPropagation();
            loadMore();
          }}
          sx={{ listStyle: 'none', outline: 'none', '&:focus-visible > div': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 } }}
        >
          <Box sx={{ ...treeRowSx(level), color: 'primary.main' }}>
            <Box component="span" sx={{ width: 24, flexShrink: 0 }} />
            {children.isLoadingMore ? <CircularProgress size={16} aria-hidden /> : <MdiIcon path={mdiDotsHorizontal} fontSize="small" />}
            {t('account_tree.load_more', { shown: children.children.length, total: children.total })}
          </Box>
        </Box>
      )}
    </Box>
  );
}
