import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { COUNT_TILES, type LandingPageTile } from '@cmp/contracts/landingPageRules';
import { useSessionUser } from '../../../platform/session/currentUser';
import { visuallyHidden } from '../../../platform/ui/visuallyHidden';
import { ENDING_WITHIN_DAYS, useEndingSubscriptionCount, useFailedProvisioningCount, usePendingOrderCount } from '../../api/useDashboardFigures';
import { mayViewTile } from '../../utils/visibleTiles';
import { CountFigureCard } from './CountFigureCard';
import { RevenueFigureCard } from './RevenueFigureCard';

interface DashboardFiguresProps {
  /** Whether the revenue card is part of this row of the layout (issue 17; default: as before layouts). */
  revenue?: boolean;
  /** The count tiles of this row, in the layout's order. */
  counts?: readonly LandingPageTile[];
  /** Only the first row of figures is the "Key figures" region, so no two regions share a name. */
  isRegion?: boolean;
}

/**
 * The dashboard's figures (issue 15), each shown only to a user holding the capability its server
 * operation checks, each a link to its report or screen: revenue and margin (Reporting Read),
 * orders waiting for the user's approval (Credit Check Order Management Read, as Request review),
 * failed provisioning (Failed Provisioning (Owned) Read, as the provisioning screen) and
 * subscriptions ending within 30 days (Reporting Read). Which cards there are is known from the
 * session and the landing page layout at the first paint, and every card keeps its size while it
 * loads (issue 12: no shift).
 */
export function DashboardFigures({ revenue = true, counts: countTiles = COUNT_TILES, isRegion = true }: DashboardFiguresProps = {}) {
  const { t } = useTranslation();
  const headingId = useId();
  const capabilities = useSessionUser()?.Capability ?? [];
  const shows = (tile: LandingPageTile) => (tile === 'Revenue' ? revenue : countTiles.includes(tile)) && mayViewTile(tile, capabilities);
  const hasRevenue = shows('Revenue');
  const pendingOrders = usePendingOrderCount(shows('PendingOrders'));
  const failedProvisioning = useFailedProvisioningCount(shows('FailedProvisioning'));
  const endingSubscriptions = useEndingSubscriptionCount(shows('SubscriptionsEnding'));

  const cards: Partial<Record<LandingPageTile, ReactNode>> = {
    PendingOrders: <CountFigureCard key="orders" title={t('dashboard_figures.orders_title')} to="/orders/request-review" query={pendingOrders} />,
    FailedProvisioning: <CountFigureCard key="provisioning" title={t('dashboard_figures.provisioning_title')} to="/provisioning" query={failedProvisioning} />,
    SubscriptionsEnding: (
      <CountFigureCard key="subscriptions" title={t('dashboard_figures.subscriptions_title', { days: ENDING_WITHIN_DAYS })} to="/reports/SubscriptionsEnding" query={endingSubscriptions} />
    ),
  };
  const counts = countTiles.filter(shows).map((tile) => cards[tile]);
  if (!hasRevenue && counts.length === 0) return null;

  // Beside the revenue card (md and up) the counts stand one under the other; without it, side by side.
  const columns = hasRevenue
    ? { xs: '1fr', sm: `repeat(${Math.max(counts.length, 1)}, 1fr)`, md: counts.length ? '3fr 2fr' : '1fr' }
    : { xs: '1fr', sm: `repeat(${counts.length}, 1fr)` };
  return (
    <Box component={isRegion ? 'section' : 'div'} aria-labelledby={isRegion ? headingId : undefined} sx={{ mb: 3 }}>
      {isRegion && (
        <Typography id={headingId} component="h2" sx={visuallyHidden}>
          {t('dashboard_figures.heading')}
        </Typography>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: columns }}>
        {hasRevenue && (
          <Box sx={{ gridColumn: { xs: '1 / -1', md: 'auto' }, gridRow: { md: `span ${Math.max(counts.length, 1)}` } }}>
            <RevenueFigureCard />
          </Box>
        )}
        {counts}
      </Box>
    </Box>
  );
}
