import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { PricePreview } from '@cmp/contracts/pricePreview';
import { formatMoney } from '../../platform/money/formatMoney';
import { BelowPurchaseFlag } from '../components/PriceExplanation';
import { pricedByText } from '../utils/ruleDescription';

const amountSx = { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** A signed amount as a change: "+€12.50", "−€3.00". */
function signedMoney(amount: string, currency: string, locale: string): string {
  const isNegative = amount.startsWith('-');
  const magnitude = isNegative ? amount.slice(1) : amount;
  if (/^0*(\.0*)?$/.test(magnitude)) return formatMoney('0', currency, locale);
  return `${isNegative ? '−' : '+'}${formatMoney(magnitude, currency, locale)}`;
}

/**
 * Issue 13 "price-change preview": what a change does before it is saved — the items whose price
 * changes (old and new price, margin, the rule that will price it), the customers it reaches and
 * the monthly revenue and margin delta of their subscriptions.
 */
export function PricePreviewPanel({ preview }: { preview: PricePreview }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const itemsHeadingId = useId();
  const customersHeadingId = useId();
  const money = (amount: string | null) => (amount === null ? '—' : formatMoney(amount, preview.Currency, locale));
  return (
    <Stack spacing={2}>
      <Box role="status">
        <Typography sx={{ fontWeight: 500 }}>{t('pricing_preview.summary_items', { count: preview.ChangedItemsCount, total: preview.ItemsCount })}</Typography>
        <Typography>
          {t('pricing_preview.summary_revenue', { amount: signedMoney(preview.MonthlyRevenueDelta, preview.Currency, locale) })}
          {' · '}
          {t('pricing_preview.summary_margin', { amount: signedMoney(preview.MonthlyMarginDelta, preview.Currency, locale) })}
        </Typography>
      </Box>
      {preview.ChangedItemsCount === 0 ? (
        <Alert severity="info">{t('pricing_preview.no_changes')}</Alert>
      ) : (
        <section aria-labelledby={itemsHeadingId}>
          <Typography id={itemsHeadingId} variant="subtitle1" component="h3">
            {t('pricing_preview.items_title')}
          </Typography>
          {preview.ChangedItemsCount > preview.ChangedItems.length && (
            <Typography variant="body2" color="text.secondary">
              {t('pricing_preview.items_truncated', { shown: preview.ChangedItems.length, count: preview.ChangedItemsCount })}
            </Typography>
          )}
          <TableContainer sx={{ maxHeight: 320 }}>
            <Table size="small" stickyHeader aria-labelledby={itemsHeadingId}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('pricing_preview.column_item')}</TableCell>
                  <TableCell sx={amountSx}>{t('pricing_preview.column_old_price')}</TableCell>
                  <TableCell sx={amountSx}>{t('pricing_preview.column_new_price')}</TableCell>
                  <TableCell sx={amountSx}>{t('pricing_preview.column_margin')}</TableCell>
                  <TableCell>{t('pricing_preview.column_new_rule')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {preview.ChangedItems.map((change) => (
                  <TableRow key={change.PriceableItemId}>
                    <TableCell component="th" scope="row" sx={{ minWidth: 180, overflowWrap: 'anywhere' }}>
                      <Typography variant="body2" sx={{ fontWeight: 500 }}>
                        {change.ServiceDisplayName}
                      </Typography>
                      <Typography variant="caption" color="text.secondary">
                        {change.ItemName} · {t(`pricing.fee_types.${change.FeeType}`)}
                      </Typography>
                    </TableCell>
                    <TableCell sx={amountSx}>{money(change.OldPrice)}</TableCell>
                    <TableCell sx={{ ...amountSx, fontWeight: 500 }}>
                      {money(change.NewPrice)}
                      {change.IsBelowPurchase && (
                        <>
                          <br />
                          <BelowPurchaseFlag />
                        </>
                      )}
                    </TableCell>
                    <TableCell sx={amountSx}>{t('pricing_preview.margin_change', { old: money(change.OldMargin), new: money(change.NewMargin) })}</TableCell>
                    <TableCell sx={{ minWidth: 160 }}>{change.NewRule ? pricedByText(t, locale, change.NewRule, preview.Currency) : t('pricing.problems.no_rule')}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </section>
      )}
      <section aria-labelledby={customersHeadingId}>
        <Typography id={customersHeadingId} variant="subtitle1" component="h3">
          {t('pricing_preview.customers_title')}
        </Typography>
        {preview.Customers.length === 0 ? (
          <Typography variant="body2">{t('pricing_preview.customers_none')}</Typography>
        ) : (
          <TableContainer>
            <Table size="small" aria-labelledby={customersHeadingId}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('pricing_preview.column_customer')}</TableCell>
                  <TableCell sx={amountSx}>{t('pricing_preview.column_subscriptions')}</TableCell>
                  <TableCell sx={amountSx}>{t('pricing_preview.column_revenue_delta')}</TableCell>
                  <TableCell sx={amountSx}>{t('pricing_preview.column_margin_delta')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {preview.Customers.map((customer) => (
                  <TableRow key={customer.AccountId}>
                    <TableCell component="th" scope="row">
                      {customer.DisplayName}
                    </TableCell>
                    <TableCell sx={amountSx}>{customer.Subscriptions}</TableCell>
                    <TableCell sx={amountSx}>{signedMoney(customer.MonthlyRevenueDelta, preview.Currency, locale)}</TableCell>
                    <TableCell sx={amountSx}>{signedMoney(customer.MonthlyMarginDelta, preview.Currency, locale)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </section>
    </Stack>
  );
}
