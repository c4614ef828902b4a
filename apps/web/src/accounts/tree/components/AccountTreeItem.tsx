import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { mdiChevronDown, mdiChevronRight } from '@mdi/js';
import Box from '@mui/material/Box';
import type { AccountTreeNode } from '@cmp/contracts/accountTree';
import { MdiIcon } from '../../../platform/ui/MdiIcon';
import { visuallyHidden } from '../../../platform/ui/visuallyHidden';
import { accountIconPath } from '../../../search/utils/accountIconPath';
import { accountItemKey, useAccountTreeState } from './AccountTreeContext';
import { AccountTreeLevel } from './AccountTreeLevel';
import { treeRowSx } from './treeRowSx';

interface AccountTreeItemProps {
  node: AccountTreeNode;
  level: number;
  position: number;
  setSize: number;
}

/**
 * One account in the tree (WAI-ARIA tree pattern): type icon, name linking to the account,
 * terminated accounts greyed, the current account highlighted; its children load when it opens.
 */
export function AccountTreeItem({ node, level, position, setSize }: AccountTreeItemProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const tree = useAccountTreeState();
  const key = accountItemKey(node.AccountId);
  const isOpen = node.HasChildren && tree.expanded.has(node.AccountId);
  const isCurrent = node.AccountId === tree.selectedAccountId;
  const isTerminated = node.AccountState === 'Terminated';
  return (
    <Box
      component="li"
      role="treeitem"
      data-key={key}
      data-account-id={node.AccountId}
      aria-labelledby={labelId}
      aria-level={level}
      aria-posinset={position}
      aria-setsize={setSize}
      aria-expanded={node.HasChildren ? isOpen : undefined}
      aria-selected={isCurrent}
      tabIndex={tree.activeKey === key ? 0 : -1}
      onFocus={(event) => {
        if (event.target === event.currentTarget) tree.setActiveKey(key);
      }}
      sx={{ listStyle: 'none', outline: 'none', '&:focus-visible > .tree-row': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 } }}
    >
      <Box
        className="tree-row"
        sx={treeRowSx(level, isCurrent)}
        onClick={(event) => {
          const item = event.currentTarget.parentElement as HTMLElement;
          item.focus();
        }}
      >
        <Box
          component="span"
          aria-hidden
          onClick={() => node.HasChildren && tree.toggle(node.AccountId)}
          sx={{ display: 'inline-flex', width: 24, flexShrink: 0, cursor: node.HasChildren ? 'pointer' : 'default' }}
        >
          {node.HasChildren && <MdiIcon path={isOpen ? mdiChevronDown : mdiChevronRight} fontSize="small" />}
        </Box>
        <MdiIcon path={accountIconPath(node.Icon)} fontSize="small" sx={{ color: isTerminated ? 'text.secondary' : 'primary.main', flexShrink: 0 }} />
        <Box
          component={Link}
          to={`/account/${node.AccountId}`}
          tabIndex={-1}
          id={labelId}
          // Long names are cut with an ellipsis in the narrow panel; the whole name shows on hover.
          title={node.DisplayName}
          sx={{
            minWidth: 0,
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
            color: isTerminated ? 'text.secondary' : 'text.primary',
            fontStyle: isTerminated ? 'italic' : undefined,
            fontWeight: isCurrent ? 600 : undefined,
            textDecoration: 'none',
            '&:hover': { textDecoration: 'underline' },
          }}
        >
          {node.DisplayName}
          <Box component="span" sx={visuallyHidden}>
            {` (${[t(`search.account_type.${node.AccountType}`), ...(isTerminated ? [t('account_tree.terminated')] : [])].join(', ')})`}
          </Box>
        </Box>
        {node.HasChildren && (
          <Box component="span" aria-hidden sx={{ ml: 'auto', pl: 1, typography: 'caption', color: 'text.secondary' }}>
            {node.ChildCount}
          </Box>
        )}
      </Box>
      {isOpen && <AccountTreeLevel parentId={node.AccountId} level={level + 1} />}
    </Box>
  );
}
