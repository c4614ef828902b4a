import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { failureText } from '../../platform/api/failureText';
import { useDebouncedValue } from '../../platform/ui/useDebouncedValue';
import { useServiceSearch } from '../api/marketplaceOperations';
import { ExploreFilters } from '../components/ExploreFilters';
import { ServiceCard, ServiceCardSkeleton } from '../components/ServiceCard';
import { useExploreParams } from '../hooks/useExploreParams';
import { EXPLORE_SORTS, hasFilters, searchRequestOf, type ExploreSort } from '../utils/exploreParams';

const gridSx = { display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))' } as const;

/**
 * Explore (`#/Marketplace/Explore`, issue 13): the services the signed-in customer may order, with
 * its price and why, searched, filtered, sorted and paged — all of it kept in the address.
 */
export function ExploreScreen() {
  const { t } = useTranslation();
  const resultsId = useId();
  const { params, update } = useExploreParams();
  // The search box is typed into locally; the address (and the request) follow once typing pauses.
  const [text, setText] = useState(params.text);
  const settledText = useDebouncedValue(text);
  useEffect(() => {
    // Left within the pause (a card's Order link): this screen stays on view while the next one
    // loads, and moving the address now would bring the user back here. (The portal's router keeps
    // the address in the hash; a test's memory router leaves the hash empty.)
    const hash = window.location.hash;
    if (hash && !hash.startsWith('#/Marketplace/Explore')) return;
    if (settledText !== params.text) update({ text: settledText });
    // Only the settled text moves the address.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settledText]);
  useEffect(() => {
    // The address changed otherwise (back button, a link): the box shows it.
    if (params.text !== settledText) setText(params.text);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [params.text]);

  const query = useServiceSearch(searchRequestOf(params));
  const data = query.data;
  const pageCount = data ? Math.max(1, Math.ceil((data.TotalCount ?? data.Total) / params.pageSize)) : 1;
  const isFiltered = hasFilters(params);
  const clear = () => {
    setText('');
    update({ text: '', vendorIds: [], categories: [], tags: [], isNewOnly: false });
  };

  return (
    <Box sx={{ maxWidth: 1440, mx: 'auto' }}>
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        {t('routes.explore')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('marketplace.explore_intro')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '280px 1fr' }, alignItems: 'start' }}>
        <ExploreFilters params={params} facets={data?.Facets} onChange={update} onClear={clear} />
        <Box component="section" aria-labelledby={resultsId} sx={{ minWidth: 0 }}>
          <Typography id={resultsId} variant="h6" component="h2" sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
            {t('marketplace.results_title')}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
            <TextField type="search" size="small" label={t('marketplace.search_label')} value={text} onChange={(event) => setText(event.target.value)} sx={{ flex: 1, maxWidth: { sm: 420 } }} />
            <TextField select size="small" label={t('marketplace.sort_label')} value={params.sort} onChange={(event) => update({ sort: event.target.value as ExploreSort })} sx={{ minWidth: 220 }}>
              {EXPLORE_SORTS.map((sort) => (
                <MenuItem key={sort} value={sort}>
                  {t(`marketplace.sorts.${sort}`)}
                </MenuItem>
              ))}
            </TextField>
            <Typography role="status" color="text.secondary" sx={{ ml: { sm: 'auto' } }}>
              {data ? t('marketplace.results_count', { count: data.TotalCount ?? data.Total }) : ''}
            </Typography>
          </Stack>
          {query.isFetching && !query.isPending ? <LinearProgress aria-label={t('common.loading')} sx={{ mb: 1 }} /> : <Box sx={{ height: 4, mb: 1 }} />}
          {query.isError && <Alert severity="error">{failureText(query.error)}</Alert>}
          {query.isPending && (
            <Box sx={gridSx} aria-busy="true" aria-label={t('marketplace.loading')}>
              {Array.from({ length: 6 }, (_, index) => (
                <ServiceCardSkeleton key={index} />
              ))}
            </Box>
          )}
          {data && data.Services.length === 0 && (
            <Box sx={{ py: 6, textAlign: 'center' }}>
              <Typography variant="h6" component="p">
                {isFiltered ? t('marketplace.no_results') : t('marketplace.no_services')}
              </Typography>
              {isFiltered && (
                <>
                  <Typography color="text.secondary" sx={{ mb: 2 }}>
                    {t('marketplace.no_results_hint')}
                  </Typography>
                  <Button variant="outlined" onClick={clear}>
                    {t('marketplace.clear_filters')}
                  </Button>
                </>
              )}
            </Box>
          )}
          {data && data.Services.length > 0 && (
            <>
              <Box sx={gridSx}>
                {data.Services.map((service) => (
                  <ServiceCard key={service.Id} service={service} />
                ))}
              </Box>
              {pageCount > 1 && (
                <Box component="nav" aria-label={t('marketplace.pager_label')} sx={{ display: 'flex', justifyContent: 'center', mt: 3 }}>
                  <Pagination
                    count={pageCount}
                    page={Math.min(params.page, pageCount)}
                    onChange={(_, page) => {
                      update({ page });
                      document.getElementById(resultsId)?.scrollIntoView?.({ block: 'start' });
                    }}
                    getItemAriaLabel={(type, page, isSelected) => (type === 'page' ? t(isSelected ? 'marketplace.page_current' : 'marketplace.page_go', { page }) : t(`marketplace.page_${type}`))}
                    color="primary"
                  />
                </Box>
              )}
            </>
          )}
        </Box>
      </Box>
    </Box>
  );
}
