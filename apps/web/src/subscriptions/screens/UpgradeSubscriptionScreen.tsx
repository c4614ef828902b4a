import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useAccountIdParam } from '../../platform/navigation/useAccountIdParam';
import { UpgradeWizard } from '../upgrade/UpgradeWizard';
import { subscriptionPath } from '../upgrade/upgradeWizardState';

/**
 * `/upgrade-subscription/{accountId}` (spec §2, §4 "Upgrade"; issue 14 "Upgrade wizard"): move the
 * seats of a subscription, all or some, to another service of its upgrade paths — a new subscription
 * or an existing one of that service; a downgrade is scheduled for the term end.
 */
export function UpgradeSubscriptionScreen() {
  const { t } = useTranslation();
  const accountId = useAccountIdParam();
  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto', width: '100%' }}>
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        {t('routes.upgrade_subscription')}
      </Typography>
      {accountId === undefined ? (
        <Alert severity="error">{t('common.invalid_account')}</Alert>
      ) : (
        <>
          <Link component={RouterLink} to={subscriptionPath(accountId)} sx={{ display: 'inline-block', mb: 3 }}>
            {t('upgrade_wizard.back_to_subscription')}
          </Link>
          {/* Another subscription in the address is another upgrade: nothing chosen carries over. */}
          <UpgradeWizard key={accountId} accountId={accountId} />
        </>
      )}
    </Box>
  );
}
