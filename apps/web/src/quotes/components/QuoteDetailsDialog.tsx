import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { QuoteDetail, QuoteLine } from '@cmp/contracts/salesQuotes';
import { failureText } from '../../platform/api/failureText';
import { formatMoney } from '../../platform/money/formatMoney';
import { FormDialog } from '../../platform/ui/dialog/FormDialog';
import { LoadingIndicator } from '../../platform/ui/LoadingIndicator';
import { DataTable, type DataColumn } from '../../platform/ui/table/DataTable';
import { useQuote } from '../api/quotesApi';
import type { useQuoteActions } from '../hooks/useQuoteActions';
import { amountSx } from '../../platform/money/amountSx';
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
  const query = useQuote(quoteId);
  const quote = query.data;
  const isBusy = actions.busyQuoteId === quoteId;
  const money = (amount: string) => formatMoney(amount, quote?.Currency ?? 'EUR', locale);
  // A quote's lines keep the seller's order, like the lines of the PDF the customer received.
  const lineColumns = (shown: QuoteDetail): DataColumn<QuoteLine>[] => [
    { id: 'service', header: t('quotes.column_service'), isRowHeader: true, cell: (line) => line.DisplayName },
    { id: 'quantity', header: t('quotes.column_quantity'), align: 'right', cellSx: amountSx, cell: (line) => new Intl.NumberFormat(locale).format(line.Quantity) },
    { id: 'term', header: t('quotes.column_term'), cellSx: { whiteSpace: 'nowrap' }, cell: (line) => `${t(`quotes.commitment.${line.Commitment}`)}, ${t(`quotes.billing.${line.BillingFrequency}`)}` },
    { id: 'unitPrice', header: t('quotes.column_unit_price'), align: 'right', cellSx: amountSx, cell: (line) => (line.UnitPrice === null ? '—' : money(line.UnitPrice)) },
    { id: 'listValue', header: t('quotes.column_list_value'), align: 'right', cellSx: amountSx, cell: (line) => money(line.ListValue) },
    {
      id: 'discount',
      header: t('quotes.column_discount'),
      align: 'right',
      cellSx: amountSx,
      cell: (line) => (
        <>
          {t('quotes.percent', { value: line.DiscountPercent })}
          {shown.CanEdit && (
            <Typography variant="caption" color="text.secondary" component="div">
              {t('quotes.max_discount', { value: line.MaxDiscountPercent })}
            </Typography>
          )}
        </>
      ),
    },
    { id: 'value', header: t('quotes.column_value'), align: 'right', cellSx: { ...amountSx, fontWeight: 500 }, cell: (line) => money(line.Value) },
    ...(shown.Status === 'Accepted'
      ? [
          {
            id: 'order',
            header: t('quotes.column_order'),
            cellSx: { whiteSpace: 'nowrap' },
            cell: (line: QuoteLine) => (line.OrderId === null ? '—' : <Link href="#/orders/my-orders">{t('quotes.order_number', { id: line.OrderId })}</Link>),
          },
        ]
      : []),
  ];

  return (
    <FormDialog
      open
      title={quote ? t('quotes.quote_name', { id: quote.QuoteId, name: quote.Name }) : t('quotes.details_title')}
      maxWidth="md"
      onClose={onClose}
      extraActions={
        quote && (
          <>
            {quote.CanDelete && (
              <Button color="error" disabled={isBusy} onClick={() => void actions.remove(quote)}>
                {t('quotes.delete')}
              </Button>
            )}
            {canCopy && (
              <Button disabled={isBusy} onClick={() => void actions.copy(quote)}>
                {t('quotes.copy')}
              </Button>
            )}
            {quote.CanEdit && (
              <Button disabled={isBusy} onClick={() => onEdit(quote)}>
                {t('quotes.edit')}
              </Button>
            )}
            {quote.CanDecide && (
              <Button disabled={isBusy} onClick={() => void actions.reject(quote)}>
                {t('quotes.reject')}
              </Button>
            )}
          </>
        )
      }
      actions={
        <>
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
        </>
      }
    >
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
          <DataTable tableId="quote-lines" rows={quote.Lines} columns={lineColumns(quote)} rowKey={(line) => quote.Lines.indexOf(line)} label={t('quotes.lines_title')} pageSizes={false} empty={null} />
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
    </FormDialog>
  );
}
