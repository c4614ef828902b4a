import { useTranslation } from 'react-i18next';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { Invoice } from '@cmp/contracts/billing';
import { formatMoney } from '../../platform/money/formatMoney';
import { formatPeriod } from '../utils/billingFormat';
import { amountSx } from './amountSx';

/** The lines of one invoice, in the order issued; the margin only for the seller's eyes (null for the buyer). */
export function InvoiceLinesTable({ invoice }: { invoice: Invoice }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const money = (amount: string) => formatMoney(amount, invoice.Currency, locale);
  const hasMargin = invoice.Lines.some((line) => (line.Margin ?? null) !== null);
  return (
    <TableContainer>
      <Table size="small" aria-label={t('billing.invoice.lines_label')} sx={{ '& td, & th': { px: 1 } }}>
        <TableHead>
          <TableRow>
            <TableCell>{t('billing.column.customer')}</TableCell>
            <TableCell>{t('billing.column.service')}</TableCell>
            <TableCell>{t('billing.column.reason')}</TableCell>
            <TableCell>{t('billing.column.period')}</TableCell>
            <TableCell align="right">{t('billing.column.quantity')}</TableCell>
            <TableCell align="right">{t('billing.column.unit_price')}</TableCell>
            <TableCell align="right">{t('billing.column.amount')}</TableCell>
            {hasMargin && <TableCell align="right">{t('billing.column.margin')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {invoice.Lines.map((line, index) => (
            <TableRow key={index}>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{line.CustomerName}</TableCell>
              <TableCell sx={{ minWidth: 180, overflowWrap: 'anywhere' }}>
                {/* The service's name (its code, ProductName, means nothing to a reader) or the charge's. */}
                {line.Description}
              </TableCell>
              <TableCell>{t(`billing.reason.${line.Reason}`)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatPeriod(line.PeriodStart, line.PeriodEnd, locale)}</TableCell>
              <TableCell sx={amountSx}>{new Intl.NumberFormat(locale).format(line.Quantity)}</TableCell>
              <TableCell sx={amountSx}>{money(line.UnitPrice)}</TableCell>
              <TableCell sx={{ ...amountSx, fontWeight: 500 }}>{money(line.Amount)}</TableCell>
              {hasMargin && <TableCell sx={amountSx}>{line.Margin == null ? '' : money(line.Margin)}</TableCell>}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
