import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { PricedItem } from '@cmp/contracts/pricing';
import { failureText } from '../../platform/api/failureText';
import { LoadingIndicator } from '../../platform/ui/LoadingIndicator';
import { ListPagination } from '../../users/components/ListPagination';
import type { SortState } from '../../users/components/SortableHeaderCell';
import { useDebouncedValue } from '../../users/hooks/useDebouncedValue';
import { usePriceableItems } from '../api/priceableItemOperations';
import { PriceableItemsTable, type PricedItemSortField } from './PriceableItemsTable';

const GRID_PAGE_SIZES = [25, 50, 100];

interface PriceableItemsCardProps {
  marketplaceId: number;
  onNewRuleForItem?: (item: PricedItem) => void;
}

/** The priceable items of a pricelist with their prices, sorted, filtered and paged on the server. */
export function PriceableItemsCard({ marketplaceId, onNewRuleForItem }: PriceableItemsCardProps) {
  const { t } = useTranslation();
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
  const query = usePriceableItems({ marketplaceId, filter, ...sort, page, pageSize });

  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: 3 }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('pricing.items_title')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
        <TextField size="small" type="search" label={t('pricing.filter_text')} value={text} onChange={(event) => setText(event.target.value)} sx={{ minWidth: 300 }} />
        <FormControlLabel
          control={<Switch checked={isBelowPurchaseOnly} onChange={(event) => setIsBelowPurchaseOnly(event.target.checked)} />}
          label={t('pricing.filter_below_purchase')}
        />
      </Stack>
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
            <PriceableItemsTable items={query.data.Items} labelledBy={headingId} sort={sort} onSort={setSort} onNewRuleForItem={onNewRuleForItem} />
          )}
          <ListPagination total={query.data.Total} page={page} pageSize={pageSize} pageSizes={GRID_PAGE_SIZES} onPageChange={(next) => setPaging({ listKey, page: next })} onPageSizeChange={setPageSize} />
        </>
      )}
    </Paper>
  );
}
