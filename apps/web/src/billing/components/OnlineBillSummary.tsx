import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { OnlineBill } from '@cmp/contracts/billing';
import { formatMoney } from '../../platform/money/formatMoney';
import { DataTable, type DataColumn } from '../../platform/ui/table/DataTable';
import { amountSx } from '../../platform/money/amountSx';

/**
 * The interval's totals, one set per currency its invoices are in (the account's own first): sales,
 * purchases and, when it sold something, the margin. With several currencies each label names its.
 */
export function OnlineBillTotals({ bill }: { bill: OnlineBill }) {
  const { t, i18n } = useTranslation();
  const several = bill.Totals.length > 1;
  const totals: [string, string][] = bill.Totals.flatMap((set) => {
    const money = (amount: string) => formatMoney(amount, set.Currency, i18n.language);
    const label = (key: string) => (several ? `${t(key)} (${set.Currency})` : t(key));
    return [
      [label('billing.online_bill.total_sales'), money(set.Sales)],
      [label('billing.online_bill.total_purchases'), money(set.Purchases)],
      ...(set.Margin == null ? [] : [[label('billing.online_bill.total_margin'), money(set.Margin)] as [string, string]]),
    ];
  });
  return (
    // A description list: screen readers read each figure with its name.
    <Box component="dl" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 4, rowGap: 1, my: 2 }}>
      {totals.map(([label, value]) => (
        <div key={label}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="h6" sx={{ m: 0, fontVariantNumeric: 'tabular-nums' }}>
            {value}
          </Typography>
        </div>
      ))}
    </Box>
  );
}

type CustomerTotal = OnlineBill['Customers'][number];

/** With "Group by customers": one row per customer and currency (largest amount first, as the server sends them, until a column is sorted). */
export function OnlineBillCustomers({ bill }: { bill: OnlineBill }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const hasMargin = bill.Customers.some((customer) => (customer.Margin ?? null) !== null);
  const columns: DataColumn<CustomerTotal>[] = [
    { id: 'customer', header: t('billing.column.customer'), isRowHeader: true, sortValue: (customer) => customer.CustomerName, cell: (customer) => customer.CustomerName },
    { id: 'lines', header: t('billing.column.lines'), align: 'right', sortValue: (customer) => customer.Lines, cellSx: amountSx, cell: (customer) => new Intl.NumberFormat(locale).format(customer.Lines) },
    // Amounts of different currencies sort by their figures only: the order of the sums, not their worth.
    { id: 'amount', header: t('billing.column.amount'), align: 'right', sortValue: (customer) => Number(customer.Amount), cellSx: { ...amountSx, fontWeight: 500 }, cell: (customer) => formatMoney(customer.Amount, customer.Currency, locale) },
  ];
  if (hasMargin) {
    columns.push({ id: 'margin', header: t('billing.column.margin'), align: 'right', sortValue: (customer) => (customer.Margin == null ? null : Number(customer.Margin)), cellSx: amountSx, cell: (customer) => (customer.Margin == null ? '' : formatMoney(customer.Margin, customer.Currency, locale)) });
  }
  return (
    <Box sx={{ mb: 2 }}>
      <DataTable
        tableId="billing-online-bill-customers"
        rows={bill.Customers}
        columns={columns}
        rowKey={(customer) => `${customer.CustomerAccountId}-${customer.Currency}`}
        caption={t('billing.online_bill.per_customer')}
        empty={null}
        sx={{ '& td, & th': { px: 1 } }}
      />
    </Box>
  );
}
