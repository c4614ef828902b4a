import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ONLINE_BILL_SORT_FIELDS, OnlineBillLine } from '@cmp/contracts/billing';
import { formatMoney } from '../../platform/money/formatMoney';
import { DataTable, type DataColumn, type ServerPaging } from '../../platform/ui/table/DataTable';
import { formatPeriod } from '../utils/billingFormat';
import { amountSx } from '../../platform/money/amountSx';

export type OnlineBillSortField = (typeof ONLINE_BILL_SORT_FIELDS)[number];

interface OnlineBillTableProps {
  lines: OnlineBillLine[];
  label: string;
  server: ServerPaging<OnlineBillSortField>;
  empty: ReactNode;
}

type PagedLine = OnlineBillLine & { position: number };

/**
 * The lines of an interval's bill, sorted and paged on the server. The margin column appears only
 * when the server sent margins: it does so for the seller's own sales, never for what the account bought.
 */
export function OnlineBillTable({ lines, label, server, empty }: OnlineBillTableProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const hasMargin = lines.some((line) => (line.Margin ?? null) !== null);
  const columns: DataColumn<PagedLine>[] = [
    { id: 'Customer', header: t('billing.column.customer'), sortable: true, isRowHeader: true, cellSx: { minWidth: 140, overflowWrap: 'anywhere' }, cell: (line) => line.CustomerName },
    // The service's name (its code, ProductName, means nothing to a reader) or the charge's.
    { id: 'Service', header: t('billing.column.service'), sortable: true, cellSx: { minWidth: 200, overflowWrap: 'anywhere' }, cell: (line) => line.Description },
    { id: 'Reason', header: t('billing.column.reason'), isHideable: true, cell: (line) => t(`billing.reason.${line.Reason}`) },
    { id: 'PeriodStart', header: t('billing.column.period'), sortable: true, cellSx: { whiteSpace: 'nowrap' }, cell: (line) => formatPeriod(line.PeriodStart, line.PeriodEnd, locale) },
    { id: 'Quantity', header: t('billing.column.quantity'), align: 'right', isHideable: true, cellSx: amountSx, cell: (line) => new Intl.NumberFormat(locale).format(line.Quantity) },
    { id: 'UnitPrice', header: t('billing.column.unit_price'), align: 'right', isHideable: true, cellSx: amountSx, cell: (line) => formatMoney(line.UnitPrice, line.Currency, locale) },
    { id: 'Amount', header: t('billing.column.amount'), sortable: true, align: 'right', cellSx: { ...amountSx, fontWeight: 500 }, cell: (line) => formatMoney(line.Amount, line.Currency, locale) },
  ];
  if (hasMargin) columns.push({ id: 'Margin', header: t('billing.column.margin'), align: 'right', cellSx: amountSx, cell: (line) => (line.Margin == null ? '' : formatMoney(line.Margin, line.Currency, locale)) });
  return (
    <DataTable
      tableId="billing-online-bill-lines"
      // Lines have no id of their own; invoice and place within this page identify them.
      rows={lines.map((line, position) => ({ ...line, position }))}
      rowKey={(line) => `${line.InvoiceId}-${line.position}`}
      columns={columns}
      label={label}
      server={server}
      empty={empty}
      sx={{ '& td, & th': { px: 1 } }}
    />
  );
}
