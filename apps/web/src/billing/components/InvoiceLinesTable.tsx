import { useTranslation } from 'react-i18next';
import type { Invoice } from '@cmp/contracts/billing';
import { formatMoney } from '../../platform/money/formatMoney';
import { DataTable, type DataColumn, type DataFooterRow } from '../../platform/ui/table/DataTable';
import { formatPeriod, formatTaxRate } from '../utils/billingFormat';
import { amountSx } from '../../platform/money/amountSx';

type InvoiceLine = Invoice['Lines'][number] & { position: number };

/**
 * The lines of one invoice, in the order issued until a column is sorted, ending with its subtotal,
 * tax and total; the margin only for the seller's eyes (null for the buyer).
 */
export function InvoiceLinesTable({ invoice }: { invoice: Invoice }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const money = (amount: string) => formatMoney(amount, invoice.Currency, locale);
  const hasMargin = invoice.Lines.some((line) => (line.Margin ?? null) !== null);
  const columns: DataColumn<InvoiceLine>[] = [
    { id: 'customer', header: t('billing.column.customer'), sortValue: (line) => line.CustomerName, cellSx: { overflowWrap: 'anywhere' }, cell: (line) => line.CustomerName },
    // The service's name (its code, ProductName, means nothing to a reader) or the charge's.
    { id: 'service', header: t('billing.column.service'), sortValue: (line) => line.Description, cellSx: { minWidth: 180, overflowWrap: 'anywhere' }, cell: (line) => line.Description },
    { id: 'reason', header: t('billing.column.reason'), sortValue: (line) => t(`billing.reason.${line.Reason}`), cell: (line) => t(`billing.reason.${line.Reason}`) },
    { id: 'period', header: t('billing.column.period'), sortValue: (line) => line.PeriodStart, cellSx: { whiteSpace: 'nowrap' }, cell: (line) => formatPeriod(line.PeriodStart, line.PeriodEnd, locale) },
    { id: 'quantity', header: t('billing.column.quantity'), align: 'right', sortValue: (line) => line.Quantity, cellSx: amountSx, cell: (line) => new Intl.NumberFormat(locale).format(line.Quantity) },
    { id: 'unitPrice', header: t('billing.column.unit_price'), align: 'right', sortValue: (line) => Number(line.UnitPrice), cellSx: amountSx, cell: (line) => money(line.UnitPrice) },
    { id: 'amount', header: t('billing.column.amount'), align: 'right', sortValue: (line) => Number(line.Amount), cellSx: { ...amountSx, fontWeight: 500 }, cell: (line) => money(line.Amount) },
    ...(hasMargin
      ? [{ id: 'margin', header: t('billing.column.margin'), align: 'right', sortValue: (line) => (line.Margin == null ? null : Number(line.Margin)), cellSx: amountSx, cell: (line) => (line.Margin == null ? '' : money(line.Margin)) } satisfies DataColumn<InvoiceLine>]
      : []),
  ];
  const totals: DataFooterRow[] = [
    { label: t('billing.column.subtotal'), values: { amount: money(invoice.Subtotal) } },
    { label: t('billing.invoice.tax_at', { rate: formatTaxRate(invoice.TaxRate, locale) }), values: { amount: money(invoice.TaxAmount) } },
    { label: t('billing.column.total'), values: { amount: money(invoice.Total) }, sx: { '& .MuiTableCell-footer': { fontWeight: 700 } } },
  ];
  return (
    <DataTable
      tableId="billing-invoice-lines"
      rows={invoice.Lines.map((line, position) => ({ ...line, position }))}
      columns={columns}
      // Lines have no id of their own: their place on the invoice names them.
      rowKey={(line) => line.position}
      label={t('billing.invoice.lines_label')}
      pageSizes={false}
      empty={null}
      footer={totals}
      sx={{ '& td, & th': { px: 1 } }}
    />
  );
}
