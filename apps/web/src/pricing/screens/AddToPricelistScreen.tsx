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
import { ApiError } from '../../platform/api/ApiError';
import { failureText } from '../../platform/api/failureText';
import { showMessage } from '../../platform/messages/messageStore';
import { useSessionUser } from '../../platform/session/currentUser';
import { LoadingIndicator } from '../../platform/ui/LoadingIndicator';
import { MdiIcon } from '../../platform/ui/MdiIcon';
import { ListPagination } from '../../platform/ui/table/ListPagination';
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
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(25);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [isAdding, setIsAdding] = useState(false);
  const deferredText = useDeferredValue(text.trim());
  const query = useMarketplaceServices({
    marketplaceId,
    filter: { Scope: 'Available', Text: deferredText || undefined, VendorAccountIds: vendor ? [Number(vendor)] : undefined, Category: category || undefined },
    page,
    pageSize,
  });
  const filterChanged = (apply: () => void) => {
    apply();
    setPage(0);
  };
  const toggle = (serviceName: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(serviceName)) next.delete(serviceName);
      else next.add(serviceName);
      return next;
    });
  const toggleAll = (names: string[], select: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const each of names) {
        if (select) next.add(each);
        else next.delete(each);
      }
      return next;
    });
  const add = async () => {
    setIsAdding(true);
    try {
      const answer = await addServicesToPricelist(marketplaceId, [...selected]);
      showMessage({ type: 'success', text: t('add_to_pricelist.added', { count: answer.AddedServiceNames.length, name }) });
      setSelected(new Set());
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
      <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography id={headingId} variant="h6" component="h2">
          {t('add_to_pricelist.available_title')}
        </Typography>
        {canAdd && (
          <Button variant="contained" startIcon={<MdiIcon path={mdiPlus} />} disabled={selected.size === 0 || isAdding} onClick={() => void add()}>
            {t('add_to_pricelist.add_selected', { count: selected.size })}
          </Button>
        )}
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <TextField
          type="search"
          size="small"
          label={t('add_to_pricelist.search')}
          value={text}
          onChange={(event) => filterChanged(() => setText(event.target.value))}
          sx={{ minWidth: 260 }}
        />
        <TextField select size="small" label={t('add_to_pricelist.vendor')} value={vendor} onChange={(event) => filterChanged(() => setVendor(event.target.value))} sx={{ minWidth: 220 }} slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}>
          <MenuItem value={ALL}>{t('add_to_pricelist.all_vendors')}</MenuItem>
          {query.data?.Vendors.map((each) => (
            <MenuItem key={each.AccountId} value={String(each.AccountId)}>
              {each.Name}
            </MenuItem>
          ))}
        </TextField>
        <TextField select size="small" label={t('add_to_pricelist.category')} value={category} onChange={(event) => filterChanged(() => setCategory(event.target.value))} sx={{ minWidth: 220 }} slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}>
          <MenuItem value={ALL}>{t('add_to_pricelist.all_categories')}</MenuItem>
          {query.data?.Categories.map((each) => (
            <MenuItem key={each} value={each}>
              {each}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {query.isPending && <LoadingIndicator />}
      {query.isError && <Alert severity="error">{failureText(query.error)}</Alert>}
      {query.data &&
        (query.data.Services.length === 0 ? (
          <Typography role="status" sx={{ py: 2 }}>
            {hasFilter ? t('add_to_pricelist.none_matching') : t('add_to_pricelist.none_available')}
          </Typography>
        ) : (
          <>
            <AvailableServicesTable services={query.data.Services} labelledBy={headingId} selected={selected} onToggle={toggle} onToggleAll={toggleAll} />
            <ListPagination
              total={query.data.Total}
              page={page}
              pageSize={pageSize}
              onPageChange={setPage}
              onPageSizeChange={(size) => {
                setPageSize(size);
                setPage(0);
              }}
            />
          </>
        ))}
    </Paper>
  );
}
