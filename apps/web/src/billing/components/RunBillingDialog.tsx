import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { BillingInterval } from '@cmp/contracts/billing';
import { failureText } from '../../platform/api/failureText';
import { LoadingIndicator } from '../../platform/ui/LoadingIndicator';
import { FormDialog } from '../../platform/ui/dialog/FormDialog';
import { newIdempotencyKey } from '../../platform/api/idempotencyKey';
import { defaultInterval } from '../utils/billingFormat';
import { IntervalSelect } from './IntervalSelect';

interface RunBillingDialogProps {
  accountName: string;
  /** GetIntervals of the account: only closed months can be billed. */
  intervals: { data?: { Intervals: BillingInterval[] }; isPending: boolean; isError: boolean };
  /** Starts the run with this dialog's Idempotency-Key; rejects with the server's refusal, shown here. */
  onRun: (intervalId: string | undefined, idempotencyKey: string) => Promise<void>;
  onClose: () => void;
}

/**
 * The confirmation before billing a month. Mounted per opening, so its Idempotency-Key is one per
 * opening: a double click or a retry of a request whose answer was lost starts one run.
 */
export function RunBillingDialog({ accountName, intervals, onRun, onClose }: RunBillingDialogProps) {
  const { t } = useTranslation();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const closed = intervals.data?.Intervals.filter((interval) => interval.IsClosed) ?? [];
  const [chosen, setChosen] = useState<string>();
  const intervalId = chosen ?? defaultInterval(closed);
  const [error, setError] = useState<string>();
  const [isRunning, setIsRunning] = useState(false);
  // Without a month to choose (the list failed to load, or none has closed), the request names
  // none and the server bills the last closed month.
  const canRun = !intervals.isPending;

  const run = async () => {
    if (!canRun || isRunning) return;
    setError(undefined);
    setIsRunning(true);
    try {
      await onRun(intervalId, idempotencyKey);
    } catch (failure) {
      setError(failureText(failure));
      setIsRunning(false);
    }
  };

  return (
    <FormDialog open title={t('billing.run.dialog_title')} serverError={error} isBusy={isRunning} submitLabel={t('billing.run.confirm')} onSubmit={() => void run()} onClose={onClose}>
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Typography>{t('billing.run.dialog_text', { name: accountName })}</Typography>
        {intervals.isPending && <LoadingIndicator />}
        {intervals.isError && <Alert severity="warning">{`${t('billing.errors.intervals')} ${t('billing.run.last_closed')}`}</Alert>}
        {intervals.data && closed.length === 0 && <Alert severity="info" role="note">{t('billing.run.no_closed')}</Alert>}
        {intervalId && closed.length > 0 && <IntervalSelect id="run-billing-interval" intervals={closed} value={intervalId} onChange={setChosen} label={t('billing.run.interval')} />}
        {/* Static information, not an alert: screen readers read it with the dialog, without interrupting. */}
        <Alert severity="info" role="note">
          {t('billing.run.final_note')}
        </Alert>
      </Stack>
    </FormDialog>
  );
}
