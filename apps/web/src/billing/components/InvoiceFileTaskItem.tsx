import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { InvoiceFileTask } from '@cmp/contracts/billing';
import { visuallyHidden } from '../../platform/ui/visuallyHidden';
import { isInvoiceFileTaskActive } from '../api/billingOperations';
import { formatInterval, formatIssuedAt } from '../utils/billingFormat';

/** One requested ZIP of a month's invoices: its state, its progress while prepared, the download once ready. */
export function InvoiceFileTaskItem({ task }: { task: InvoiceFileTask }) {
  const { t, i18n } = useTranslation();
  const month = formatInterval(task.IntervalId, i18n.language);
  const isActive = isInvoiceFileTaskActive(task);
  const percent = task.InvoicesTotal > 0 ? Math.round((task.InvoicesDone / task.InvoicesTotal) * 100) : 0;
  const canDownload = task.Status === 'Completed' && task.DownloadUrl;

  return (
    <Box component="li" sx={{ py: 1.5, borderTop: 1, borderColor: 'divider' }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <div>
          <Typography sx={{ fontWeight: 500 }}>{month}</Typography>
          <Typography variant="body2" color="text.secondary">
            {t('billing.invoice_files.requested_at', { time: formatIssuedAt(task.RequestedAt, i18n.language) })}
          </Typography>
          {/* The state is a polite live region: a screen reader hears when it moves on, and of which month (WCAG 4.1.3). */}
          <Typography variant="body2" role="status" color={task.Status === 'Failed' ? 'error' : undefined}>
            <Box component="span" sx={visuallyHidden}>{`${month}: `}</Box>
            {t(task.Status === 'Completed' && !task.MailFailed ? 'billing.invoice_files.status.Mailed' : `billing.invoice_files.status.${task.Status}`)}
          </Typography>
        </div>
        {canDownload && (
          <Button variant="outlined" component="a" href={task.DownloadUrl!} download aria-label={t('billing.invoice_files.download_label', { month })} sx={{ flexShrink: 0 }}>
            {t('billing.invoice_files.download')}
          </Button>
        )}
      </Stack>
      {isActive && (
        <Box sx={{ mt: 1 }}>
          <LinearProgress variant={task.InvoicesTotal > 0 ? 'determinate' : 'indeterminate'} value={percent} aria-label={t('billing.invoice_files.progress_label', { month })} />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {task.InvoicesTotal > 0 && `${t('billing.invoice_files.progress', { done: task.InvoicesDone, total: task.InvoicesTotal })} `}
            {t('billing.invoice_files.eta', { minutes: task.EtaMinutes })}
          </Typography>
        </Box>
      )}
      {task.MailFailed && (
        // Polite as well: the files are there, nothing is lost.
        <Alert severity="warning" role="status" sx={{ mt: 1 }}>
          {t('billing.invoice_files.mail_failed')}
        </Alert>
      )}
    </Box>
  );
}
