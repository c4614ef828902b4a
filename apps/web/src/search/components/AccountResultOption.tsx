import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import type { AccountSearchResult } from '@cmp/contracts/search';
import { MdiIcon } from '../../platform/ui/MdiIcon';
import { visuallyHidden } from '../../platform/ui/visuallyHidden';
import { accountIconPath } from '../../platform/ui/accountIconPath';
import { SearchOption } from './SearchOption';

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
  return (
    <SearchOption id={id} isActive={isActive} onChoose={onChoose} onPoint={onPoint} isMuted={isTerminated}>
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
    </SearchOption>
  );
}
