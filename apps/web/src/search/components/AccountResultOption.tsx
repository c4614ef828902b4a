import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import type { AccountSearchResult } from '@cmp/contracts/search';
import { MdiIcon } from '../../platform/ui/MdiIcon';
import { visuallyHidden } from '../../platform/ui/visuallyHidden';
import { accountIconPath } from '../utils/accountIconPath';

interface AccountResultOptionProps {
  id: string;
  result: AccountSearchResult;
  isActive: boolean;
  onChoose(): void;
  onPoint(): void;
}

/** One match of the global search: type icon and display name; terminated accounts greyed (spec §2). */
export function AccountResultOption({ id, result, isActive, onChoose, onPoint }: AccountResultOptionProps) {
  const { t } = useTranslation();
  const isTerminated = result.AccountState === 'Terminated';
  const ref = useRef<HTMLLIElement>(null);
  // The option the arrow keys reach stays in sight in a scrolled list.
  useEffect(() => {
    if (isActive) ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [isActive]);
  return (
    <Box
      component="li"
      ref={ref}
      id={id}
      role="option"
      aria-selected={isActive}
      // Keeps the focus in the search field, which owns the keyboard (aria-activedescendant).
      onMouseDown={(event) => event.preventDefault()}
      onMouseMove={onPoint}
      onClick={onChoose}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        px: 2,
        py: 1,
        cursor: 'pointer',
        // Greyed, yet still readable (WCAG 1.4.3): the secondary text colour keeps 4.5:1.
        color: isTerminated ? 'text.secondary' : 'text.primary',
        fontStyle: isTerminated ? 'italic' : undefined,
        bgcolor: isActive ? 'action.selected' : undefined,
        outline: isActive ? '2px solid' : undefined,
        outlineColor: 'primary.main',
        outlineOffset: -2,
        '&:hover': { bgcolor: isActive ? 'action.selected' : 'action.hover' },
      }}
    >
      <MdiIcon path={accountIconPath(result.Icon)} fontSize="small" sx={{ color: isTerminated ? 'text.secondary' : 'primary.main' }} />
      <Box sx={{ minWidth: 0 }}>
        <Box component="span" sx={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {result.DisplayName}
          {isTerminated && (
            <Box component="span" sx={visuallyHidden}>
              {` ${t('search.terminated')}`}
            </Box>
          )}
        </Box>
        <Box component="span" sx={{ display: 'block', typography: 'caption', color: 'text.secondary' }}>
          {t(`search.account_type.${result.AccountType}`)}
        </Box>
      </Box>
    </Box>
  );
}
