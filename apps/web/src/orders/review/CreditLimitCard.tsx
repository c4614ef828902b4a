import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mdiPencilOutline } from '@mdi/js';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { creditAmountSchema } from '@cmp/contracts/orders';
import { ApiError } from '../../platform/api/ApiError';
import { failureText } from '../../platform/api/failureText';
import { showMessage } from '../../platform/messages/messageStore';
import { formatDecimal, formatMoney } from '../../platform/money/formatMoney';
import { LoadingIndicator } from '../../platform/ui/LoadingIndicator';
import { MdiIcon } from '../../platform/ui/MdiIcon';
import { FormDialog } from '../../platform/ui/dialog/FormDialog';
import { creditLimitQueryKey, ordersQueryKey, setCreditLimit, useCreditLimit, type CreditLimitStatus } from '../api/ordersApi';

/**
 * The credit limit of a company (issue 14 "Credit check"), on its billing tab: the limit its
 * reseller set, the currency, the open balance; an order whose projected invoice would exceed the
 * limit waits for an Account Manager. The company's seller (CanEdit) changes or removes it here.
 */
export function CreditLimitCard({ companyAccountId }: { companyAccountId: number }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const query = useCreditLimit(companyAccountId);
  const [isEditing, setIsEditing] = useState(false);
  const data = query.data;
  // Whoever may not see the credit status does not get a card to say so: the billing tab has more.
  if (query.isError && query.error instanceof ApiError && query.error.status === 403) return null;
  const locale = i18n.language;
  const amount = (value: string) => (data?.Currency ? formatMoney(value, data.Currency, locale) : formatDecimal(value, locale, 2));
  const currencyName = data?.Currency ? new Intl.DisplayNames([locale], { type: 'currency', fallback: 'code' }).of(data.Currency) : undefined;

  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: 3, mb: 3 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' }, mb: 2 }}>
        <div>
          <Typography id={headingId} variant="h6" component="h2">
            {t('orders.credit_limit_title')}
          </Typography>
          <Typography color="text.secondary">{t('orders.credit_limit_intro')}</Typography>
        </div>
        {data?.CanEdit && (
          <Button variant="outlined" startIcon={<MdiIcon path={mdiPencilOutline} />} onClick={() => setIsEditing(true)} sx={{ flexShrink: 0 }}>
            {t('orders.edit_credit_limit')}
          </Button>
        )}
      </Stack>
      {query.isPending && <LoadingIndicator />}
      {query.isError && <Alert severity="error">{failureText(query.error)}</Alert>}
      {data && (
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' }, gap: 2, m: 0 }}>
          <Fact label={t('orders.credit_limit')} value={data.CreditLimit === null ? t('orders.no_limit') : amount(data.CreditLimit)} note={data.CreditLimit === null ? t('orders.no_limit_note') : undefined} />
          <Fact label={t('orders.open_balance')} value={amount(data.OpenBalance)} />
          <Fact label={t('orders.currency')} value={data.Currency ? `${data.Currency}${currencyName && currencyName !== data.Currency ? ` (${currencyName})` : ''}` : t('orders.no_currency')} />
        </Box>
      )}
      {isEditing && data && <CreditLimitDialog status={data} onClose={() => setIsEditing(false)} />}
    </Paper>
  );
}

function Fact({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="h6" sx={{ m: 0, fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Typography>
      {note && (
        <Typography component="dd" variant="caption" color="text.secondary" sx={{ m: 0 }}>
          {note}
        </Typography>
      )}
    </div>
  );
}

/** Changes the limit: an amount such as 5000 or 5000.00 in the company's currency; empty removes it. */
function CreditLimitDialog({ status, onClose }: { status: CreditLimitStatus; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [value, setValue] = useState(status.CreditLimit ?? '');
  const [problem, setProblem] = useState<string>();
  const [serverError, setServerError] = useState<string>();
  const [isSaving, setIsSaving] = useState(false);

  const save = async () => {
    const trimmed = value.trim();
    if (trimmed && !creditAmountSchema.safeParse(trimmed).success) return setProblem(t('orders.credit_limit_invalid'));
    setProblem(undefined);
    setServerError(undefined);
    setIsSaving(true);
    try {
      const saved = await setCreditLimit(status.CompanyAccountId, trimmed || null);
      queryClient.setQueryData<CreditLimitStatus>(creditLimitQueryKey(status.CompanyAccountId), (current) => (current ? { ...current, ...saved } : current));
      await Promise.all([queryClient.invalidateQueries({ queryKey: creditLimitQueryKey(status.CompanyAccountId) }), queryClient.invalidateQueries({ queryKey: ordersQueryKey })]);
      showMessage({ type: 'success', text: saved.CreditLimit === null ? t('orders.credit_limit_removed') : t('orders.credit_limit_saved') });
      onClose();
    } catch (failure) {
      setServerError(failureText(failure));
      setIsSaving(false);
    }
  };

  return (
    <FormDialog open title={t('orders.edit_credit_limit_title')} serverError={serverError} isBusy={isSaving} submitLabel={t('orders.save')} onSubmit={() => void save()} onClose={onClose}>
      <Box sx={{ pt: 1 }}>
        <TextField
          id="credit-limit-amount"
          label={status.Currency ? t('orders.credit_limit_field_currency', { currency: status.Currency }) : t('orders.credit_limit')}
          value={value}
          autoFocus
          fullWidth
          onChange={(event) => setValue(event.target.value)}
          error={Boolean(problem)}
          helperText={problem ?? t('orders.credit_limit_help')}
          slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
        />
      </Box>
    </FormDialog>
  );
}
