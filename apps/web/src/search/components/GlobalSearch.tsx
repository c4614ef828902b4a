import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { mdiClose, mdiMagnify } from '@mdi/js';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import TextField from '@mui/material/TextField';
import { isAllowed, requirement } from '@cmp/contracts/capabilities';
import type { ServiceSearchResult } from '@cmp/contracts/marketplace';
import type { AccountSearchResult } from '@cmp/contracts/search';
import { ACCOUNT_SEARCH_MAX_LENGTH } from '@cmp/contracts/searchRules';
import { trackEvent } from '../../platform/analytics/trackEvent';
import { useSessionUser } from '../../platform/session/currentUser';
import { MdiIcon } from '../../platform/ui/MdiIcon';
import { visuallyHidden } from '../../platform/ui/visuallyHidden';
import { SEARCH_EVENTS, SEARCH_PAGE_SIZE } from '../constants/searchConstants';
import { searchServices } from '../api/searchServices';
import { useAccountSearch } from '../hooks/useAccountSearch';
import { useLatestSearch } from '../hooks/useLatestSearch';
import { SearchResultsPopup, searchStatusText } from './SearchResultsPopup';

// spec §2 "Global search: account search and, with Marketplace Read, a service search".
const SERVICE_SEARCH_RULE = requirement('MARKETPLACE', ['Read']);

/**
 * spec §2 "Global search": typing opens the results, Escape or clearing the text closes them; a
 * match leads to its account. An ARIA combobox: the focus stays in the field and the arrow keys
 * move through the listbox (aria-activedescendant).
 */
