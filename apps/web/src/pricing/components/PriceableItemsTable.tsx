import { useTranslation } from 'react-i18next';
import { mdiTagPlusOutline } from '@mdi/js';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { PRICED_ITEM_SORT_FIELDS, type PricedItem } from '@cmp/contracts/pricing';
import { formatDecimal, formatMoney } from '../../platform/money/formatMoney';
import { visuallyHidden } from '../../platform/ui/visuallyHidden';
import { SortableHeaderCell, type SortState } from '../../platform/ui/table/SortableHeaderCell';
import { SalesPriceCell } from '../grid/SalesPriceCell';
import type { PendingPrices } from '../grid/manualPrice';
import { PriceExplanation } from './PriceExplanation';
import { RowActionButton } from './RowActionButton';

export type PricedItemSortField = (typeof PRICED_ITEM_SORT_FIELDS)[number];

interface PriceableItemsTableProps {
  items: PricedItem[];
  labelledBy: string;
  sort: SortState<PricedItemSortField>;
  onSort: (sort: SortState<PricedItemSortField>) => void;
  /** Offered with PRICING_RULES Create: a new rule for just this item. */
  onNewRuleForItem?: (item: PricedItem) => void;
  /** Offered with MARKETPLACE Create: manual prices typed inline, rows selected for a bulk edit. */
  editing?: PriceEditing;
}

export interface PriceEditing {
  pending: PendingPrices;
  selected: ReadonlySet<number>;
  onSelect: (itemIds: number[], isSelected: boolean) => void;
  onStage: (itemId: number, price: string | null) => void;
  onUndo: (itemId: number) => void;
}

const AMOUNT_COLUMNS: { field: PricedItemSortField; labelKey: string }[] = [
  { field: 'PurchasePrice', labelKey: 'pricing.column_purchase_price' },
  { field: 'Srp', labelKey: 'pricing.column_srp' },
  { field: 'SalesPrice', labelKey: 'pricing.column_sales_price' },
  { field: 'Margin', labelKey: 'pricing.column_margin' },
  { field: 'MarginPercent', labelKey: 'pricing.column_margin_percent' },
];
// Amounts line up on their decimal places: right-aligned, figures of one width.
const amountSx = { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** The edit-prices grid: service, vendor, purchase price, SRP, sales price, margin, margin % and the rule that priced each item. */
export function PriceableItemsTable({ items, labelledBy, sort, onSort, onNewRuleForItem, editing }: PriceableItemsTableProps) {
  const { t, i18n } = useTranslation();
  const money = (amount: string | null, currency: string) => (amount === null ? '—' : formatMoney(amount, currency, i18n.language));
  return (
    <TableContainer>
      <Table size="small" aria-labelledby={labelledBy} sx={{ '& td, & th': { px: 1 } }}>
        <TableHead>
          <TableRow>
            {editing && (
              <TableCell padding="checkbox">
                <Checkbox
                  checked={items.length > 0 && items.every((item) => editing.selected.has(item.PriceableItemId))}
                  indeterminate={items.some((item) => editing.selected.has(item.PriceableItemId)) && !items.every((item) => editing.selected.has(item.PriceableItemId))}
                  onChange={(event) => editing.onSelect(items.map((item) => item.PriceableItemId), event.target.checked)}
                  slotProps={{ input: { 'aria-label': t('pricing_preview.select_all') } }}
                />
              </TableCell>
            )}
            <SortableHeaderCell field="Service" sort={sort} onSort={onSort}>
              {t('pricing.column_service')}
            </SortableHeaderCell>
            <SortableHeaderCell field="Vendor" sort={sort} onSort={onSort}>
              {t('pricing.column_vendor')}
            </SortableHeaderCell>
            {AMOUNT_COLUMNS.map((column) => (
              <SortableHeaderCell key={column.field} field={column.field} sort={sort} onSort={onSort} align="right">
                {/* One line: a wrapped "Margin / %" reads as two headers. */}
                <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                  {t(column.labelKey)}
                </Box>
              </SortableHeaderCell>
            ))}
            <TableCell>{t('pricing.column_priced_by')}</TableCell>
            {onNewRuleForItem && (
              <TableCell>
                <Box component="span" sx={visuallyHidden}>
                  {t('pricing.column_actions')}
                </Box>
              </TableCell>
            )}
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((item) => {
            const label = t('pricing.item_label', { service: item.ServiceDisplayName, item: item.ItemName });
            return (
              <TableRow key={item.PriceableItemId} hover selected={editing?.selected.has(item.PriceableItemId)}>
                {editing && (
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={editing.selected.has(item.PriceableItemId)}
                      onChange={(event) => editing.onSelect([item.PriceableItemId], event.target.checked)}
                      slotProps={{ input: { 'aria-label': t('pricing_preview.select_item', { item: label }) } }}
                    />
                  </TableCell>
                )}
                <TableCell component="th" scope="row" sx={{ minWidth: 240, overflowWrap: 'anywhere' }}>
                  <Typography variant="body2" sx={{ fontWeight: 500 }}>
                    {item.ServiceDisplayName}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" component="div">
                    {[item.ItemName, t(`pricing.fee_types.${item.FeeType}`), item.Unit ? t('pricing.per_unit', { unit: item.Unit }) : undefined].filter(Boolean).join(' · ')}
                  </Typography>
                </TableCell>
                <TableCell sx={{ minWidth: 140 }}>{item.VendorName || '—'}</TableCell>
                <TableCell sx={amountSx}>{money(item.PurchasePrice, item.Currency)}</TableCell>
                <TableCell sx={amountSx}>{money(item.Srp, item.Currency)}</TableCell>
                <TableCell sx={{ ...amountSx, fontWeight: 500 }}>
                  <SalesPriceCell
                    item={item}
                    label={label}
                    pending={editing?.pending.get(item.PriceableItemId)}
                    onStage={editing && ((price) => editing.onStage(item.PriceableItemId, price))}
                    onUndo={editing && (() => editing.onUndo(item.PriceableItemId))}
                  />
                </TableCell>
                <TableCell sx={{ ...amountSx, color: item.Margin?.startsWith('-') ? 'error.main' : undefined }}>{money(item.Margin, item.Currency)}</TableCell>
                <TableCell sx={amountSx}>{item.MarginPercent === null ? '—' : t('pricing.percent', { value: formatDecimal(item.MarginPercent, i18n.language, 2) })}</TableCell>
                <TableCell sx={{ minWidth: 200 }}>
                  <PriceExplanation item={item} />
                </TableCell>
                {onNewRuleForItem && (
                  <TableCell sx={{ width: '1%' }}>
                    <RowActionButton label={t('pricing.new_rule_for_item', { item: label })} icon={mdiTagPlusOutline} onClick={() => onNewRuleForItem(item)} />
                  </TableCell>
                )}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
