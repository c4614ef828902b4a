import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { mdiMicrosoftExcel } from '@mdi/js';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { PricedItem } from '@cmp/contracts/pricing';
import { ApiError } from '../../platform/api/ApiError';
import { failureText } from '../../platform/api/failureText';
import { saveDownload } from '../../platform/files/saveDownload';
import { showMessage } from '../../platform/messages/messageStore';
import { LoadingIndicator } from '../../platform/ui/LoadingIndicator';
import { MdiIcon } from '../../platform/ui/MdiIcon';
import { useUnsavedChangesGuard } from '../../platform/ui/useUnsavedChangesGuard';
import { ListPagination } from '../../platform/ui/table/ListPagination';
import type { SortState } from '../../platform/ui/table/SortableHeaderCell';
import { useDebouncedValue } from '../../platform/ui/useDebouncedValue';
import { priceableItemsQueryKey, usePriceableItems } from '../api/priceableItemOperations';
import { hasManualPrice, parseManualPrice } from '../grid/manualPrice';
import { useAllPriceableItems } from '../grid/useAllPriceableItems';
import { usePendingPrices } from '../grid/usePendingPrices';
import { exportPriceableItems, updateServices } from '../preview/pricePreviewOperations';
import { PriceableItemsTable, type PricedItemSortField } from './PriceableItemsTable';

const GRID_PAGE_SIZES = [25, 50, 100];

interface PriceableItemsCardProps {
  marketplaceId: number;
  /** edit-all-prices: every item on one page, no paging. */
  isAllPrices?: boolean;
  /** MARKETPLACE Create: manual prices inline and in bulk. */
  canEditPrices?: boolean;
  onNewRuleForItem?: (item: PricedItem) => void;
}

/**
 * The priceable items of a pricelist with their prices, sorted, filtered and paged on the server
 * (issue 13); a manual price typed inline (Enter keeps it, Escape drops it) or set for a selection,
 * kept as unsaved changes — the unsaved-changes guard holds them — until Save prices; Excel export.
 */
