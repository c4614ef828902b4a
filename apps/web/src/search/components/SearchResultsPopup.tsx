import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { ServiceSearchResult } from '@cmp/contracts/marketplace';
import type { AccountSearchResult } from '@cmp/contracts/search';
import { ACCOUNT_SEARCH_MIN_LENGTH } from '@cmp/contracts/searchRules';
import type { AccountSearchState } from '../hooks/useAccountSearch';
import type { SearchState } from '../hooks/useLatestSearch';
import { AccountResultOption } from './AccountResultOption';
import { ServiceResultOption } from './ServiceResultOption';

interface SearchResultsPopupProps {
  search: AccountSearchState;
  services: SearchState<ServiceSearchResult>;
  listboxId: string;
  /** Options are numbered accounts first (the visible ones), then services. */
  optionId(index: number): string;
  visible: AccountSearchResult[];
  activeIndex: number;
  onChooseAccount(result: AccountSearchResult, index: number): void;
  onChooseService(result: ServiceSearchResult, index: number): void;
  onPoint(index: number): void;
  onLoadMore(): void;
}

/** What the popup says besides the matches: too short, searching, nothing found, or the error (spec §2, §5). */
function searchMessage(t: TFunction, search: AccountSearchState, services: SearchState<ServiceSearchResult>): string | null {
  switch (search.status) {
    case 'too_short':
      return t('search.min_length', { length: ACCOUNT_SEARCH_MIN_LENGTH });
    case 'loading':
      return search.results.length === 0 ? t('search.searching') : null;
    case 'failed':
      return search.errorText ?? null;
    case 'done':
      return search.results.length === 0 && services.results.length === 0 && services.status !== 'loading' ? t('search.not_found') : null;
    default:
      return null;
  }
}

/** The same, for screen readers, announced through a live region while the popup is open. */
export function searchStatusText(t: TFunction, search: AccountSearchState, services: SearchState<ServiceSearchResult>): string {
  const found = search.results.length + services.results.length;
  if (search.status === 'done' && found > 0) return t('search.result_count', { total: found });
  return searchMessage(t, search, services) ?? '';
}

/**
 * The popup of the global search: one listbox with the matching accounts, paged by "Load more
 * results" (spec §9), and — with Marketplace Read — a group of at most 3 services (spec §2).
 */
export function SearchResultsPopup(props: SearchResultsPopupProps) {
  const { search, services, listboxId, optionId, visible, activeIndex, onChooseAccount, onChooseService, onPoint, onLoadMore } = props;
  const { t } = useTranslation();
  const message = searchMessage(t, search, services);
  const total = search.results.length;
  const hasOptions = visible.length > 0 || services.results.length > 0;
  return (
    <>
      {(search.status === 'loading' || services.status === 'loading') && <LinearProgress aria-label={t('search.searching')} />}
      {message && (
        <Typography variant="body2" sx={{ px: 2, py: 1.5, color: search.status === 'failed' ? 'error.main' : 'text.secondary' }}>
          {message}
        </Typography>
      )}
      {hasOptions && (
        <Box component="ul" id={listboxId} role="listbox" aria-label={t('search.results')} sx={{ listStyle: 'none', m: 0, py: 0.5, px: 0 }}>
          {visible.map((result, index) => (
            <AccountResultOption
              key={result.AccountId}
              id={optionId(index)}
              result={result}
              isActive={index === activeIndex}
              onChoose={() => onChooseAccount(result, index)}
              onPoint={() => onPoint(index)}
            />
          ))}
          {services.results.length > 0 && (
            <Box component="li" role="group" aria-label={t('search.services')} sx={{ borderTop: visible.length ? 1 : 0, borderColor: 'divider', mt: visible.length ? 0.5 : 0 }}>
              <Typography aria-hidden variant="overline" component="div" sx={{ px: 2, pt: 0.5, color: 'text.secondary' }}>
                {t('search.services')}
              </Typography>
              <Box component="ul" role="presentation" sx={{ listStyle: 'none', m: 0, p: 0 }}>
                {services.results.map((result, serviceIndex) => {
                  const index = visible.length + serviceIndex;
                  return (
                    <ServiceResultOption
                      key={result.Id}
                      id={optionId(index)}
                      result={result}
                      isActive={index === activeIndex}
                      onChoose={() => onChooseService(result, index)}
                      onPoint={() => onPoint(index)}
                    />
                  );
                })}
              </Box>
            </Box>
          )}
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
