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
import { MdiIcon } from '../../platform/ui/MdiIcon';
import { useUnsavedChangesGuard } from '../../platform/ui/useUnsavedChangesGuard';
import { useServerPaging } from '../../platform/ui/table/useServerPaging';
import { useDebouncedValue } from '../../platform/ui/useDebouncedValue';
import { priceableItemsQueryKey, usePriceableItems } from '../api/priceableItemOperations';
import { BulkPriceEditor } from '../grid/BulkPriceEditor';
import { useAllPriceableItems } from '../grid/useAllPriceableItems';
import { usePendingPrices } from '../grid/usePendingPrices';
import { exportPriceableItems, updateServices } from '../preview/pricePreviewOperations';
import { PriceableItemsTable, type PricedItemSortField } from './PriceableItemsTable';

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
  const filterText = useDebouncedValue(text.trim());
  const filter = { ...(filterText ? { Text: filterText } : {}), ...(isBelowPurchaseOnly ? { BelowPurchaseOnly: true } : {}) };
  // A new (debounced) filter starts the grid again at page 1.
  const list = useServerPaging<PricedItemSortField>({ sortBy: 'Service', sortDirection: 'asc' }, filter);
  const { sortBy, sortDirection } = list.request;
  const sort = { sortBy, sortDirection };
  const pagedQuery = usePriceableItems({ marketplaceId, filter, ...list.request }, !isAllPrices);
  const allQuery = useAllPriceableItems({ marketplaceId, filter, ...sort }, isAllPrices);
  const query = isAllPrices ? allQuery : pagedQuery;

  const { pending, setPrice, setPrices, undo, discard } = usePendingPrices();
  const [saveError, setSaveError] = useState<string>();
  const [isSaving, setIsSaving] = useState(false);
  const [isExporting, setIsExporting] = useState(false);
  const { dialog: guardDialog, formRef } = useUnsavedChangesGuard({ hasUnsavedChanges: pending.size > 0 });

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
        <PriceableItemsTable
          items={query.data?.Items ?? []}
          labelledBy={headingId}
          server={list.paging(query.data?.Total ?? 0)}
          isPaged={!isAllPrices}
          isLoading={query.isPending}
          error={query.isError ? failureText(query.error) : undefined}
          empty={
            <Typography role="status" sx={{ py: 3 }}>
              {filterText || isBelowPurchaseOnly ? t('pricing.items_none_matching') : t('pricing.items_none')}
            </Typography>
          }
          onNewRuleForItem={onNewRuleForItem}
          editing={
            canEditPrices
              ? { pending, onStage: setPrice, onUndo: undo, bulkActions: (selected, clearSelection) => <BulkPriceEditor selected={selected} pending={pending} onStage={setPrices} onDone={clearSelection} /> }
              : undefined
          }
        />
        {isAllPrices && query.data && (
          <Typography variant="body2" color="text.secondary" sx={{ pt: 2 }}>
            {t('pricing_preview.all_items', { count: query.data.Total })}
          </Typography>
        )}
      </Box>
      {guardDialog}
    </Paper>
  );
}
