import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { JOB_STATES, type FailedJob, type JobQueue, type JobState } from '@cmp/contracts/adminConsole';
import { isAllowed } from '@cmp/contracts/capabilities';
import { formatDateTime } from '../../platform/dates/formatDateTime';
import { showMessage } from '../../platform/messages/messageStore';
import { useSessionUser } from '../../platform/session/currentUser';
import { ConsoleQueryCard } from './ConsoleQueryCard';
import { useConfirmDialog } from '../../platform/ui/useConfirmDialog';
import { ListPagination } from '../../users/components/ListPagination';
import { SortableHeaderCell } from '../../users/components/SortableHeaderCell';
import { ADMIN_CONSOLE_QUERY_KEY, retryBackgroundJob, useBackgroundJobs } from '../api/adminConsoleOperations';
import { ADMINISTRATIVE_EXECUTE } from '../constants/adminConsolePages';
import { useClientTable } from '../hooks/useClientTable';

type QueueSortField = 'Name' | JobState;
type FailedSortField = 'Queue' | 'FailedAt' | 'Error';
const queueValue = (queue: JobQueue, field: QueueSortField) => (field === 'Name' ? queue.Name : queue.Counts[field]);
const failedValue = (job: FailedJob, field: FailedSortField) => job[field];

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
  const table = useClientTable<JobQueue, QueueSortField>(queues, { sortBy: 'Name', sortDirection: 'asc' }, queueValue);
  return (
    <>
      <TableContainer>
        <Table size="small" aria-labelledby={labelledBy}>
          <TableHead>
            <TableRow>
              <SortableHeaderCell field="Name" sort={table.sort} onSort={table.onSort}>
                {t('admin_console.column_queue')}
              </SortableHeaderCell>
              {JOB_STATES.map((state) => (
                <SortableHeaderCell key={state} field={state} sort={table.sort} onSort={table.onSort} align="right">
                  {t(`admin_console.job_state.${state}`)}
                </SortableHeaderCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {table.pageRows.map((queue) => (
              <TableRow key={queue.Name}>
                <TableCell component="th" scope="row" sx={{ fontFamily: 'monospace' }}>
                  {queue.Name}
                </TableCell>
                {JOB_STATES.map((state) => (
                  <TableCell key={state} align="right" sx={state === 'failed' && queue.Counts.failed > 0 ? { color: 'error.main', fontWeight: 600 } : undefined}>
                    {queue.Counts[state]}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <ListPagination {...table.pagination} />
    </>
  );
}

function FailedJobsTable({ jobs, labelledBy }: { jobs: FailedJob[]; labelledBy: string }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { confirm, dialog } = useConfirmDialog();
  const mayAct = isAllowed(useSessionUser()?.Capability ?? [], ADMINISTRATIVE_EXECUTE);
  const table = useClientTable<FailedJob, FailedSortField>(jobs, { sortBy: 'FailedAt', sortDirection: 'desc' }, failedValue);

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

  return (
    <>
      <TableContainer>
        <Table size="small" aria-labelledby={labelledBy}>
          <TableHead>
            <TableRow>
              <SortableHeaderCell field="FailedAt" sort={table.sort} onSort={table.onSort}>
                {t('admin_console.column_failed_at')}
              </SortableHeaderCell>
              <SortableHeaderCell field="Queue" sort={table.sort} onSort={table.onSort}>
                {t('admin_console.column_queue')}
              </SortableHeaderCell>
              <SortableHeaderCell field="Error" sort={table.sort} onSort={table.onSort}>
                {t('admin_console.column_error')}
              </SortableHeaderCell>
              <TableCell align="right">{t('admin_console.column_attempts')}</TableCell>
              {mayAct && <TableCell>{t('admin_console.column_actions')}</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {table.pageRows.map((job) => (
              <TableRow key={job.JobId}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{job.FailedAt ? formatDateTime(job.FailedAt, i18n.language) : '—'}</TableCell>
                <TableCell component="th" scope="row" sx={{ fontFamily: 'monospace' }}>
                  {job.Queue}
                </TableCell>
                <TableCell sx={{ wordBreak: 'break-word' }}>{job.Error || '—'}</TableCell>
                <TableCell align="right">{job.RetryCount + 1}</TableCell>
                {mayAct && (
                  <TableCell>
                    <Button size="small" onClick={() => void retry(job)} aria-label={t('admin_console.retry_job', { queue: job.Queue, error: job.Error })}>
                      {t('admin_console.retry')}
                    </Button>
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <ListPagination {...table.pagination} />
      {dialog}
    </>
  );
}
