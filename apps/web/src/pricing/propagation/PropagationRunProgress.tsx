import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PropagationRun } from '@cmp/contracts/propagation';
import { formatDateTime } from '../../platform/dates/formatDateTime';

/** A run's live progress (percentage bar, items done) and, once finished, its result. */
export function PropagationRunProgress({ run }: { run: PropagationRun }) {
  const { t, i18n } = useTranslation();
  const isDone = run.Status === 'Completed' || run.Status === 'Failed';
  return (
    <Stack spacing={1}>
      <LinearProgress
        variant="determinate"
        value={run.Percentage}
        aria-label={t('propagation.progress_label')}
        aria-valuetext={t('propagation.progress_value', { percentage: run.Percentage })}
        color={run.Status === 'Failed' ? 'error' : run.Status === 'Completed' ? 'success' : 'primary'}
        sx={{ height: 10, borderRadius: 1 }}
      />
      <Typography variant="body2" aria-live="polite">
        {t('propagation.progress_text', { percentage: run.Percentage, done: run.DoneItems, total: run.TotalItems, changed: run.ChangedItems })}
        {' · '}
        {t(`propagation.statuses.${run.Status}`)}
      </Typography>
      {isDone && run.Status === 'Completed' && (
        <Alert severity="success" role="status">
          {t('propagation.completed', { changed: run.ChangedItems, total: run.TotalItems, time: run.FinishedAt ? formatDateTime(run.FinishedAt, i18n.language) : '' })}
        </Alert>
      )}
      {run.Status === 'Failed' && <Alert severity="error">{t('propagation.failed', { error: run.Error ?? '' })}</Alert>}
    </Stack>
  );
}
