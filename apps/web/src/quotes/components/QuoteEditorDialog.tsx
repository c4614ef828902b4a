import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mdiDeleteOutline, mdiPlus } from '@mdi/js';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { BILLING_FREQUENCIES_BY_COMMITMENT, type BillingFrequency, type Commitment } from '@cmp/contracts/orders';
import { QUOTE_DEFAULT_VALIDITY_DAYS, type QuoteDetail } from '@cmp/contracts/salesQuotes';
import { failureText } from '../../platform/api/failureText';
import { formatMoney } from '../../platform/money/formatMoney';
import { FormDialog } from '../../platform/ui/dialog/FormDialog';
import { LoadingIndicator } from '../../platform/ui/LoadingIndicator';
import { MdiIcon } from '../../platform/ui/MdiIcon';
import { RowActionButton } from '../../platform/ui/table/RowActionButton';
import type { FormValues } from '../../platform/forms/fieldRules';
import { saveQuote, useCustomerCompanies, useCustomerServices } from '../api/quotesApi';
import { formValuesOf, viewValuesOf } from '../utils/quoteLineFields';
import { QuoteLineFields } from './QuoteLineFields';

interface LineDraft {
  ProductName: string;
  Quantity: string;
  Commitment: Commitment;
  BillingFrequency: BillingFrequency;
  DiscountPercent: string;
  /** The product's order fields as the editors hold them, by "<View>.<Field>" (issue 30). */
  ViewValues: FormValues;
}

const EMPTY_LINE: LineDraft = { ProductName: '', Quantity: '1', Commitment: '1-month', BillingFrequency: 'Monthly', DiscountPercent: '0', ViewValues: {} };
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

interface QuoteEditorDialogProps {
  /** The caller's company: its customer companies are offered. */
  sellerAccountId: number | undefined;
  /** A draft to change; absent: a new quote. */
  quote?: QuoteDetail;
  onClose: () => void;
  onSaved: (quote: QuoteDetail) => void;
}

/**
 * The quote editor (issue 17): the customer, the services of the customer's pricelist with their
 * price, quantity, term, billing frequency and discount per line with the service's order fields
 * (optional: the customer fills in what is left when accepting), the validity date and the terms.
 * The server prices every line when saving (the price quoted is the price billed) and refuses a
 * discount beyond the reseller's margin; its answer is shown here.
 */
