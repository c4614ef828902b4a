import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { INVOICE_SORT_FIELDS, InvoiceSummary } from '@cmp/contracts/billing';
import { formatMoney } from '../../platform/money/formatMoney';
import { DataTable, type DataColumn, type ServerPaging } from '../../platform/ui/table/DataTable';
import { formatInterval, formatIssuedAt } from '../utils/billingFormat';
import { amountSx } from '../../platform/money/amountSx';

export type InvoiceSortField = (typeof INVOICE_SORT_FIELDS)[number];

interface InvoicesTableProps {
  invoices: InvoiceSummary[];
  labelledBy: string;
  /** Names the hint that a row opens the invoice (read with the table). */
  describedBy: string;
  server: ServerPaging<InvoiceSortField>;
  isLoading: boolean;
  error?: ReactNode;
  empty: ReactNode;
  onOpen: (invoice: InvoiceSummary) => void;
}

const partySx = { minWidth: 120, overflowWrap: 'anywhere' } as const;

/** Invoices and credit notes of an account, bought and sold, sorted and paged on the server; its number opens an invoice (a click on the row too). */
export function InvoicesTable({ invoices, labelledBy, describedBy, server, isLoading, error, empty, onOpen }: InvoicesTableProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const columns: DataColumn<InvoiceSummary>[] = [
    { id: 'Number', header: t('billing.column.number'), sortable: true, isRowHeader: true, cellSx: { whiteSpace: 'nowrap' }, cell: (invoice) => invoice.InvoiceNumber },
    { id: 'Kind', header: t('billing.column.kind'), isHideable: true, cell: (invoice) => t(`billing.kind.${invoice.Kind}`) },
    { id: 'Interval', header: t('billing.column.interval'), isHideable: true, cellSx: { whiteSpace: 'nowrap' }, cell: (invoice) => formatInterval(invoice.IntervalId, locale) },
    { id: 'Seller', header: t('billing.column.seller'), sortable: true, cellSx: partySx, cell: (invoice) => invoice.SellerName },
    { id: 'Buyer', header: t('billing.column.buyer'), sortable: true, cellSx: partySx, cell: (invoice) => invoice.BuyerName },
    { id: 'Subtotal', header: t('billing.column.subtotal'), align: 'right', isHideable: true, cellSx: amountSx, cell: (invoice) => formatMoney(invoice.Subtotal, invoice.Currency, locale) },
    { id: 'Tax', header: t('billing.column.tax'), align: 'right', isHideable: true, cellSx: amountSx, cell: (invoice) => formatMoney(invoice.TaxAmount, invoice.Currency, locale) },
    { id: 'Total', header: t('billing.column.total'), sortable: true, align: 'right', cellSx: { ...amountSx, fontWeight: 500 }, cell: (invoice) => formatMoney(invoice.Total, invoice.Currency, locale) },
    { id: 'IssuedAt', header: t('billing.column.issued_at'), sortable: true, cellSx: { whiteSpace: 'nowrap' }, cell: (invoice) => formatIssuedAt(invoice.IssuedAt, locale) },
  ];
  return (
    <DataTable
      tableId="billing-invoices"
      rows={invoices}
      columns={columns}
      rowKey={(invoice) => invoice.InvoiceId}
      labelledBy={labelledBy}
      describedBy={describedBy}
      server={server}
      isLoading={isLoading}
      error={error}
      empty={empty}
      onRowActivate={onOpen}
      sx={{ '& td, & th': { px: 1 } }}
    />
  );
}
