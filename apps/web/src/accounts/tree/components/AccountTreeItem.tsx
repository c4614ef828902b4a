import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { mdiChevronDown, mdiChevronRight } from '@mdi/js';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import type { AccountTreeNode } from '@cmp/contracts/accountTree';
import { MdiIcon } from '../../../platform/ui/MdiIcon';
import { visuallyHidden } from '../../../platform/ui/visuallyHidden';
import { accountIconPath } from '../../../platform/ui/accountIconPath';
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
 * One account in the tree (WAI-ARIA tree pattern): type icon, name linking to the account — only
 * when the caller may read it (issue 10: a plain user's company is named, not opened) — terminated
 * accounts greyed, the current account highlighted; its children load when it opens. A name cut
 * short by the panel's width shows whole in a tooltip on hover and on keyboard focus (issue 10).
 */
export function AccountTreeItem({ node, level, position, setSize }: AccountTreeItemProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const tree = useAccountTreeState();
  const key = accountItemKey(node.AccountId);
  const isOpen = node.HasChildren && tree.expanded.has(node.AccountId);
  const isCurrent = node.AccountId === tree.selectedAccountId;
  const isTerminated = node.AccountState === 'Terminated';
  const mayOpen = tree.mayOpen(node);
  const fullName = useFullNameHint();
  return (
    <Box
      component="li"
      role="treeitem"
      data-key={key}
      data-account-id={node.AccountId}
      data-may-open={mayOpen}
      aria-labelledby={labelId}
      aria-level={level}
      aria-posinset={position}
      aria-setsize={setSize}
      aria-expanded={node.HasChildren ? isOpen : undefined}
      aria-selected={isCurrent}
      tabIndex={tree.activeKey === key ? 0 : -1}
      onFocus={(event) => {
        if (event.target !== event.currentTarget) return;
        tree.setActiveKey(key);
        fullName.show('focus');
      }}
      onBlur={(event) => {
        if (event.target === event.currentTarget) fullName.hide('focus');
      }}
      onKeyDown={(event: KeyboardEvent<HTMLElement>) => {
        if (event.target === event.currentTarget && event.key === 'Escape') fullName.dismiss();
      }}
      sx={{ listStyle: 'none', outline: 'none', '&:focus-visible > .tree-row': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 } }}
    >
      <Tooltip title={node.DisplayName} open={fullName.isOpen} placement="right" describeChild disableHoverListener disableFocusListener disableTouchListener>
      <Box
        className="tree-row"
        sx={treeRowSx(level, isCurrent)}
        onMouseEnter={() => fullName.show('pointer')}
        onMouseLeave={() => fullName.hide('pointer')}
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
          ref={fullName.nameRef}
          {...(mayOpen ? { component: Link, to: `/account/${node.AccountId}`, tabIndex: -1 } : { component: 'span' })}
          id={labelId}
          sx={{
            minWidth: 0,
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
            color: isTerminated ? 'text.secondary' : 'text.primary',
            fontStyle: isTerminated ? 'italic' : undefined,
            fontWeight: isCurrent ? 600 : undefined,
            textDecoration: 'none',
            '&:hover': mayOpen ? { textDecoration: 'underline' } : undefined,
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
      </Tooltip>
      {isOpen && <AccountTreeLevel parentId={node.AccountId} level={level + 1} />}
    </Box>
  );
}

/**
 * When the whole name shows in a tooltip: while the pointer is over the row or the item has the
 * keyboard, and only if the panel cuts the name short. Escape hides it (WCAG 1.4.13 dismissible).
 */
function useFullNameHint() {
  const nameRef = useRef<HTMLElement>(null);
  const [sources, setSources] = useState<ReadonlySet<'pointer' | 'focus'>>(new Set());
  const [isCut, setIsCut] = useState(false);
  const isNameCut = () => {
    const name = nameRef.current;
    return name !== null && name.scrollWidth > name.clientWidth;
  };
  return {
    nameRef,
    isOpen: isCut && sources.size > 0,
    show(source: 'pointer' | 'focus') {
      setIsCut(isNameCut());
      setSources((current) => new Set(current).add(source));
    },
    hide(source: 'pointer' | 'focus') {
      setSources((current) => {
        const next = new Set(current);
        next.delete(source);
        return next;
      });
    },
    dismiss: () => setSources(new Set()),
  };
}
