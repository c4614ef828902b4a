import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { BillingRun } from '@cmp/contracts/billing';
import { failureText } from '../../platform/api/failureText';
import { useIntervals } from '../api/billingOperations';
import { useBillingRun } from '../hooks/useBillingRun';
import { formatInterval } from '../utils/billingFormat';
import { InterruptedRun } from './InterruptedRun';
import { RunBillingDialog } from './RunBillingDialog';

/**
 * "Run billing" for those with BILLING_RUN Execute (the screen decides): bills a closed month of
 * this account's payers after confirmation, then follows the run until it ends.
 */
export function RunBillingCard({ accountId, accountName }: { accountId: number; accountName: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const intervals = useIntervals(accountId);
  const { run, isRunning, pollError, start } = useBillingRun(accountId);
  const [isDialogOpen, setIsDialogOpen] = useState(false);

  const startRun = async (intervalId: string | undefined, idempotencyKey: string) => {
    await start(intervalId, idempotencyKey);
    setIsDialogOpen(false);
  };

  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: 3, mb: 3 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}>
        <div>
          <Typography id={headingId} variant="h6" component="h2">
            {t('billing.run.title')}
          </Typography>
          <Typography color="text.secondary">{t('billing.run.intro')}</Typography>
        </div>
        <Button variant="contained" onClick={() => setIsDialogOpen(true)} disabled={isRunning} sx={{ flexShrink: 0 }}>
          {t('billing.run.button')}
        </Button>
      </Stack>
      {run && <RunStatus run={run} />}
      {pollError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {failureText(pollError)}
        </Alert>
      )}
      {isDialogOpen && <RunBillingDialog accountName={accountName} intervals={intervals} onRun={startRun} onClose={() => setIsDialogOpen(false)} />}
    </Paper>
  );
}

function RunStatus({ run }: { run: BillingRun }) {
  const { t, i18n } = useTranslation();
  const month = formatInterval(run.IntervalId, i18n.language);
  // How the run ended is an alert (read at once); its progress a polite status (WCAG 4.1.3).
  if (run.Status === 'Completed')
    return (
      <Alert severity="success" sx={{ mt: 2 }}>
        {t('billing.run.completed', { month, invoices: run.InvoicesCreated })}
      </Alert>
    );
  if (run.Status === 'Failed')
    return (
      <Alert severity="error" sx={{ mt: 2 }}>
        {run.Error ? t('billing.run.failed_reason', { month, error: run.Error }) : t('billing.run.failed', { month })}
      </Alert>
    );
  if (run.Status === 'Interrupted') return <InterruptedRun run={run} month={month} />;
  const percent = run.PayersTotal > 0 ? Math.round((run.PayersDone / run.PayersTotal) * 100) : 0;
  return (
    <Box sx={{ mt: 2 }}>
      <Typography role="status">{t('billing.run.running', { month, done: run.PayersDone, total: run.PayersTotal })}</Typography>
      <LinearProgress variant={run.PayersTotal > 0 ? 'determinate' : 'indeterminate'} value={percent} aria-label={t('billing.run.progress_label', { month })} sx={{ mt: 1 }} />
    </Box>
  );
}
