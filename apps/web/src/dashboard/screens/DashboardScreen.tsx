import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { accountViewValue } from '../../platform/session/accountViewValue';
import { useSessionUser } from '../../platform/session/currentUser';
import { LoadingIndicator } from '../../platform/ui/LoadingIndicator';
import { useDashboardSummary } from '../api/useDashboardSummary';
import { AccountCountsCard } from '../components/AccountCountsCard';
import { DashboardFigures } from '../components/figures/DashboardFigures';
import { LatestAuditTable } from '../components/LatestAuditTable';

/** #/Dashboard, the default landing page (spec §2). */
export function DashboardScreen() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const summary = useDashboardSummary();
  const firstName = accountViewValue(user?.UserAccount, 'User', 'Firstname');
  const companyName = summary.data?.CompanyAccount.DisplayName ?? user?.CompanyAccount.DisplayName;

  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto' }}>
      <Typography variant="h4" component="h1">
        {firstName ? t('dashboard.greeting', { firstName }) : t('dashboard.greeting_without_name')}
      </Typography>
      {companyName && (
        <Typography color="text.secondary" sx={{ mt: 0.5, mb: 3 }}>
          {companyName}
        </Typography>
      )}

      {/* Above what loads later: its cards keep their size while they load, so they push nothing painted (issue 12). */}
      <DashboardFigures />

      {summary.isPending && <LoadingIndicator />}
      {summary.isError && <Alert severity="error">{t('dashboard.load_failed')}</Alert>}
      {summary.data && (
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'minmax(240px, 1fr) 3fr' }, alignItems: 'start' }}>
          <AccountCountsCard counts={summary.data.AccountCounts} />
          <LatestAuditTable entries={summary.data.LatestAuditEntries} />
        </Box>
      )}
    </Box>
  );
}
