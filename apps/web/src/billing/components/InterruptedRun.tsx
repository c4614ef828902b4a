import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Typography from '@mui/material/Typography';
import type { BillingRun } from '@cmp/contracts/billing';
import { formatDateTime } from '../../platform/dates/formatDateTime';

/**
 * A run whose job died (a node killed; issue 30): instead of a progress bar that no longer moves, it
 * says so and that it resumes by itself — the server sends its job again and bills only what is left.
 * A polite status (WCAG 4.1.3), as the progress it replaces.
 */
export function InterruptedRun({ run, month }: { run: BillingRun; month: string }) {
  const { t, i18n } = useTranslation();
  return (
    <Alert severity="warning" role="status" sx={{ mt: 2 }}>
      <AlertTitle>{t('billing_runs.interrupted')}</AlertTitle>
      {t('billing_runs.interrupted_detail', {
        month,
        time: run.InterruptedAt ? formatDateTime(run.InterruptedAt, i18n.language) : '—',
        done: run.PayersDone,
        total: run.PayersTotal,
      })}
    </Alert>
  );
}

/** The run list's status cell of an Interrupted run: the state and when it was found. */
export function InterruptedStatus({ run }: { run: BillingRun }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      {t('billing_runs.interrupted')}
      {run.InterruptedAt && (
        <Typography variant="body2" color="text.secondary">
          {t('billing_runs.interrupted_at', { time: formatDateTime(run.InterruptedAt, i18n.language) })}
        </Typography>
      )}
    </>
  );
}
