import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PricePreview } from '@cmp/contracts/pricePreview';
import { formatMoney } from '../../platform/money/formatMoney';
import { DataTable, type DataColumn } from '../../platform/ui/table/DataTable';
import { NameWithDetails } from '../components/NameWithDetails';
import { BelowPurchaseFlag } from '../components/PriceExplanation';
import { pricedByText } from '../../platform/money/ruleDescription';
import { sortableAmount } from '../utils/sortableAmount';

const amountSx = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

const ITEM_PAGE_SIZES = [25, 50, 100];

type PriceChange = PricePreview['ChangedItems'][number];
type PreviewCustomer = PricePreview['Customers'][number];

/** A signed amount as a change: "+€12.50", "−€3.00". */
function signedMoney(amount: string, currency: string, locale: string): string {
  const isNegative = amount.startsWith('-');
  const magnitude = isNegative ? amount.slice(1) : amount;
  if (/^0*(\.0*)?$/.test(magnitude)) return formatMoney('0', currency, locale);
  return `${isNegative ? '−' : '+'}${formatMoney(magnitude, currency, locale)}`;
}

/**
 * Issue 13 "price-change preview": what a change does before it is saved — the items whose price
 * changes (old and new price, margin, the rule that will price it), the customers it reaches and
 * the monthly revenue and margin delta of their subscriptions.
 */
export function PricePreviewPanel({ preview }: { preview: PricePreview }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const itemsHeadingId = useId();
  const customersHeadingId = useId();
  const money = (amount: string | null) => (amount === null ? '—' : formatMoney(amount, preview.Currency, locale));
  const itemColumns: DataColumn<PriceChange>[] = [
    {
      id: 'item',
      header: t('pricing_preview.column_item'),
      isRowHeader: true,
      sortValue: (change) => `${change.ServiceDisplayName} ${change.ItemName}`,
      cellSx: { minWidth: 180, overflowWrap: 'anywhere' },
      cell: (change) => <NameWithDetails name={change.ServiceDisplayName} details={`${change.ItemName} · ${t(`pricing.fee_types.${change.FeeType}`)}`} />,
    },
    { id: 'old_price', header: t('pricing_preview.column_old_price'), align: 'right', sortValue: (change) => sortableAmount(change.OldPrice), cellSx: amountSx, cell: (change) => money(change.OldPrice) },
    {
      id: 'new_price',
      header: t('pricing_preview.column_new_price'),
      align: 'right',
      sortValue: (change) => sortableAmount(change.NewPrice),
      cellSx: { ...amountSx, fontWeight: 500 },
      cell: (change) => (
        <>
          {money(change.NewPrice)}
          {change.IsBelowPurchase && (
            <>
              <br />
              <BelowPurchaseFlag />
            </>
          )}
        </>
      ),
    },
    {
      id: 'margin',
      header: t('pricing_preview.column_margin'),
      align: 'right',
      sortValue: (change) => sortableAmount(change.NewMargin),
      cellSx: amountSx,
      cell: (change) => t('pricing_preview.margin_change', { old: money(change.OldMargin), new: money(change.NewMargin) }),
    },
    {
      id: 'new_rule',
      header: t('pricing_preview.column_new_rule'),
      cellSx: { minWidth: 160 },
      cell: (change) => (change.NewRule ? pricedByText(t, locale, change.NewRule, preview.Currency) : t('pricing.problems.no_rule')),
    },
  ];
  const deltaColumn = (id: string, header: string, deltaOf: (customer: PreviewCustomer) => string): DataColumn<PreviewCustomer> => ({
    id,
    header,
    align: 'right',
    sortValue: (customer) => sortableAmount(deltaOf(customer)),
    cellSx: amountSx,
    cell: (customer) => signedMoney(deltaOf(customer), preview.Currency, locale),
  });
  const customerColumns: DataColumn<PreviewCustomer>[] = [
    { id: 'customer', header: t('pricing_preview.column_customer'), isRowHeader: true, sortValue: (customer) => customer.DisplayName, cell: (customer) => customer.DisplayName },
    { id: 'subscriptions', header: t('pricing_preview.column_subscriptions'), align: 'right', sortValue: (customer) => customer.Subscriptions, cellSx: amountSx, cell: (customer) => customer.Subscriptions },
    deltaColumn('revenue_delta', t('pricing_preview.column_revenue_delta'), (customer) => customer.MonthlyRevenueDelta),
    deltaColumn('margin_delta', t('pricing_preview.column_margin_delta'), (customer) => customer.MonthlyMarginDelta),
  ];
  return (
    <Stack spacing={2}>
      <Box role="status">
        <Typography sx={{ fontWeight: 500 }}>{t('pricing_preview.summary_items', { count: preview.ChangedItemsCount, total: preview.ItemsCount })}</Typography>
        <Typography>
          {t('pricing_preview.summary_revenue', { amount: signedMoney(preview.MonthlyRevenueDelta, preview.Currency, locale) })}
          {' · '}
          {t('pricing_preview.summary_margin', { amount: signedMoney(preview.MonthlyMarginDelta, preview.Currency, locale) })}
        </Typography>
      </Box>
      {preview.ChangedItemsCount === 0 ? (
        <Alert severity="info">{t('pricing_preview.no_changes')}</Alert>
      ) : (
        <section aria-labelledby={itemsHeadingId}>
          <Typography id={itemsHeadingId} variant="subtitle1" component="h3">
            {t('pricing_preview.items_title')}
          </Typography>
          {preview.ChangedItemsCount > preview.ChangedItems.length && (
            <Typography variant="body2" color="text.secondary">
              {t('pricing_preview.items_truncated', { shown: preview.ChangedItems.length, count: preview.ChangedItemsCount })}
            </Typography>
          )}
          <DataTable
            tableId="price-preview-items"
            rows={preview.ChangedItems}
            columns={itemColumns}
            rowKey={(change) => change.PriceableItemId}
            labelledBy={itemsHeadingId}
            // Up to MAX_PREVIEW_ITEMS rows in a dialog: pages that scroll in a box of their own.
            pageSizes={ITEM_PAGE_SIZES}
            maxBodyHeight={320}
            empty={null}
          />
        </section>
      )}
      <section aria-labelledby={customersHeadingId}>
        <Typography id={customersHeadingId} variant="subtitle1" component="h3">
          {t('pricing_preview.customers_title')}
        </Typography>
        <DataTable
          tableId="price-preview-customers"
          rows={preview.Customers}
          columns={customerColumns}
          rowKey={(customer) => customer.AccountId}
          labelledBy={customersHeadingId}
          empty={<Typography variant="body2">{t('pricing_preview.customers_none')}</Typography>}
        />
      </section>
    </Stack>
  );
}
