import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { MAX_ORDER_QUANTITY } from '@cmp/contracts/orders';
import type { ChangeSubscriptionQuantityResponse, Subscription } from '@cmp/contracts/subscriptions';
import { failureText } from '../../platform/api/failureText';
import { formatDateTime } from '../../platform/dates/formatDateTime';
import { formatMoney } from '../../platform/money/formatMoney';
import { FormDialog } from '../../platform/ui/dialog/FormDialog';
import { useDebouncedValue } from '../../platform/ui/useDebouncedValue';
import { changeQuantity, previewQuantityChange } from '../api/subscriptionsApi';
import { ChangeCreditAlert } from './ChangeCreditAlert';

interface Props {
  subscription: Subscription;
  onClose: () => void;
  onChanged: (answer: ChangeSubscriptionQuantityResponse) => void;
}

/**
 * The quantity change (issue 14 "Changes"): the new quantity; the server's preview says whether it
 * applies now (with the prorated charge or refund) or is scheduled for the renewal, and which
 * scheduled changes an immediate change would drop, and whether an increase is over the company's
 * credit limit and so waits for approval — shown before the user confirms.
 */
export function ChangeQuantityDialog({ subscription, onClose, onChanged }: Props) {
  const { t, i18n } = useTranslation();
  const [text, setText] = useState(String(subscription.Quantity));
  const [schedule, setSchedule] = useState(false);
  const [preview, setPreview] = useState<ChangeSubscriptionQuantityResponse>();
  const [serverError, setServerError] = useState<string>();
  const [isSaving, setIsSaving] = useState(false);
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const quantity = Number(text.trim());
  const validation = !/^\d+$/.test(text.trim()) || quantity < 1 || quantity > MAX_ORDER_QUANTITY
    ? t('subscriptions.quantity_invalid', { max: MAX_ORDER_QUANTITY })
    : quantity === subscription.Quantity
      ? t('subscriptions.quantity_unchanged')
      : undefined;
  const debounced = useDebouncedValue(validation ? undefined : quantity);

  useEffect(() => {
    setPreview(undefined);
    if (debounced === undefined || debounced !== quantity) return;
    const controller = new AbortController();
    previewQuantityChange(subscription.AccountId, debounced, schedule, controller.signal)
      .then((answer) => {
        setPreview(answer);
        setServerError(undefined);
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setServerError(failureText(error));
      });
    return () => controller.abort();
  }, [debounced, quantity, schedule, subscription.AccountId, t]);

  const locale = i18n.language;
  const amount = (value: string | null) => (value !== null && preview?.Currency ? formatMoney(value, preview.Currency, locale) : null);
  const renewal = subscription.MinimumContractEndDate ? formatDateTime(subscription.MinimumContractEndDate, locale) : t('subscriptions.not_set');

  const submit = async () => {
    if (validation || !preview) return;
    setIsSaving(true);
    try {
      onChanged(await changeQuantity(subscription.AccountId, quantity, schedule, idempotencyKey));
    } catch (error) {
      setServerError(failureText(error));
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <FormDialog
      open
      title={t('subscriptions.change_quantity_title')}
      serverError={serverError}
      isBusy={isSaving}
      isSubmitDisabled={Boolean(validation) || !preview}
      submitLabel={preview?.Outcome === 'Scheduled' ? t('subscriptions.schedule_change') : preview?.Outcome === 'PendingApproval' ? t('change_requests.request_approval') : t('subscriptions.apply_change')}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          label={t('subscriptions.new_quantity')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          error={Boolean(validation)}
          helperText={validation ?? t('subscriptions.current_quantity', { quantity: subscription.Quantity })}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          autoFocus
        />
        <FormControlLabel control={<Checkbox checked={schedule} onChange={(event) => setSchedule(event.target.checked)} />} label={t('subscriptions.schedule_for_renewal')} />
        {/* Held for approval, nothing applies now: the credit check below says what happens. */}
        {preview && !validation && preview.Outcome !== 'PendingApproval' && (
          <Alert severity={preview.Outcome === 'Scheduled' ? 'warning' : 'info'} role="status">
            {preview.Outcome !== 'Scheduled'
              ? preview.Direction === 'Increase'
                ? t('subscriptions.applies_now_charge', { amount: amount(preview.ProratedAmount) ?? '—', days: preview.RemainingDays, termDays: preview.TermDays })
                : t('subscriptions.applies_now_refund', { amount: amount(preview.ProratedAmount) ?? '—', days: preview.RemainingDays, termDays: preview.TermDays })
              : schedule
                ? t('subscriptions.scheduled_on_request', { date: renewal })
                : t('subscriptions.scheduled_outside_window', { date: renewal, refundable: preview.RefundableQuantity })}
          </Alert>
        )}
        {preview && !validation && <ChangeCreditAlert check={preview.CreditCheck} isPreview />}
        {preview && !validation && preview.Outcome !== 'Scheduled' && preview.DroppedScheduledChanges.length > 0 && (
          <Alert severity="warning">
            {t('subscriptions.drops_scheduled', {
              changes: preview.DroppedScheduledChanges.map((change) => t(`subscriptions.change_kind.${change.Kind}`, { value: change.Value })).join(', '),
            })}
          </Alert>
        )}
      </Stack>
    </FormDialog>
  );
}
