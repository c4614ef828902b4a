import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { INVOICE_SORT_FIELDS, InvoiceSummary } from '@cmp/contracts/billing';
import { formatMoney } from '../../platform/money/formatMoney';
import { SortableHeaderCell, type SortState } from '../../platform/ui/table/SortableHeaderCell';
import { formatInterval, formatIssuedAt } from '../utils/billingFormat';
import { amountSx } from './amountSx';

export type InvoiceSortField = (typeof INVOICE_SORT_FIELDS)[number];

interface InvoicesTableProps {
  invoices: InvoiceSummary[];
  label: string;
  /** Names the hint that a row opens the invoice (read with the table). */
  describedBy: string;
  sort: SortState<InvoiceSortField>;
  onSort: (sort: SortState<InvoiceSortField>) => void;
  onOpen: (invoice: InvoiceSummary) => void;
}

/** Invoices and credit notes of an account, bought and sold; a row opens the invoice by click or Enter. */
export function InvoicesTable({ invoices, label, describedBy, sort, onSort, onOpen }: InvoicesTableProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  // The row itself takes the focus (WCAG 2.1.1): Enter or Space opens it like a click.
  const openByKey = (event: KeyboardEvent, invoice: InvoiceSummary) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    onOpen(invoice);
  };
  return (
    <TableContainer>
      <Table size="small" aria-label={label} aria-describedby={describedBy} sx={{ '& td, & th': { px: 1 } }}>
        <TableHead>
          <TableRow>
            <SortableHeaderCell field="Number" sort={sort} onSort={onSort}>
              {t('billing.column.number')}
            </SortableHeaderCell>
            <TableCell>{t('billing.column.kind')}</TableCell>
            <TableCell>{t('billing.column.interval')}</TableCell>
            <SortableHeaderCell field="Seller" sort={sort} onSort={onSort}>
              {t('billing.column.seller')}
            </SortableHeaderCell>
            <SortableHeaderCell field="Buyer" sort={sort} onSort={onSort}>
              {t('billing.column.buyer')}
            </SortableHeaderCell>
            <TableCell align="right">{t('billing.column.subtotal')}</TableCell>
            <TableCell align="right">{t('billing.column.tax')}</TableCell>
            <SortableHeaderCell field="Total" sort={sort} onSort={onSort} align="right">
              {t('billing.column.total')}
            </SortableHeaderCell>
            <SortableHeaderCell field="IssuedAt" sort={sort} onSort={onSort}>
              {t('billing.column.issued_at')}
            </SortableHeaderCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {invoices.map((invoice) => (
            <TableRow
              key={invoice.InvoiceId}
              hover
              tabIndex={0}
              onClick={() => onOpen(invoice)}
              onKeyDown={(event) => openByKey(event, invoice)}
              sx={{ cursor: 'pointer', '&:focus-visible': { outline: 2, outlineStyle: 'solid', outlineColor: 'primary.main', outlineOffset: -2 } }}
            >
              <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap', fontWeight: 500 }}>
                {invoice.InvoiceNumber}
              </TableCell>
              <TableCell>{t(`billing.kind.${invoice.Kind}`)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatInterval(invoice.IntervalId, locale)}</TableCell>
              <TableCell sx={{ minWidth: 120, overflowWrap: 'anywhere' }}>{invoice.SellerName}</TableCell>
              <TableCell sx={{ minWidth: 120, overflowWrap: 'anywhere' }}>{invoice.BuyerName}</TableCell>
              <TableCell sx={amountSx}>{formatMoney(invoice.Subtotal, invoice.Currency, locale)}</TableCell>
              <TableCell sx={amountSx}>{formatMoney(invoice.TaxAmount, invoice.Currency, locale)}</TableCell>
              <TableCell sx={{ ...amountSx, fontWeight: 500 }}>{formatMoney(invoice.Total, invoice.Currency, locale)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatIssuedAt(invoice.IssuedAt, locale)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
