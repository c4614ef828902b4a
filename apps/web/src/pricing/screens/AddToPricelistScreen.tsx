import { useDeferredValue, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { mdiArrowLeft, mdiPlus } from '@mdi/js';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { isAllowed } from '@cmp/contracts/capabilities';
import type { MarketplaceService } from '@cmp/contracts/propagation';
import { ApiError } from '../../platform/api/ApiError';
import { failureText } from '../../platform/api/failureText';
import { showMessage } from '../../platform/messages/messageStore';
import { useSessionUser } from '../../platform/session/currentUser';
import { LoadingIndicator } from '../../platform/ui/LoadingIndicator';
import { MdiIcon } from '../../platform/ui/MdiIcon';
import { useServerPaging } from '../../platform/ui/table/useServerPaging';
import { addServicesToPricelist, useMarketplaceServices } from '../addToPricelist/addToPricelistApi';
import { AvailableServicesTable } from '../addToPricelist/AvailableServicesTable';
import { PRICELISTS_QUERY_KEY, usePricelists } from '../api/pricelistOperations';
import { PRICING_CAPABILITIES } from '../constants/pricingCapabilities';

const ALL = '';

/**
 * /add-to-pricelist?marketplaceId= (spec §2, issue 13): the catalog services the pricelist does not
 * offer yet, searchable and filtered by vendor and category; a selection is added at once.
 */
export function AddToPricelistScreen() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const pricelists = usePricelists();
  const given = Number(searchParams.get('marketplaceId'));
  const marketplaceId = Number.isSafeInteger(given) && given > 0 ? given : undefined;
  const pricelist = pricelists.data?.find((each) => each.MarketplaceId === marketplaceId);

  return (
    <Box sx={{ maxWidth: 1280, mx: 'auto' }}>
      <Button component={RouterLink} to="/pricelists" startIcon={<MdiIcon path={mdiArrowLeft} />} sx={{ mb: 1 }}>
        {t('routes.pricelists')}
      </Button>
      <Typography variant="h4" component="h1" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
        {pricelist ? t('add_to_pricelist.heading', { name: pricelist.Name }) : t('routes.add_to_pricelist')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('add_to_pricelist.intro')}
      </Typography>
      {pricelists.isPending && <LoadingIndicator />}
      {pricelists.isError && (
        <Alert severity={pricelists.error instanceof ApiError && pricelists.error.status === 403 ? 'info' : 'error'}>{failureText(pricelists.error)}</Alert>
      )}
      {pricelists.data && (
        <Stack spacing={3}>
          <TextField
            select
            label={t('add_to_pricelist.pricelist')}
            value={pricelist ? String(pricelist.MarketplaceId) : ''}
            onChange={(event) => setSearchParams({ marketplaceId: event.target.value })}
            sx={{ maxWidth: 420 }}
            helperText={pricelist ? undefined : t('add_to_pricelist.choose_pricelist')}
          >
            {pricelists.data.map((each) => (
              <MenuItem key={each.MarketplaceId} value={String(each.MarketplaceId)}>
                {each.Name}
              </MenuItem>
            ))}
          </TextField>
          {marketplaceId !== undefined && !pricelist && <Alert severity="error">{t('pricing.invalid_pricelist')}</Alert>}
          {pricelist && <AvailableServices key={pricelist.MarketplaceId} marketplaceId={pricelist.MarketplaceId} name={pricelist.Name} />}
        </Stack>
      )}
    </Box>
  );
}

function AvailableServices({ marketplaceId, name }: { marketplaceId: number; name: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const queryClient = useQueryClient();
  const canAdd = isAllowed(useSessionUser()?.Capability ?? [], PRICING_CAPABILITIES.changePricelist);
  const [text, setText] = useState('');
  const [vendor, setVendor] = useState(ALL);
  const [category, setCategory] = useState(ALL);
  const [isAdding, setIsAdding] = useState(false);
  const deferredText = useDeferredValue(text.trim());
  const filter = { Scope: 'Available' as const, Text: deferredText || undefined, VendorAccountIds: vendor ? [Number(vendor)] : undefined, Category: category || undefined };
  // The server lists the services by name; a new filter starts at page 1.
  const list = useServerPaging<string>({ sortBy: 'service', sortDirection: 'asc' }, filter);
  const query = useMarketplaceServices({ marketplaceId, filter, page: list.request.page, pageSize: list.request.pageSize });
  const add = async (services: MarketplaceService[], clearSelection: () => void) => {
    setIsAdding(true);
    try {
      const answer = await addServicesToPricelist(marketplaceId, services.map((service) => service.ServiceName));
      showMessage({ type: 'success', text: t('add_to_pricelist.added', { count: answer.AddedServiceNames.length, name }) });
      clearSelection();
      await Promise.all([queryClient.invalidateQueries({ queryKey: ['pricing', 'marketplace-services'] }), queryClient.invalidateQueries({ queryKey: PRICELISTS_QUERY_KEY })]);
    } catch {
      // The error toast has said why.
    } finally {
      setIsAdding(false);
    }
  };
  const hasFilter = deferredText !== '' || vendor !== ALL || category !== ALL;

  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: 3 }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('add_to_pricelist.available_title')}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <TextField
          type="search"
          size="small"
          label={t('add_to_pricelist.search')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          sx={{ minWidth: 260 }}
        />
        <TextField select size="small" label={t('add_to_pricelist.vendor')} value={vendor} onChange={(event) => setVendor(event.target.value)} sx={{ minWidth: 220 }} slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}>
          <MenuItem value={ALL}>{t('add_to_pricelist.all_vendors')}</MenuItem>
          {query.data?.Vendors.map((each) => (
            <MenuItem key={each.AccountId} value={String(each.AccountId)}>
              {each.Name}
            </MenuItem>
          ))}
        </TextField>
        <TextField select size="small" label={t('add_to_pricelist.category')} value={category} onChange={(event) => setCategory(event.target.value)} sx={{ minWidth: 220 }} slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}>
          <MenuItem value={ALL}>{t('add_to_pricelist.all_categories')}</MenuItem>
          {query.data?.Categories.map((each) => (
            <MenuItem key={each} value={each}>
              {each}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <AvailableServicesTable
        services={query.data?.Services ?? []}
        labelledBy={headingId}
        server={list.paging(query.data?.Total ?? 0)}
        isLoading={query.isPending}
        error={query.isError ? failureText(query.error) : undefined}
        empty={
          <Typography role="status" sx={{ py: 2 }}>
            {hasFilter ? t('add_to_pricelist.none_matching') : t('add_to_pricelist.none_available')}
          </Typography>
        }
        onSelected={
          canAdd
            ? (selected, clearSelection) => (
                <Button variant="contained" startIcon={<MdiIcon path={mdiPlus} />} loading={isAdding} onClick={() => void add(selected, clearSelection)}>
                  {t('add_to_pricelist.add_selected', { count: selected.length })}
                </Button>
              )
            : undefined
        }
      />
    </Paper>
  );
}
