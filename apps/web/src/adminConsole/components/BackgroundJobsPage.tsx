import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { JOB_STATES, type FailedJob, type JobQueue } from '@cmp/contracts/adminConsole';
import { isAllowed } from '@cmp/contracts/capabilities';
import { formatDateTime } from '../../platform/dates/formatDateTime';
import { showMessage } from '../../platform/messages/messageStore';
import { useSessionUser } from '../../platform/session/currentUser';
import { ConsoleQueryCard } from './ConsoleQueryCard';
import { useConfirmDialog } from '../../platform/ui/useConfirmDialog';
import { DataTable, type DataColumn } from '../../platform/ui/table/DataTable';
import { ADMIN_CONSOLE_QUERY_KEY, retryBackgroundJob, useBackgroundJobs } from '../api/adminConsoleOperations';
import { ADMINISTRATIVE_EXECUTE } from '../constants/adminConsolePages';

/** Background jobs (DESIGN.md "jobs"): the queues with their jobs per state, failed jobs with their error, retry. */
export function BackgroundJobsPage() {
  const { t } = useTranslation();
  const query = useBackgroundJobs();
  return (
    <>
      <ConsoleQueryCard title={t('admin_console.queues_title')} intro={t('admin_console.queues_intro')} query={query}>
        {(jobs, headingId) => (jobs.Queues.length ? <QueuesTable queues={jobs.Queues} labelledBy={headingId} /> : <Typography>{t('admin_console.queues_empty')}</Typography>)}
      </ConsoleQueryCard>
      {query.data !== undefined && (
        <ConsoleQueryCard title={t('admin_console.failed_jobs_title')} intro={t('admin_console.failed_jobs_intro')} query={query}>
          {(jobs, headingId) => (jobs.FailedJobs.length ? <FailedJobsTable jobs={jobs.FailedJobs} labelledBy={headingId} /> : <Typography>{t('admin_console.failed_jobs_empty')}</Typography>)}
        </ConsoleQueryCard>
      )}
    </>
  );
}

function QueuesTable({ queues, labelledBy }: { queues: JobQueue[]; labelledBy: string }) {
  const { t } = useTranslation();
  const columns: DataColumn<JobQueue>[] = [
    { id: 'Name', header: t('admin_console.column_queue'), sortValue: (queue) => queue.Name, isRowHeader: true, cellSx: { fontFamily: 'monospace' }, cell: (queue) => queue.Name },
    ...JOB_STATES.map(
      (state): DataColumn<JobQueue> => ({
        id: state,
        header: t(`admin_console.job_state.${state}`),
        align: 'right',
        isHideable: state !== 'failed',
        sortValue: (queue) => queue.Counts[state],
        cellSxOf: (queue) => (state === 'failed' && queue.Counts.failed > 0 ? { color: 'error.main', fontWeight: 600 } : undefined),
        cell: (queue) => queue.Counts[state],
      }),
    ),
  ];
  return (
    <DataTable
      tableId="admin-console-queues"
      rows={queues}
      columns={columns}
      rowKey={(queue) => queue.Name}
      labelledBy={labelledBy}
      initialSort={{ sortBy: 'Name', sortDirection: 'asc' }}
      empty={t('admin_console.queues_empty')}
    />
  );
}

function FailedJobsTable({ jobs, labelledBy }: { jobs: FailedJob[]; labelledBy: string }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { confirm, dialog } = useConfirmDialog();
  const mayAct = isAllowed(useSessionUser()?.Capability ?? [], ADMINISTRATIVE_EXECUTE);

  const retry = async (job: FailedJob) => {
    const isConfirmed = await confirm({ title: t('admin_console.retry_title'), message: t('admin_console.retry_message', { queue: job.Queue }), agreeLabel: t('admin_console.retry') });
    if (!isConfirmed) return;
    try {
      await retryBackgroundJob(job.Queue, job.JobId);
      showMessage({ type: 'success', text: t('admin_console.retry_done', { queue: job.Queue }) });
    } catch {
      // The server's reason was shown as an error toast.
    }
    await queryClient.invalidateQueries({ queryKey: ADMIN_CONSOLE_QUERY_KEY });
  };

  const columns: DataColumn<FailedJob>[] = [
    { id: 'FailedAt', header: t('admin_console.column_failed_at'), sortValue: (job) => job.FailedAt, cellSx: { whiteSpace: 'nowrap' }, cell: (job) => (job.FailedAt ? formatDateTime(job.FailedAt, i18n.language) : '—') },
    { id: 'Queue', header: t('admin_console.column_queue'), sortValue: (job) => job.Queue, isRowHeader: true, cellSx: { fontFamily: 'monospace' }, cell: (job) => job.Queue },
    { id: 'Error', header: t('admin_console.column_error'), sortValue: (job) => job.Error, cellSx: { wordBreak: 'break-word' }, cell: (job) => job.Error || '—' },
    { id: 'Attempts', header: t('admin_console.column_attempts'), align: 'right', isHideable: true, sortValue: (job) => job.RetryCount, cell: (job) => job.RetryCount + 1 },
    ...(mayAct
      ? [
          {
            id: 'actions',
            header: t('admin_console.column_actions'),
            cell: (job: FailedJob) => (
              <Button size="small" onClick={() => void retry(job)} aria-label={t('admin_console.retry_job', { queue: job.Queue, error: job.Error })}>
                {t('admin_console.retry')}
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <DataTable
        tableId="admin-console-failed-jobs"
        rows={jobs}
        columns={columns}
        rowKey={(job) => job.JobId}
        labelledBy={labelledBy}
        initialSort={{ sortBy: 'FailedAt', sortDirection: 'desc' }}
        empty={t('admin_console.failed_jobs_empty')}
      />
      {dialog}
    </>
  );
}
