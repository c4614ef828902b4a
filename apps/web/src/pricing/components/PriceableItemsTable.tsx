import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { mdiTagPlusOutline } from '@mdi/js';
import { PRICED_ITEM_SORT_FIELDS, type PricedItem } from '@cmp/contracts/pricing';
import { formatDecimal, formatMoney } from '../../platform/money/formatMoney';
import { DataTable, type DataColumn, type RowSelection, type ServerPaging } from '../../platform/ui/table/DataTable';
import { SalesPriceCell } from '../grid/SalesPriceCell';
import type { PendingPrices } from '../grid/manualPrice';
import { NameWithDetails } from './NameWithDetails';
import { PriceExplanation } from './PriceExplanation';
import { RowActionButton } from '../../platform/ui/table/RowActionButton';

export type PricedItemSortField = (typeof PRICED_ITEM_SORT_FIELDS)[number];

interface PriceableItemsTableProps {
  items: PricedItem[];
  labelledBy: string;
  /** The server's order and page; edit-all-prices shows every item (`isPaged` false). */
  server: ServerPaging<PricedItemSortField>;
  isPaged: boolean;
  isLoading: boolean;
  error: ReactNode;
  empty: ReactNode;
  /** Offered with PRICING_RULES Create: a new rule for just this item. */
  onNewRuleForItem?: (item: PricedItem) => void;
  /** Offered with MARKETPLACE Create: manual prices typed inline, rows selected for a bulk edit. */
  editing?: PriceEditing;
}

export interface PriceEditing {
  pending: PendingPrices;
  onStage: (itemId: number, price: string | null) => void;
  onUndo: (itemId: number) => void;
  /** What can be done to the selected rows (a manual price for all of them). */
  bulkActions: RowSelection<PricedItem>['actions'];
}

// Amounts line up on their decimal places: right-aligned, figures of one width.
const amountSx = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** The edit-prices grid: service, vendor, purchase price, SRP, sales price, margin, margin % and the rule that priced each item. */
export function PriceableItemsTable({ items, labelledBy, server, isPaged, isLoading, error, empty, onNewRuleForItem, editing }: PriceableItemsTableProps) {
  const { t, i18n } = useTranslation();
  const money = (amount: string | null, currency: string) => (amount === null ? '—' : formatMoney(amount, currency, i18n.language));
  const itemLabel = (item: PricedItem) => t('pricing.item_label', { service: item.ServiceDisplayName, item: item.ItemName });
  const columns: DataColumn<PricedItem>[] = [
    {
      id: 'Service',
      header: t('pricing.column_service'),
      sortable: true,
      isRowHeader: true,
      cellSx: { minWidth: 240, overflowWrap: 'anywhere' },
      cell: (item) => (
        <NameWithDetails
          name={item.ServiceDisplayName}
          details={[item.ItemName, t(`pricing.fee_types.${item.FeeType}`), item.Unit ? t('pricing.per_unit', { unit: item.Unit }) : undefined].filter(Boolean).join(' · ')}
        />
      ),
    },
    { id: 'Vendor', header: t('pricing.column_vendor'), sortable: true, cellSx: { minWidth: 140 }, cell: (item) => item.VendorName || '—' },
    { id: 'PurchasePrice', header: t('pricing.column_purchase_price'), sortable: true, align: 'right', cellSx: amountSx, cell: (item) => money(item.PurchasePrice, item.Currency) },
    { id: 'Srp', header: t('pricing.column_srp'), sortable: true, align: 'right', cellSx: amountSx, cell: (item) => money(item.Srp, item.Currency) },
    {
      id: 'SalesPrice',
      header: t('pricing.column_sales_price'),
      sortable: true,
      align: 'right',
      cellSx: { ...amountSx, fontWeight: 500 },
      cell: (item) => (
        <SalesPriceCell
          item={item}
          label={itemLabel(item)}
          pending={editing?.pending.get(item.PriceableItemId)}
          onStage={editing && ((price) => editing.onStage(item.PriceableItemId, price))}
          onUndo={editing && (() => editing.onUndo(item.PriceableItemId))}
        />
      ),
    },
    {
      id: 'Margin',
      header: t('pricing.column_margin'),
      sortable: true,
      align: 'right',
      cellSxOf: (item) => ({ ...amountSx, color: item.Margin?.startsWith('-') ? 'error.main' : undefined }),
      cell: (item) => money(item.Margin, item.Currency),
    },
    {
      id: 'MarginPercent',
      header: t('pricing.column_margin_percent'),
      sortable: true,
      align: 'right',
      cellSx: amountSx,
      cell: (item) => (item.MarginPercent === null ? '—' : t('pricing.percent', { value: formatDecimal(item.MarginPercent, i18n.language, 2) })),
    },
    { id: 'PricedBy', header: t('pricing.column_priced_by'), cellSx: { minWidth: 200 }, cell: (item) => <PriceExplanation item={item} /> },
  ];
  if (onNewRuleForItem) {
    columns.push({
      id: 'actions',
      header: t('pricing.column_actions'),
      isHeaderHidden: true,
      cellSx: { width: '1%' },
      cell: (item) => <RowActionButton label={t('pricing.new_rule_for_item', { item: itemLabel(item) })} icon={mdiTagPlusOutline} onClick={() => onNewRuleForItem(item)} />,
    });
  }
  return (
    <DataTable
      tableId="priceable-items"
      rows={items}
      columns={columns}
      rowKey={(item) => item.PriceableItemId}
      labelledBy={labelledBy}
      server={server}
      pageSizes={isPaged ? undefined : false}
      isLoading={isLoading}
      error={error}
      empty={empty}
      selection={editing && { rowLabel: (item) => t('pricing_preview.select_item', { item: itemLabel(item) }), actions: editing.bulkActions }}
      // Narrow cells: the grid has up to ten columns. One-line headers: a wrapped "Margin / %" reads as two.
      sx={{ '& td, & th': { px: 1 }, '& thead th': { whiteSpace: 'nowrap' } }}
    />
  );
}