export function QuoteEditorDialog({ sellerAccountId, quote, onClose, onSaved }: QuoteEditorDialogProps) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const [customerId, setCustomerId] = useState<number | undefined>(quote?.CustomerAccountId);
  const [name, setName] = useState(quote?.Name ?? '');
  const [validUntil, setValidUntil] = useState(quote?.ValidUntil ?? inDays(QUOTE_DEFAULT_VALIDITY_DAYS));
  const [terms, setTerms] = useState(quote?.Terms ?? '');
  const [lines, setLines] = useState<LineDraft[]>(
    quote?.Lines.map((line) => ({
      ProductName: line.ProductName,
      Quantity: String(line.Quantity),
      Commitment: line.Commitment,
      BillingFrequency: line.BillingFrequency,
      DiscountPercent: line.DiscountPercent,
      ViewValues: formValuesOf(line.ProductName, line.ViewValues),
    })) ?? [{ ...EMPTY_LINE }],
  );
  const [error, setError] = useState<string>();
  const [isSaving, setSaving] = useState(false);
  const customers = useCustomerCompanies(sellerAccountId, true);
  const services = useCustomerServices(customerId);
  const offered = services.data?.Services ?? [];
  const currency = services.data?.Currency ?? quote?.Currency ?? '';

  const setLine = (index: number, change: Partial<LineDraft>) => setLines((all) => all.map((line, i) => (i === index ? { ...line, ...change } : line)));
  const chooseService = (index: number, productName: string) => {
    const service = offered.find((each) => each.ProductName === productName);
    const commitment = service?.Commitments[0] ?? '1-month';
    setLine(index, { ProductName: productName, Commitment: commitment, BillingFrequency: BILLING_FREQUENCIES_BY_COMMITMENT[commitment][0]!, ViewValues: {} });
  };
  const isComplete = customerId !== undefined && name.trim() !== '' && validUntil !== '' && lines.length > 0 && lines.every((line) => line.ProductName && Number(line.Quantity) >= 1);

  const save = async () => {
    if (customerId === undefined) return;
    setSaving(true);
    setError(undefined);
    try {
      const saved = await saveQuote({
        quote: { ...(quote ? { QuoteId: quote.QuoteId } : {}), AccountId: customerId, Name: name.trim(), ValidUntil: validUntil, Terms: terms },
        productList: lines.map((line) => {
          const viewValues = viewValuesOf(line.ProductName, line.ViewValues);
          return {
            ProductName: line.ProductName,
            Quantity: Number(line.Quantity),
            Commitment: line.Commitment,
            BillingFrequency: line.BillingFrequency,
            DiscountPercent: line.DiscountPercent.trim() || '0',
            ...(Object.keys(viewValues).length ? { ViewValues: viewValues } : {}),
          };
        }),
        ...(currency ? { currency } : {}),
      });
      onSaved(saved);
    } catch (failure) {
      setError(failureText(failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormDialog
      open
      title={quote ? t('quotes.editor_title_edit', { name: quote.Name }) : t('quotes.editor_title_new')}
      titleId={titleId}
      maxWidth="md"
      serverError={error}
      isBusy={isSaving}
      isSubmitDisabled={!isComplete}
      submitLabel={t('quotes.save_draft')}
      dismissLabel={t('quotes.cancel')}
      onSubmit={() => void save()}
      onClose={onClose}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          select
          required
          label={t('quotes.field_customer')}
          value={customerId ?? ''}
          onChange={(event) => {
            setCustomerId(Number(event.target.value));
            setLines([{ ...EMPTY_LINE }]);
          }}
          helperText={customers.isError ? failureText(customers.error) : t('quotes.field_customer_help')}
          error={customers.isError}
        >
          {(customers.data ?? []).map((customer) => (
            <MenuItem key={customer.AccountId} value={customer.AccountId}>
              {customer.DisplayName}
            </MenuItem>
          ))}
          {quote && !(customers.data ?? []).some((each) => each.AccountId === quote.CustomerAccountId) && <MenuItem value={quote.CustomerAccountId}>{quote.CustomerName}</MenuItem>}
        </TextField>
        <TextField required label={t('quotes.field_name')} value={name} onChange={(event) => setName(event.target.value)} slotProps={{ htmlInput: { maxLength: 100 } }} />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField required type="date" label={t('quotes.field_valid_until')} value={validUntil} onChange={(event) => setValidUntil(event.target.value)} slotProps={{ inputLabel: { shrink: true } }} sx={{ minWidth: 200 }} />
          <TextField label={t('quotes.field_currency')} value={currency} slotProps={{ input: { readOnly: true } }} helperText={t('quotes.field_currency_help')} sx={{ minWidth: 200 }} />
        </Stack>
        <Typography variant="subtitle1" component="h3">
          {t('quotes.lines_title')}
        </Typography>
        {customerId === undefined && <Typography color="text.secondary">{t('quotes.choose_customer_first')}</Typography>}
        {customerId !== undefined && services.isPending && <LoadingIndicator />}
        {services.isError && <Alert severity="error">{failureText(services.error)}</Alert>}
        {customerId !== undefined &&
          services.data &&
          lines.map((line, index) => {
            const service = offered.find((each) => each.ProductName === line.ProductName);
            const number = index + 1;
            return (
              <Paper key={index} variant="outlined" sx={{ p: 2 }} role="group" aria-label={t('quotes.line_label', { number })}>
                <Stack direction={{ xs: 'column', md: 'row' }} useFlexGap spacing={2} sx={{ alignItems: { md: 'flex-start' }, flexWrap: 'wrap' }}>
                  <TextField
                    select
                    required
                    label={t('quotes.field_service', { number })}
                    value={line.ProductName}
                    onChange={(event) => chooseService(index, event.target.value)}
                    sx={{ flexBasis: '100%' }}
                    helperText={service?.Price ? t('quotes.price_per_unit', { price: formatMoney(service.Price, currency, i18n.language), unit: service.PriceUnit ?? '' }) : ' '}
                  >
                    {offered.map((each) => (
                      <MenuItem key={each.ProductName} value={each.ProductName} disabled={each.Price === null}>
                        {each.Price === null ? each.DisplayName : `${each.DisplayName} — ${formatMoney(each.Price, currency, i18n.language)}`}
                      </MenuItem>
                    ))}
                  </TextField>
                  <TextField
                    required
                    type="number"
                    label={t('quotes.field_quantity', { number })}
                    value={line.Quantity}
                    onChange={(event) => setLine(index, { Quantity: event.target.value })}
                    slotProps={{ htmlInput: { min: 1, step: 1 } }}
                    sx={{ width: { md: 170 } }}
                  />
                  <TextField
                    select
                    label={t('quotes.field_commitment', { number })}
                    value={line.Commitment}
                    onChange={(event) => {
                      const commitment = event.target.value as Commitment;
                      setLine(index, { Commitment: commitment, BillingFrequency: BILLING_FREQUENCIES_BY_COMMITMENT[commitment][0]! });
                    }}
                    sx={{ width: { md: 170 } }}
                  >
                    {(service?.Commitments ?? [line.Commitment]).map((each) => (
                      <MenuItem key={each} value={each}>
                        {t(`quotes.commitment.${each}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                  <TextField select label={t('quotes.field_billing', { number })} value={line.BillingFrequency} onChange={(event) => setLine(index, { BillingFrequency: event.target.value as BillingFrequency })} sx={{ width: { md: 170 } }}>
                    {BILLING_FREQUENCIES_BY_COMMITMENT[line.Commitment].map((each) => (
                      <MenuItem key={each} value={each}>
                        {t(`quotes.billing.${each}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                  <TextField
                    label={t('quotes.field_discount', { number })}
                    value={line.DiscountPercent}
                    onChange={(event) => setLine(index, { DiscountPercent: event.target.value })}
                    slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                    helperText={t('quotes.field_discount_help')}
                    sx={{ width: { md: 170 } }}
                  />
                  <RowActionButton label={t('quotes.remove_line', { number })} icon={mdiDeleteOutline} onClick={() => setLines((all) => all.filter((_, i) => i !== index))} />
                  <QuoteLineFields productName={line.ProductName} values={line.ViewValues} onChange={(key, value) => setLine(index, { ViewValues: { ...line.ViewValues, [key]: value } })} idPrefix={`${titleId}-line-${index}-`} />
                </Stack>
              </Paper>
            );
          })}
        {customerId !== undefined && services.data && (
          <Button startIcon={<MdiIcon path={mdiPlus} />} onClick={() => setLines((all) => [...all, { ...EMPTY_LINE }])} sx={{ alignSelf: 'flex-start' }}>
            {t('quotes.add_line')}
          </Button>
        )}
        <TextField label={t('quotes.field_terms')} value={terms} onChange={(event) => setTerms(event.target.value)} multiline minRows={3} slotProps={{ htmlInput: { maxLength: 4000 } }} />
        <Typography variant="body2" color="text.secondary">
          {t('quotes.priced_on_save')}
        </Typography>
      </Stack>
    </FormDialog>
  );
}
