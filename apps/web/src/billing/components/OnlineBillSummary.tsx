import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { OnlineBill } from '@cmp/contracts/billing';
import { formatMoney } from '../../platform/money/formatMoney';
import { amountSx } from './amountSx';

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

/** With "Group by customers": one row per customer (largest amount first, as the server sends them). */
export function OnlineBillCustomers({ bill }: { bill: OnlineBill }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const hasMargin = bill.Customers.some((customer) => (customer.Margin ?? null) !== null);
  return (
    <TableContainer sx={{ mb: 2 }}>
      <Table size="small" sx={{ '& td, & th': { px: 1 } }}>
        <Typography component="caption" variant="subtitle2" sx={{ captionSide: 'top', textAlign: 'left', color: 'text.primary', px: '0 !important' }}>
          {t('billing.online_bill.per_customer')}
        </Typography>
        <TableHead>
          <TableRow>
            <TableCell>{t('billing.column.customer')}</TableCell>
            <TableCell align="right">{t('billing.column.lines')}</TableCell>
            <TableCell align="right">{t('billing.column.amount')}</TableCell>
            {hasMargin && <TableCell align="right">{t('billing.column.margin')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {bill.Customers.map((customer) => (
            <TableRow key={`${customer.CustomerAccountId}-${customer.Currency}`}>
              <TableCell component="th" scope="row">
                {customer.CustomerName}
              </TableCell>
              <TableCell sx={amountSx}>{new Intl.NumberFormat(locale).format(customer.Lines)}</TableCell>
              <TableCell sx={{ ...amountSx, fontWeight: 500 }}>{formatMoney(customer.Amount, customer.Currency, locale)}</TableCell>
              {hasMargin && <TableCell sx={amountSx}>{customer.Margin == null ? '' : formatMoney(customer.Margin, customer.Currency, locale)}</TableCell>}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
