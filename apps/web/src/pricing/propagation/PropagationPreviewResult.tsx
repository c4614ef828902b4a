import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PropagationPreview, PropagationTarget } from '@cmp/contracts/propagation';
import { formatMoney } from '../../platform/money/formatMoney';
import { DataTable, type DataColumn } from '../../platform/ui/table/DataTable';
import { sortableAmount } from '../utils/sortableAmount';

type PropagationChange = PropagationTarget['Changes'][number];

const amountSx = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** The preview's effect: totals, then per target pricelist the items whose cost changes and the sales price that follows. */
export function PropagationPreviewResult({ preview }: { preview: PropagationPreview }) {
  const { t, i18n } = useTranslation();
  const amounts = (list: { Currency: string; Amount: string }[]) => (list.length ? list.map((each) => formatMoney(each.Amount, each.Currency, i18n.language)).join(' · ') : '—');
  const totals = preview.Totals;
  return (
    <Stack spacing={3}>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 3, rowGap: 0.5, m: 0, '& dd': { m: 0, fontWeight: 500 } }}>
        <dt>{t('propagation.total_targets')}</dt>
        <dd>{totals.TargetPricelists}</dd>
        <dt>{t('propagation.total_changed_items')}</dt>
        <dd>{totals.ChangedItems}</dd>
        <dt>{t('propagation.total_services_added')}</dt>
        <dd>{totals.ServicesAdded}</dd>
        <dt>{t('propagation.total_customers')}</dt>
        <dd>{totals.CustomersAffected}</dd>
        <dt>{t('propagation.total_revenue_delta')}</dt>
        <dd>{amounts(totals.RevenueDelta)}</dd>
        <dt>{t('propagation.total_margin_delta')}</dt>
        <dd>{amounts(totals.MarginDelta)}</dd>
        {preview.UnpricedItemsCount > 0 && (
          <>
            <dt>{t('propagation.unpriced_items')}</dt>
            <dd>{preview.UnpricedItemsCount}</dd>
          </>
        )}
      </Box>
      {preview.Targets.length === 0 ? (
        <Typography role="status">{t('propagation.no_targets')}</Typography>
      ) : (
        preview.Targets.map((target) => <TargetChanges key={target.MarketplaceId} target={target} />)
      )}
    </Stack>
  );
}

function TargetChanges({ target }: { target: PropagationTarget }) {
  const { t, i18n } = useTranslation();
  const itemLabel = (change: PropagationChange) => t('propagation.item_label', { service: change.ServiceDisplayName, item: change.ItemName });
  const headingId = useId();
  const money = (amount: string | null) => (amount === null ? '—' : formatMoney(amount, target.Currency, i18n.language));
  const amountColumn = (id: string, header: string, amountOf: (change: PropagationChange) => string | null, isNew = false): DataColumn<PropagationChange> => ({
    id,
    header,
    align: 'right',
    sortValue: (change) => sortableAmount(amountOf(change)),
    cellSx: isNew ? { ...amountSx, fontWeight: 500 } : amountSx,
    cell: (change) => money(amountOf(change)),
  });
  const columns: DataColumn<PropagationChange>[] = [
    {
      id: 'item',
      header: t('propagation.column_item'),
      isRowHeader: true,
      sortValue: itemLabel,
      cellSx: { minWidth: 220, overflowWrap: 'anywhere' },
      cell: itemLabel,
    },
    amountColumn('old_cost', t('propagation.column_old_cost'), (change) => change.OldCost),
    amountColumn('new_cost', t('propagation.column_new_cost'), (change) => change.NewCost, true),
    amountColumn('old_price', t('propagation.column_old_price'), (change) => change.OldPrice),
    amountColumn('new_price', t('propagation.column_new_price'), (change) => change.NewPrice, true),
  ];
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {t('propagation.target_heading', { name: target.Name, owner: target.OwnerName })}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('propagation.target_summary', {
          changed: target.ChangedItemsCount,
          items: target.ItemsCount,
          services: target.ServicesAdded,
          customers: target.CustomersCount,
          revenue: money(target.RevenueDelta),
          margin: money(target.MarginDelta),
        })}
      </Typography>
      {target.ChangedItemsCount === 0 ? (
        <Typography variant="body2">{t('propagation.target_unchanged')}</Typography>
      ) : (
        <DataTable
          tableId="propagation-changes"
          rows={target.Changes}
          columns={columns}
          rowKey={(change) => change.PriceableItemId}
          labelledBy={headingId}
          // At most PREVIEW_ITEMS_PER_TARGET rows, scrolling in a box of their own: the page stays short with many targets.
          pageSizes={false}
          maxBodyHeight={420}
          empty={null}
        />
      )}
      {target.ChangedItemsCount > target.Changes.length && (
        <Typography variant="caption" color="text.secondary">
          {t('propagation.more_changes', { shown: target.Changes.length, count: target.ChangedItemsCount })}
        </Typography>
      )}
    </Box>
  );
}
