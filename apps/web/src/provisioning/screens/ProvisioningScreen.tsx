import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { AccountPageFrame } from '../../accounts/public';
import { useAccountIdParam } from '../../platform/navigation/useAccountIdParam';
import { ProvisioningCard } from '../components/ProvisioningCard';

/**
 * /provisioning (the caller's hierarchy, or own requests) and /account/{accountId}/provisioning
 * (that account's subtree or subscription): provisioning requests and the actions on them (issue 14).
 */
export function ProvisioningScreen() {
  const { t } = useTranslation();
  const { accountId: accountParam } = useParams();
  const accountId = useAccountIdParam();
  if (accountParam !== undefined) {
    if (accountId === undefined) return <Alert severity="error">{t('common.invalid_account')}</Alert>;
    return (
      <AccountPageFrame accountId={accountId} titleKey="routes.provisioning">
        <ProvisioningCard key={accountId} accountId={accountId} />
      </AccountPageFrame>
    );
  }
  return (
    <Box sx={{ maxWidth: 1500, mx: 'auto' }}>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        {t('routes.provisioning')}
      </Typography>
      <ProvisioningCard />
    </Box>
  );
}
