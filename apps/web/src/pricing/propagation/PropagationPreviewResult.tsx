import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { PropagationPreview, PropagationTarget } from '@cmp/contracts/propagation';
import { formatMoney } from '../../platform/money/formatMoney';

const amountSx = { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

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
  const headingId = useId();
  const money = (amount: string | null) => (amount === null ? '—' : formatMoney(amount, target.Currency, i18n.language));
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
      ) : target.Changes.length === 0 ? null : (
        // A scrolling region the keyboard can reach (focusable, named by the target's heading).
        <TableContainer tabIndex={0} role="region" aria-labelledby={headingId} sx={{ maxHeight: 420 }}>
          <Table size="small" stickyHeader aria-labelledby={headingId}>
            <TableHead>
              <TableRow>
                <TableCell>{t('propagation.column_item')}</TableCell>
                <TableCell sx={amountSx}>{t('propagation.column_old_cost')}</TableCell>
                <TableCell sx={amountSx}>{t('propagation.column_new_cost')}</TableCell>
                <TableCell sx={amountSx}>{t('propagation.column_old_price')}</TableCell>
                <TableCell sx={amountSx}>{t('propagation.column_new_price')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {target.Changes.map((change) => (
                <TableRow key={change.PriceableItemId}>
                  <TableCell component="th" scope="row" sx={{ minWidth: 220, overflowWrap: 'anywhere' }}>
                    {t('propagation.item_label', { service: change.ServiceDisplayName, item: change.ItemName })}
                  </TableCell>
                  <TableCell sx={amountSx}>{money(change.OldCost)}</TableCell>
                  <TableCell sx={{ ...amountSx, fontWeight: 500 }}>{money(change.NewCost)}</TableCell>
                  <TableCell sx={amountSx}>{money(change.OldPrice)}</TableCell>
                  <TableCell sx={{ ...amountSx, fontWeight: 500 }}>{money(change.NewPrice)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {target.ChangedItemsCount > target.Changes.length && (
        <Typography variant="caption" color="text.secondary">
          {t('propagation.more_changes', { shown: target.Changes.length, count: target.ChangedItemsCount })}
        </Typography>
      )}
    </Box>
  );
}
