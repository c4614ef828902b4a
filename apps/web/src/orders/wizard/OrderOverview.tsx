import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { OrderPreview } from '@cmp/contracts/orders';
import { formatMoney } from '../../platform/money/formatMoney';
import { DataTable, type DataColumn } from '../../platform/ui/table/DataTable';
import { priceReason } from '../../platform/money/priceText';
import { DefinitionList } from '../../platform/ui/DefinitionList';
import { formatDate } from '../../platform/dates/formatDate';

type PreviewLine = OrderPreview['Lines'][number];

const amountSx = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/**
 * The overview of PreviewOrder (issue 14): every priced line with the rule that priced it, the setup
 * fee, the recurring charge per billing period, the order value, and the credit check's figures —
 * and, when the projected invoice exceeds the credit limit, that the order waits for approval.
 */
export function OrderOverview({ preview, servicePeriod, viewEntries = [] }: { preview: OrderPreview; servicePeriod: 'Monthly' | 'Annual'; viewEntries?: [string, string][] }) {
  const { t, i18n } = useTranslation();
  const linesId = useId();
  const locale = i18n.language;
  const money = (amount: string) => formatMoney(amount, preview.Currency, locale);
  const frequency = t(`order_wizard.frequencies.${preview.BillingFrequency}`);
  // A recurring unit price is per billing period of the service (orders contract), the amount per billing frequency.
  const unitPriceText = (line: PreviewLine) => {
    const price = money(line.UnitPrice);
    if (line.FeeType !== 'Recurring') return line.Unit ? t('order_wizard.line_per_unit', { price, unit: line.Unit }) : price;
    const period = t(`marketplace.periods.${servicePeriod}`);
    return line.Unit ? t('order_wizard.line_per_unit_period', { price, unit: line.Unit, period }) : t('order_wizard.line_per_period', { price, period });
  };
  const facts: [string, string][] = [
    [t('order_wizard.overview_account'), preview.ParentAccountName === preview.CompanyName ? preview.CompanyName : `${preview.ParentAccountName} · ${preview.CompanyName}`],
    [t('order_wizard.overview_service'), preview.DisplayName],
    [t('order_wizard.quantity'), new Intl.NumberFormat(locale).format(preview.Quantity)],
    [t('order_wizard.commitment'), t(`order_wizard.commitments.${preview.Commitment}`)],
    [t('order_wizard.billing_frequency'), frequency],
    ...(preview.IsPrepaid ? [[t('order_wizard.prepaid'), t('order_wizard.yes')] as [string, string]] : []),
    // The product's view fields as entered (label: value).
    ...viewEntries,
    [t('order_wizard.overview_term_end'), formatDate(preview.TermEndDate, locale)],
  ];
  const figures: [string, string, boolean?][] = [
    [t('order_wizard.overview_setup_fee'), money(preview.SetupFee)],
    [t('order_wizard.overview_recurring', { frequency }), money(preview.RecurringCharge)],
    [t('order_wizard.overview_order_value'), money(preview.OrderValue), true],
    [t('order_wizard.overview_open_balance'), money(preview.OpenBalance)],
    [t('order_wizard.overview_credit_limit'), preview.CreditLimit === null ? t('order_wizard.overview_no_credit_limit') : money(preview.CreditLimit)],
    [t('order_wizard.overview_projected_invoice'), money(preview.ProjectedInvoice), true],
  ];

  const lineColumns: DataColumn<PreviewLine>[] = [
    {
      id: 'item',
      header: t('order_wizard.line_item'),
      isRowHeader: true,
      cellSx: { minWidth: 160 },
      cell: (line) => (
        <>
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {line.Name}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {t(`order_wizard.fee_types.${line.FeeType}`, { frequency })}
          </Typography>
        </>
      ),
    },
    { id: 'unitPrice', header: t('order_wizard.line_unit_price'), cell: unitPriceText, align: 'right', cellSx: amountSx },
    { id: 'quantity', header: t('order_wizard.quantity'), cell: (line) => new Intl.NumberFormat(locale).format(line.Quantity), align: 'right', cellSx: amountSx },
    { id: 'amount', header: t('order_wizard.line_amount'), cell: (line) => (line.FeeType === 'Usage' ? t('order_wizard.line_billed_by_use') : money(line.Amount)), align: 'right', cellSx: { ...amountSx, fontWeight: 500 } },
    {
      id: 'pricedBy',
      header: t('order_wizard.line_priced_by'),
      cellSx: { minWidth: 200 },
      cell: (line) => (
        <Typography variant="body2" color="text.secondary">
          {priceReason(t, locale, { Rule: line.Rule, Basis: line.Basis, Problem: null }, preview.Currency)}
        </Typography>
      ),
    },
  ];

  return (
    <Box>
      {preview.NeedsApproval && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          <strong>{t('order_wizard.approval_title')}</strong> {t('order_wizard.approval_notice', { limit: preview.CreditLimit === null ? '' : money(preview.CreditLimit), projected: money(preview.ProjectedInvoice) })}
        </Alert>
      )}
      <DefinitionList items={facts} />
      <Typography id={linesId} variant="subtitle1" component="h3" sx={{ fontWeight: 600, mt: 3, mb: 1 }}>
        {t('order_wizard.overview_lines')}
      </Typography>
      {/* A preview prices at least one line: the table is never empty. */}
      <DataTable tableId="order-preview-lines" rows={preview.Lines} columns={lineColumns} rowKey={(line) => line.PriceableItemId} labelledBy={linesId} pageSizes={false} empty={null} sx={{ '& td, & th': { px: 1 } }} />
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mt: 3, mb: 1 }}>
        {t('order_wizard.overview_totals')}
      </Typography>
      <DefinitionList items={figures} alignRight />
    </Box>
  );
}
