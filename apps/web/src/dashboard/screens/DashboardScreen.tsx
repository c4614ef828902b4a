import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { DEFAULT_LANDING_PAGE_TILES, landingPageRows, type LandingPageTile } from '@cmp/contracts/landingPageRules';
import { accountViewValue } from '../../platform/session/accountViewValue';
import { useSessionUser } from '../../platform/session/currentUser';
import { LoadingIndicator } from '../../platform/ui/LoadingIndicator';
import { useDashboardSummary } from '../api/useDashboardSummary';
import { useEffectiveLandingPage } from '../api/useEffectiveLandingPage';
import { AccountCountsCard } from '../components/AccountCountsCard';
import { DashboardFigures } from '../components/figures/DashboardFigures';
import { LatestAuditTable } from '../components/LatestAuditTable';
import { visibleTiles } from '../utils/visibleTiles';

/** #/Dashboard, the default landing page (spec §2), laid out as the owner's custom landing page says (issue 17). */
export function DashboardScreen() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const summary = useDashboardSummary();
  const layout = useEffectiveLandingPage();
  const firstName = accountViewValue(user?.UserAccount, 'User', 'Firstname');
  const companyName = summary.data?.CompanyAccount.DisplayName ?? user?.CompanyAccount.DisplayName;
  // Until the layout is known nothing is placed, so nothing moves when it arrives (issue 12); a failure shows the default.
  const rows = layout.isPending ? undefined : landingPageRows(visibleTiles(layout.data?.Tiles ?? DEFAULT_LANDING_PAGE_TILES, user?.Capability ?? []));
  const firstFigures = rows?.findIndex((row) => row.kind === 'figures');

  const summaryRow = (tiles: LandingPageTile[], key: number) => {
    if (summary.isPending) return <LoadingIndicator key={key} />;
    if (summary.isError) return <Alert key={key} severity="error" sx={{ mb: 3 }}>{t('dashboard.load_failed')}</Alert>;
    const counts = tiles.indexOf('AccountCounts');
    // Account counts beside the audit entries take the narrow column, on whichever side the layout puts them.
    const columns = tiles.length < 2 ? '1fr' : counts === 0 ? 'minmax(240px, 1fr) 3fr' : '3fr minmax(240px, 1fr)';
    return (
      <Box key={key} sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: columns }, alignItems: 'start', mb: 3 }}>
        {tiles.map((tile) =>
          tile === 'AccountCounts' ? <AccountCountsCard key={tile} counts={summary.data.AccountCounts} /> : <LatestAuditTable key={tile} entries={summary.data.LatestAuditEntries} />,
        )}
      </Box>
    );
  };

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

      {/* The figures' cards keep their size while they load, so they push nothing painted (issue 12). */}
      {rows === undefined && <LoadingIndicator />}
      {rows?.map((row, index) =>
        row.kind === 'figures' ? <DashboardFigures key={index} revenue={row.revenue} counts={row.counts} isRegion={index === firstFigures} /> : summaryRow(row.tiles, index),
      )}
    </Box>
  );
}
