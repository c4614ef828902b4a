import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UpgradeResult } from '@cmp/contracts/upgrades';
import { UpgradeOverview } from './UpgradeOverview';
import { subscriptionPath } from './upgradeWizardState';

/** The upgrade done (or the downgrade scheduled): what happened to both subscriptions, with links to them. */
export function UpgradeResultPanel({ result }: { result: UpgradeResult }) {
  const { t } = useTranslation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <Box>
      <Typography ref={headingRef} tabIndex={-1} variant="h5" component="h2" sx={{ mb: 2, outline: 'none' }}>
        {result.Outcome === 'Scheduled'
          ? t('upgrade_wizard.result_title_scheduled')
          : result.Outcome === 'PendingApproval'
            ? t('change_requests.upgrade_result_title')
            : t(`upgrade_wizard.result_title.${result.Kind}`)}
      </Typography>
      <UpgradeOverview result={result} />
      {result.ProvisioningRequestIds.length > 0 && (
        <Typography color="text.secondary" sx={{ mt: 2 }}>
          {t('upgrade_wizard.result_provisioning', { number: result.ProvisioningRequestIds.length })}
        </Typography>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 3 }}>
        {result.Source.AccountId !== null && (
          <Button variant="contained" component={RouterLink} to={subscriptionPath(result.Source.AccountId)}>
            {t('upgrade_wizard.result_open_source', { name: result.Source.DisplayName })}
          </Button>
        )}
        {result.Target.AccountId !== null && (
          <Button variant="outlined" component={RouterLink} to={subscriptionPath(result.Target.AccountId)}>
            {t('upgrade_wizard.result_open_target', { name: result.Target.DisplayName })}
          </Button>
        )}
      </Stack>
    </Box>
  );
}
