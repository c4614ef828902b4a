import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { InvoiceFileTask } from '@cmp/contracts/billing';
import { failureText } from '../../platform/api/failureText';
import { invoiceFileTasksQueryKey, useInvoiceFileTasks } from '../api/billingOperations';
import { InvoiceFileTaskItem } from './InvoiceFileTaskItem';
import { InvoiceGenerationDialog } from './InvoiceGenerationDialog';

/**
 * Part of the Invoices card: "Generate invoice files" asks for a month's invoices as PDF files in a
 * ZIP, e-mailed as a link; below, the caller's latest such requests, followed until they end.
 */
export function InvoiceFilesSection({ accountId }: { accountId: number }) {
  const { t } = useTranslation();
  const headingId = useId();
  const queryClient = useQueryClient();
  const tasks = useInvoiceFileTasks(accountId);
  const [isDialogOpen, setIsDialogOpen] = useState(false);

  const requested = (task: InvoiceFileTask) => {
    setIsDialogOpen(false);
    // The new task shows at once (and starts the polling); the next answer brings the server's list.
    queryClient.setQueryData<{ Tasks: InvoiceFileTask[] }>(invoiceFileTasksQueryKey(accountId), (old) => ({ Tasks: [task, ...(old?.Tasks ?? []).filter((other) => other.TaskId !== task.TaskId)] }));
    void queryClient.invalidateQueries({ queryKey: invoiceFileTasksQueryKey(accountId) });
  };

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 3 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' }, mb: 1 }}>
        <div>
          <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 500 }}>
            {t('billing.invoice_files.title')}
          </Typography>
          <Typography color="text.secondary">{t('billing.invoice_files.intro')}</Typography>
        </div>
        <Button variant="outlined" onClick={() => setIsDialogOpen(true)} sx={{ flexShrink: 0 }}>
          {t('billing.invoice_files.button')}
        </Button>
      </Stack>
      {tasks.isError && <Alert severity="error">{failureText(tasks.error)}</Alert>}
      {tasks.data && tasks.data.Tasks.length > 0 && (
        <Box component="ul" aria-label={t('billing.invoice_files.list_label')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {tasks.data.Tasks.map((task) => (
            <InvoiceFileTaskItem key={task.TaskId} task={task} />
          ))}
        </Box>
      )}
      {isDialogOpen && <InvoiceGenerationDialog accountId={accountId} onRequested={requested} onClose={() => setIsDialogOpen(false)} />}
    </Box>
  );
}