export function GlobalSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const baseId = useId();
  const listboxId = `${baseId}-results`;
  const optionId = (index: number) => `${baseId}-option-${index}`;
  const [field, setField] = useState<HTMLDivElement | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const [text, setText] = useState('');
  const [isDismissed, setIsDismissed] = useState(false);
  const search = useAccountSearch(text);
  const services = useLatestSearch(text, searchServices, { isEnabled: isAllowed(useSessionUser()?.Capability ?? [], SERVICE_SEARCH_RULE) });
  const [page, setPage] = useState({ results: search.results, visibleCount: SEARCH_PAGE_SIZE, activeIndex: -1 });
  // A new answer starts again at its first page, with no option active.
  if (page.results !== search.results) setPage({ results: search.results, visibleCount: SEARCH_PAGE_SIZE, activeIndex: -1 });

  const visible = search.results.slice(0, page.visibleCount);
  const isOpen = text.trim() !== '' && !isDismissed;
  const optionCount = visible.length + services.results.length;
  const hasListbox = isOpen && optionCount > 0;
  const activeIndex = hasListbox && page.activeIndex < optionCount ? page.activeIndex : -1;
  const setActiveIndex = (index: number) => setPage((current) => ({ ...current, activeIndex: index }));

  const choose = (result: AccountSearchResult, index: number) => {
    trackEvent(SEARCH_EVENTS.resultClick, { accountType: result.AccountType, position: index + 1, resultCount: search.results.length });
    setText('');
    navigate(`/account/${result.AccountId}`);
  };
  const chooseService = (result: ServiceSearchResult, index: number) => {
    trackEvent(SEARCH_EVENTS.resultClick, { accountType: 'Service', position: index + 1, resultCount: optionCount });
    setText('');
    navigate(`/service/${encodeURIComponent(result.Id)}`);
  };
  const chooseOption = (index: number) => {
    if (index < visible.length) choose(visible[index]!, index);
    else chooseService(services.results[index - visible.length]!, index);
  };

  const loadMore = () => {
    setPage((current) => ({ ...current, visibleCount: current.visibleCount + SEARCH_PAGE_SIZE, activeIndex: current.visibleCount }));
    // The field keeps the keyboard, with the first newly shown match active.
    inputRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        if (!isOpen) return setIsDismissed(false);
        if (optionCount === 0) return;
        const step = event.key === 'ArrowDown' ? 1 : -1;
        return setActiveIndex((activeIndex + step + optionCount) % optionCount);
      }
      case 'Enter':
        if (activeIndex < 0) return;
        event.preventDefault();
        return chooseOption(activeIndex);
      case 'Escape':
        // First Escape closes the results, a second one clears the text.
        event.preventDefault();
        return isOpen ? setIsDismissed(true) : setText('');
    }
  };

  return (
    // The header has one line on wide screens and little room left in it: below xl the field shows as
    // its magnifier only and opens under the header line while it has the focus.
    <Box sx={{ position: 'relative', height: 40, flex: { xs: '1 1 100%', sm: '0 0 auto' }, width: { sm: 44, xl: 280 } }}>
      <Box
        sx={{
          position: { sm: 'absolute' },
          top: 0,
          right: 0,
          zIndex: 1,
          width: '100%',
          bgcolor: 'background.paper',
          transition: (theme) => theme.transitions.create('width', { duration: theme.transitions.duration.shorter }),
          // Below xl the opened field drops just under the header line instead of covering the
          // navigation, whose buttons must stay whole targets (WCAG 2.5.8).
          '&:focus-within': { width: { sm: 320, xl: '100%' }, top: { sm: 52, xl: 0 }, boxShadow: { sm: 3, xl: 0 } },
          '&:not(:focus-within) .MuiInputAdornment-positionEnd': { display: { sm: 'none', xl: 'flex' } },
        }}
        // Leaving the search (Tab, or a click elsewhere) closes the results.
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget)) setIsDismissed(true);
        }}
      >
        <MdiIcon
          path={mdiMagnify}
          fontSize="small"
          aria-hidden
          sx={{ position: 'absolute', left: 12, top: 10, zIndex: 1, pointerEvents: 'none', color: 'action.active' }}
        />
        <TextField
          ref={setField}
          inputRef={inputRef}
          size="small"
          fullWidth
          value={text}
          placeholder={t('search.placeholder')}
          autoComplete="off"
          onChange={(event) => {
            setText(event.target.value);
            setIsDismissed(false);
          }}
          onClick={() => setIsDismissed(false)}
          onKeyDown={onKeyDown}
          slotProps={{
            htmlInput: {
              role: 'combobox',
              'aria-label': t('search.label'),
              'aria-autocomplete': 'list',
              'aria-expanded': hasListbox,
              'aria-controls': hasListbox ? listboxId : undefined,
              'aria-activedescendant': activeIndex >= 0 ? optionId(activeIndex) : undefined,
              spellCheck: false,
              maxLength: ACCOUNT_SEARCH_MAX_LENGTH,
              // The magnifier is drawn over the field's left padding, so the input itself spans the
              // whole box: a 44 px target even when collapsed (WCAG 2.5.8 target size).
              sx: { pl: '36px' },
            },
            input: {
              endAdornment: text ? (
                <InputAdornment position="end">
                  <IconButton
                    size="small"
                    edge="end"
                    aria-label={t('search.clear')}
                    onClick={() => {
                      setText('');
                      inputRef.current?.focus();
                    }}
                  >
                    <MdiIcon path={mdiClose} fontSize="small" />
                  </IconButton>
                </InputAdornment>
              ) : undefined,
            },
          }}
        />
        {/* In the DOM right after the field (no portal), so Tab reaches "Load more results" next. */}
        <Popper open={isOpen} anchorEl={field} placement="bottom-end" disablePortal role="presentation" sx={{ zIndex: 'modal', width: { xs: '100%', sm: 360 } }}>
          <Paper elevation={8} sx={{ mt: 0.5, maxHeight: '70vh', overflowY: 'auto', scrollPaddingBottom: 48 }}>
            <SearchResultsPopup
              search={search}
              services={services}
              listboxId={listboxId}
              optionId={optionId}
              visible={visible}
              activeIndex={activeIndex}
              onChooseAccount={choose}
              onChooseService={chooseService}
              onPoint={setActiveIndex}
              onLoadMore={loadMore}
            />
          </Paper>
        </Popper>
        <Box role="status" sx={visuallyHidden}>
          {isOpen ? searchStatusText(t, search, services) : ''}
        </Box>
      </Box>
    </Box>
  );
}
