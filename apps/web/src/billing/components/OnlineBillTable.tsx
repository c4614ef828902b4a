import { useTranslation } from 'react-i18next';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ONLINE_BILL_SORT_FIELDS, OnlineBillLine } from '@cmp/contracts/billing';
import { formatMoney } from '../../platform/money/formatMoney';
import { SortableHeaderCell, type SortState } from '../../platform/ui/table/SortableHeaderCell';
import { formatPeriod } from '../utils/billingFormat';
import { amountSx } from './amountSx';

export type OnlineBillSortField = (typeof ONLINE_BILL_SORT_FIELDS)[number];

interface OnlineBillTableProps {
  lines: OnlineBillLine[];
  label: string;
  sort: SortState<OnlineBillSortField>;
  onSort: (sort: SortState<OnlineBillSortField>) => void;
}

/**
 * The lines of an interval's bill, sorted on the server. The margin column appears only when the
 * server sent margins: it does so for the seller's own sales, never for what the account bought.
 */
export function OnlineBillTable({ lines, label, sort, onSort }: OnlineBillTableProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const hasMargin = lines.some((line) => (line.Margin ?? null) !== null);
  return (
    <TableContainer>
      <Table size="small" aria-label={label} sx={{ '& td, & th': { px: 1 } }}>
        <TableHead>
          <TableRow>
            <SortableHeaderCell field="Customer" sort={sort} onSort={onSort}>
              {t('billing.column.customer')}
            </SortableHeaderCell>
            <SortableHeaderCell field="Service" sort={sort} onSort={onSort}>
              {t('billing.column.service')}
            </SortableHeaderCell>
            <TableCell>{t('billing.column.reason')}</TableCell>
            <SortableHeaderCell field="PeriodStart" sort={sort} onSort={onSort}>
              {t('billing.column.period')}
            </SortableHeaderCell>
            <TableCell align="right">{t('billing.column.quantity')}</TableCell>
            <TableCell align="right">{t('billing.column.unit_price')}</TableCell>
            <SortableHeaderCell field="Amount" sort={sort} onSort={onSort} align="right">
              {t('billing.column.amount')}
            </SortableHeaderCell>
            {hasMargin && <TableCell align="right">{t('billing.column.margin')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.map((line, index) => (
            // Lines have no id of their own; invoice and position within this page identify them.
            <TableRow key={`${line.InvoiceId}-${index}`}>
              <TableCell component="th" scope="row" sx={{ minWidth: 140, overflowWrap: 'anywhere' }}>
                {line.CustomerName}
              </TableCell>
              <TableCell sx={{ minWidth: 200, overflowWrap: 'anywhere' }}>
                {/* The service's name (its code, ProductName, means nothing to a reader) or the charge's. */}
                {line.Description}
              </TableCell>
              <TableCell>{t(`billing.reason.${line.Reason}`)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatPeriod(line.PeriodStart, line.PeriodEnd, locale)}</TableCell>
              <TableCell sx={amountSx}>{new Intl.NumberFormat(locale).format(line.Quantity)}</TableCell>
              <TableCell sx={amountSx}>{formatMoney(line.UnitPrice, line.Currency, locale)}</TableCell>
              <TableCell sx={{ ...amountSx, fontWeight: 500 }}>{formatMoney(line.Amount, line.Currency, locale)}</TableCell>
              {hasMargin && <TableCell sx={amountSx}>{line.Margin == null ? '' : formatMoney(line.Margin, line.Currency, locale)}</TableCell>}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
