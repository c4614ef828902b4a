import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { isAllowed } from '@cmp/contracts/capabilities';
import { ROUTE_RULES } from '../../../app/routes/routeTable';
import { useSessionUser } from '../../../platform/session/currentUser';
import { visuallyHidden } from '../../../platform/ui/visuallyHidden';
import { ENDING_WITHIN_DAYS, useEndingSubscriptionCount, useFailedProvisioningCount, usePendingOrderCount } from '../../api/useDashboardFigures';
import { CountFigureCard } from './CountFigureCard';
import { RevenueFigureCard } from './RevenueFigureCard';

/**
 * The dashboard's figures (issue 15), each shown only to a user holding the capability its server
 * operation checks, each a link to its report or screen: revenue and margin (Reporting Read),
 * orders waiting for the user's approval (Credit Check Order Management Read, as Request review),
 * failed provisioning (Failed Provisioning (Owned) Read, as the provisioning screen) and
 * subscriptions ending within 30 days (Reporting Read). Which cards there are is known from the
 * session at the first paint, and every card keeps its size while it loads (issue 12: no shift).
 */
export function DashboardFigures() {
  const { t } = useTranslation();
  const headingId = useId();
  const capabilities = useSessionUser()?.Capability ?? [];
  const mayReport = isAllowed(capabilities, ROUTE_RULES.reporting);
  const mayReview = isAllowed(capabilities, ROUTE_RULES.requestReview);
  const mayProvision = isAllowed(capabilities, ROUTE_RULES.provisioning);
  const pendingOrders = usePendingOrderCount(mayReview);
  const failedProvisioning = useFailedProvisioningCount(mayProvision);
  const endingSubscriptions = useEndingSubscriptionCount(mayReport);

  const counts = [
    mayReview && <CountFigureCard key="orders" title={t('dashboard_figures.orders_title')} to="/orders/request-review" query={pendingOrders} />,
    mayProvision && <CountFigureCard key="provisioning" title={t('dashboard_figures.provisioning_title')} to="/provisioning" query={failedProvisioning} />,
    mayReport && <CountFigureCard key="subscriptions" title={t('dashboard_figures.subscriptions_title', { days: ENDING_WITHIN_DAYS })} to="/reports/SubscriptionsEnding" query={endingSubscriptions} />,
  ].filter(Boolean);
  if (!mayReport && counts.length === 0) return null;

  // Beside the revenue card (md and up) the counts stand one under the other; without it, side by side.
  const columns = mayReport
    ? { xs: '1fr', sm: `repeat(${Math.max(counts.length, 1)}, 1fr)`, md: counts.length ? '3fr 2fr' : '1fr' }
    : { xs: '1fr', sm: `repeat(${counts.length}, 1fr)` };
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: 3 }}>
      <Typography id={headingId} component="h2" sx={visuallyHidden}>
        {t('dashboard_figures.heading')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: columns }}>
        {mayReport && (
          <Box sx={{ gridColumn: { xs: '1 / -1', md: 'auto' }, gridRow: { md: `span ${Math.max(counts.length, 1)}` } }}>
            <RevenueFigureCard />
          </Box>
        )}
        {counts}
      </Box>
    </Box>
  );
}