export function PriceableItemsCard({ marketplaceId, isAllPrices = false, canEditPrices = false, onNewRuleForItem }: PriceableItemsCardProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const headingId = useId();
  const [text, setText] = useState('');
  const [isBelowPurchaseOnly, setIsBelowPurchaseOnly] = useState(false);
  const [sort, setSort] = useState<SortState<PricedItemSortField>>({ sortBy: 'Service', sortDirection: 'asc' });
  const [pageSize, setPageSize] = useState(GRID_PAGE_SIZES[0]!);
  const filterText = useDebouncedValue(text.trim());
  const filter = { ...(filterText ? { Text: filterText } : {}), ...(isBelowPurchaseOnly ? { BelowPurchaseOnly: true } : {}) };
  // A page number belongs to one filter, order and page size: once the (debounced) request changes,
  // the grid starts again at page 1, without a request for page 1 of the old filter in between.
  const listKey = JSON.stringify([filter, sort, pageSize]);
  const [paging, setPaging] = useState({ listKey, page: 0 });
  const page = paging.listKey === listKey ? paging.page : 0;
  const pagedQuery = usePriceableItems({ marketplaceId, filter, ...sort, page, pageSize }, !isAllPrices);
  const allQuery = useAllPriceableItems({ marketplaceId, filter, ...sort }, isAllPrices);
  const query = isAllPrices ? allQuery : pagedQuery;

  const { pending, setPrice, setPrices, undo, discard } = usePendingPrices();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [bulkPrice, setBulkPrice] = useState('');
  const [bulkError, setBulkError] = useState<string>();
  const [saveError, setSaveError] = useState<string>();
  const [isSaving, setIsSaving] = useState(false);
  const [isExporting, setIsExporting] = useState(false);
  const { dialog: guardDialog, formRef } = useUnsavedChangesGuard({ hasUnsavedChanges: pending.size > 0 });

  const select = (itemIds: number[], isSelected: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of itemIds) {
        if (isSelected) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  const shownItems = query.data?.Items ?? [];

  const applyBulkPrice = () => {
    const price = parseManualPrice(bulkPrice);
    if (price === undefined) {
      setBulkError(t('pricing_preview.price_invalid'));
      return;
    }
    setPrices([...selected].map((id) => [id, price]));
    setBulkPrice('');
    setSelected(new Set());
  };
  const clearSelected = () => {
    const items = new Map(shownItems.map((item) => [item.PriceableItemId, item]));
    // Only items with a manual price (saved or typed) have one to clear.
    setPrices([...selected].filter((id) => pending.has(id) || (items.get(id) && hasManualPrice(items.get(id)!))).map((id) => [id, null]));
    setSelected(new Set());
  };

  const save = async () => {
    setIsSaving(true);
    setSaveError(undefined);
    try {
      await updateServices({ marketplaceId, updateCharges: [...pending].map(([PriceableItemId, SalesPrice]) => ({ PriceableItemId, SalesPrice })) });
      showMessage({ type: 'success', text: t('pricing_preview.prices_saved', { count: pending.size }) });
      discard();
      await queryClient.invalidateQueries({ queryKey: priceableItemsQueryKey(marketplaceId) });
    } catch (error) {
      // spec §8 "Unable to save prices: …", with the server's reason when it gave one.
      const reason = error instanceof ApiError && error.status !== undefined && error.status < 500 ? failureText(error) : undefined;
      setSaveError(reason ? `${t('pricing_preview.unable_to_save')} ${reason}` : t('pricing_preview.unable_to_save'));
    }
    setIsSaving(false);
  };

  const exportGrid = async () => {
    setIsExporting(true);
    try {
      saveDownload(await exportPriceableItems({ marketplaceId, filter, ...sort }));
    } catch {
      // Shown as an error toast (spec §8).
    }
    setIsExporting(false);
  };

  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: 3 }}>
      <Box component="form" ref={formRef} noValidate onSubmit={(event) => event.preventDefault()}>
        <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
          <Typography id={headingId} variant="h6" component="h2">
            {t('pricing.items_title')}
          </Typography>
          <Button variant="outlined" startIcon={<MdiIcon path={mdiMicrosoftExcel} />} loading={isExporting} onClick={() => void exportGrid()}>
            {t('pricing_preview.export')}
          </Button>
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
          <TextField size="small" type="search" label={t('pricing.filter_text')} value={text} onChange={(event) => setText(event.target.value)} sx={{ minWidth: 300 }} />
          <FormControlLabel
            control={<Switch checked={isBelowPurchaseOnly} onChange={(event) => setIsBelowPurchaseOnly(event.target.checked)} />}
            label={t('pricing.filter_below_purchase')}
          />
        </Stack>
        {canEditPrices && selected.size > 0 && (
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2, p: 2, alignItems: { md: 'flex-start' }, bgcolor: 'action.hover', borderRadius: 1 }} role="group" aria-label={t('pricing_preview.bulk_label')}>
            <Typography sx={{ pt: 1 }}>{t('pricing_preview.selected', { count: selected.size })}</Typography>
            <TextField
              size="small"
              label={t('pricing_preview.bulk_price')}
              value={bulkPrice}
              onChange={(event) => {
                setBulkPrice(event.target.value);
                setBulkError(undefined);
              }}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  applyBulkPrice();
                }
              }}
              error={bulkError !== undefined}
              helperText={bulkError ?? ' '}
              slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
            />
            <Button variant="outlined" onClick={applyBulkPrice}>
              {t('pricing_preview.bulk_set')}
            </Button>
            <Button onClick={clearSelected}>{t('pricing_preview.bulk_clear')}</Button>
            <Button onClick={() => setSelected(new Set())}>{t('pricing_preview.bulk_unselect')}</Button>
          </Stack>
        )}
        {pending.size > 0 && (
          <Alert
            severity="warning"
            sx={{ mb: 2 }}
            action={
              <Stack direction="row" spacing={1}>
                <Button color="inherit" onClick={discard} disabled={isSaving}>
                  {t('pricing_preview.discard')}
                </Button>
                <Button color="inherit" variant="outlined" loading={isSaving} onClick={() => void save()}>
                  {t('pricing_preview.save_prices')}
                </Button>
              </Stack>
            }
          >
            {t('pricing_preview.pending', { count: pending.size })}
          </Alert>
        )}
        {saveError && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {saveError}
          </Alert>
        )}
        {query.isFetching && !query.isPending ? <LinearProgress aria-label={t('common.loading')} /> : <div style={{ height: 4 }} />}
        {query.isPending && <LoadingIndicator />}
        {query.isError && <Alert severity="error">{failureText(query.error)}</Alert>}
        {query.data && (
          <>
            {query.data.Items.length === 0 ? (
              <Typography role="status" sx={{ py: 3 }}>
                {filterText || isBelowPurchaseOnly ? t('pricing.items_none_matching') : t('pricing.items_none')}
              </Typography>
            ) : (
              <PriceableItemsTable
                items={query.data.Items}
                labelledBy={headingId}
                sort={sort}
                onSort={setSort}
                onNewRuleForItem={onNewRuleForItem}
                editing={canEditPrices ? { pending, selected, onSelect: select, onStage: setPrice, onUndo: undo } : undefined}
              />
            )}
            {isAllPrices ? (
              <Typography variant="body2" color="text.secondary" sx={{ pt: 2 }}>
                {t('pricing_preview.all_items', { count: query.data.Total })}
              </Typography>
            ) : (
              <ListPagination total={query.data.Total} page={page} pageSize={pageSize} pageSizes={GRID_PAGE_SIZES} onPageChange={(next) => setPaging({ listKey, page: next })} onPageSizeChange={setPageSize} />
            )}
          </>
        )}
      </Box>
      {guardDialog}
    </Paper>
  );
}
