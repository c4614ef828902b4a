import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import type { AccountImport, ImportStatus } from '@cmp/contracts/imports';

const STATUS_BORDER: Record<ImportStatus, string> = {
  Pending: 'info.main',
  InProgress: 'primary.main',
  Completed: 'success.main',
  Failed: 'error.main',
  Cancelled: 'grey.500',
  Error: 'warning.main',
};

/** spec §4 Import status as a chip (the word in the user's language, the colour on the border), with the job's progress while it runs. */
export function ImportStatusChip({ item }: { item: AccountImport }) {
  const { t } = useTranslation();
  const isScheduled = item.Status !== 'Pending' || item.ScheduleDate !== null;
  const label = isScheduled ? t(`imports.status.${item.Status}`) : t('imports.status_not_scheduled');
  const percent = item.GroupCount > 0 ? Math.round((item.GroupsDone / item.GroupCount) * 100) : 0;
  return (
    <Box sx={{ minWidth: 120 }}>
      <Chip size="small" variant="outlined" label={label} sx={{ color: 'text.primary', borderWidth: 2, borderColor: STATUS_BORDER[item.Status] }} />
      {item.Status === 'InProgress' && (
        <LinearProgress
          variant="determinate"
          value={percent}
          sx={{ mt: 0.5 }}
          aria-label={t('imports.progress', { done: item.GroupsDone, total: item.GroupCount })}
        />
      )}
    </Box>
  );
}
