import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ScheduledTerminationsCard } from '../components/ScheduledTerminationsCard';
import { TerminationForm } from '../components/TerminationForm';
import { parseAccountIds } from '../utils/terminationDate';

/**
 * /terminate (spec §4 Termination): terminate one or many accounts (prefilled from
 * ?accountIds=a,b) now or at a date, and the scheduled terminations, which can be cancelled.
 */
export function TerminateScreen() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const accountIds = parseAccountIds(searchParams.get('accountIds'));
  const headingId = useId();

  const changeAccountIds = (ids: number[]) => setSearchParams(ids.length ? { accountIds: ids.join(',') } : {}, { replace: true });

  return (
    <Box sx={{ maxWidth: 1000, mx: 'auto' }}>
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        {t('routes.terminate')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('account_lifecycle.terminate_intro')}
      </Typography>
      <Stack spacing={3}>
        <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: 3 }}>
          <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 2 }}>
            {t('account_lifecycle.terminate_title')}
          </Typography>
          <TerminationForm accountIds={accountIds} onAccountIdsChange={changeAccountIds} />
        </Paper>
        <ScheduledTerminationsCard />
      </Stack>
    </Box>
  );
}
