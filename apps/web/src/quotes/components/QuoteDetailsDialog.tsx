import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { QuoteDetail } from '@cmp/contracts/salesQuotes';
import { failureText } from '../../platform/api/failureText';
import { formatMoney } from '../../platform/money/formatMoney';
import { LoadingIndicator } from '../../platform/ui/LoadingIndicator';
import { useQuote } from '../api/quotesApi';
import type { useQuoteActions } from '../hooks/useQuoteActions';
import { amountSx } from '../../orders/review/orderFormat';
import { QuoteStatusChip } from './QuoteStatusChip';
import { formatQuoteDay } from './formatQuoteDay';

interface QuoteDetailsDialogProps {
  quoteId: number;
  actions: ReturnType<typeof useQuoteActions>;
  canCopy: boolean;
  onEdit: (quote: QuoteDetail) => void;
  onClose: () => void;
}

/** One quote: its parties, priced lines, totals and terms, and what the caller may do with it now. */
export function QuoteDetailsDialog({ quoteId, actions, canCopy, onEdit, onClose }: QuoteDetailsDialogProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const titleId = useId();
  const query = useQuote(quoteId);
  const quote = query.data;
  const isBusy = actions.busyQuoteId === quoteId;
  const money = (amount: string) => formatMoney(amount, quote?.Currency ?? 'EUR', locale);
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{quote ? t('quotes.quote_name', { id: quote.QuoteId, name: quote.Name }) : t('quotes.details_title')}</DialogTitle>
      <DialogContent>
        {query.isPending && <LoadingIndicator />}
        {query.isError && <Alert severity="error">{failureText(query.error)}</Alert>}
        {quote && (
          <Stack spacing={2}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ flexWrap: 'wrap' }}>
              <Box>
                <Typography variant="caption" color="text.secondary" component="div">
                  {t('quotes.column_status')}
                </Typography>
                <QuoteStatusChip status={quote.Status} />
              </Box>
              {[
                [t('quotes.column_customer'), quote.CustomerName],
                [t('quotes.seller'), quote.SellerName],
                [t('quotes.column_valid_until'), formatQuoteDay(quote.ValidUntil, locale)],
                [t('quotes.created_by'), quote.CreatedByName],
              ].map(([label, value]) => (
                <Box key={label}>
                  <Typography variant="caption" color="text.secondary" component="div">
                    {label}
                  </Typography>
                  <Typography variant="body2">{value}</Typography>
                </Box>
              ))}
            </Stack>
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-label={t('quotes.lines_title')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('quotes.column_service')}</TableCell>
                    <TableCell align="right">{t('quotes.column_quantity')}</TableCell>
                    <TableCell>{t('quotes.column_term')}</TableCell>
                    <TableCell align="right">{t('quotes.column_unit_price')}</TableCell>
                    <TableCell align="right">{t('quotes.column_list_value')}</TableCell>
                    <TableCell align="right">{t('quotes.column_discount')}</TableCell>
                    <TableCell align="right">{t('quotes.column_value')}</TableCell>
                    {quote.Status === 'Accepted' && <TableCell>{t('quotes.column_order')}</TableCell>}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {quote.Lines.map((line, index) => (
                    <TableRow key={index}>
                      <TableCell component="th" scope="row">
                        {line.DisplayName}
                      </TableCell>
                      <TableCell sx={amountSx}>{new Intl.NumberFormat(locale).format(line.Quantity)}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        {t(`quotes.commitment.${line.Commitment}`)}, {t(`quotes.billing.${line.BillingFrequency}`)}
                      </TableCell>
                      <TableCell sx={amountSx}>{line.UnitPrice === null ? '—' : money(line.UnitPrice)}</TableCell>
                      <TableCell sx={amountSx}>{money(line.ListValue)}</TableCell>
                      <TableCell sx={amountSx}>
                        {t('quotes.percent', { value: line.DiscountPercent })}
                        {quote.CanEdit && (
                          <Typography variant="caption" color="text.secondary" component="div">
                            {t('quotes.max_discount', { value: line.MaxDiscountPercent })}
                          </Typography>
                        )}
                      </TableCell>
                      <TableCell sx={{ ...amountSx, fontWeight: 500 }}>{money(line.Value)}</TableCell>
                      {quote.Status === 'Accepted' && (
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>
                          {line.OrderId === null ? '—' : <Link href="#/orders/my-orders">{t('quotes.order_number', { id: line.OrderId })}</Link>}
                        </TableCell>
                      )}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
            <Box sx={{ alignSelf: 'flex-end', textAlign: 'right' }}>
              <Typography variant="body2">{t('quotes.subtotal', { amount: money(quote.SubTotal) })}</Typography>
              <Typography variant="body2">{t('quotes.discount_total', { amount: money(quote.Discount) })}</Typography>
              <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
                {t('quotes.total', { amount: money(quote.Total) })}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {t('quotes.amounts_note')}
              </Typography>
            </Box>
            {quote.Terms && (
              <Box>
                <Typography variant="subtitle2" component="h3">
                  {t('quotes.field_terms')}
                </Typography>
                <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
                  {quote.Terms}
                </Typography>
              </Box>
            )}
            {quote.Reason && <Alert severity="info">{t('quotes.reject_reason', { reason: quote.Reason })}</Alert>}
            {quote.Status === 'Expired' && <Alert severity="warning">{t('quotes.expired_note')}</Alert>}
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {quote?.CanDelete && (
          <Button color="error" disabled={isBusy} onClick={() => void actions.remove(quote)}>
            {t('quotes.delete')}
          </Button>
        )}
        {quote && canCopy && (
          <Button disabled={isBusy} onClick={() => void actions.copy(quote)}>
            {t('quotes.copy')}
          </Button>
        )}
        {quote?.CanEdit && (
          <Button disabled={isBusy} onClick={() => onEdit(quote)}>
            {t('quotes.edit')}
          </Button>
        )}
        {quote?.CanDecide && (
          <Button disabled={isBusy} onClick={() => void actions.reject(quote)}>
            {t('quotes.reject')}
          </Button>
        )}
        <Button onClick={onClose}>{t('quotes.close')}</Button>
        {quote?.CanSend && (
          <Button variant="contained" disabled={isBusy} onClick={() => void actions.send(quote)}>
            {t('quotes.send')}
          </Button>
        )}
        {quote?.CanDecide && (
          <Button variant="contained" disabled={isBusy} onClick={() => void actions.accept(quote)}>
            {t('quotes.accept')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
