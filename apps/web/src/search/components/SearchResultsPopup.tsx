import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { ACCOUNT_SEARCH_MIN_LENGTH, type AccountSearchResult } from '@cmp/contracts/search';
import type { AccountSearchState } from '../hooks/useAccountSearch';
import { AccountResultOption } from './AccountResultOption';

interface SearchResultsPopupProps {
  search: AccountSearchState;
  listboxId: string;
  optionId(index: number): string;
  visible: AccountSearchResult[];
  activeIndex: number;
  onChoose(result: AccountSearchResult, index: number): void;
  onPoint(index: number): void;
  onLoadMore(): void;
}

/** What the popup says besides the matches: too short, searching, nothing found, or the error (spec §2, §5). */
function searchMessage(t: TFunction, search: AccountSearchState): string | null {
  switch (search.status) {
    case 'too_short':
      return t('search.min_length', { length: ACCOUNT_SEARCH_MIN_LENGTH });
    case 'loading':
      return search.results.length === 0 ? t('search.searching') : null;
    case 'failed':
      return search.errorText ?? null;
    case 'done':
      return search.results.length === 0 ? t('search.not_found') : null;
    default:
      return null;
  }
}

/** The same, for screen readers, announced through a live region while the popup is open. */
export function searchStatusText(t: TFunction, search: AccountSearchState): string {
  if (search.status === 'done' && search.results.length > 0) return t('search.result_count', { total: search.results.length });
  return searchMessage(t, search) ?? '';
}

/** The popup of the global search: the listbox of matches, paged by "Load more results" (spec §9). */
export function SearchResultsPopup({ search, listboxId, optionId, visible, activeIndex, onChoose, onPoint, onLoadMore }: SearchResultsPopupProps) {
  const { t } = useTranslation();
  const message = searchMessage(t, search);
  const total = search.results.length;
  return (
    <>
      {search.status === 'loading' && <LinearProgress aria-label={t('search.searching')} />}
      {message && (
        <Typography variant="body2" sx={{ px: 2, py: 1.5, color: search.status === 'failed' ? 'error.main' : 'text.secondary' }}>
          {message}
        </Typography>
      )}
      {visible.length > 0 && (
        <Box component="ul" id={listboxId} role="listbox" aria-label={t('search.results')} sx={{ listStyle: 'none', m: 0, py: 0.5, px: 0 }}>
          {visible.map((result, index) => (
            <AccountResultOption
              key={result.AccountId}
              id={optionId(index)}
              result={result}
              isActive={index === activeIndex}
              onChoose={() => onChoose(result, index)}
              onPoint={() => onPoint(index)}
            />
          ))}
        </Box>
      )}
      {visible.length < total && (
        // Stays in sight at the bottom of the scrolled popup.
        <Box sx={{ position: 'sticky', bottom: 0, bgcolor: 'background.paper', borderTop: 1, borderColor: 'divider', px: 1, py: 0.5 }}>
          <Button size="small" fullWidth onClick={onLoadMore}>
            {t('search.load_more', { shown: visible.length, total })}
          </Button>
        </Box>
      )}
    </>
  );
}
