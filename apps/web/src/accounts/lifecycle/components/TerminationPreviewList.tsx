import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TerminationPreviewAccount } from '@cmp/contracts/accountLifecycle';
import { formatDateTime } from '../../../platform/dates/formatDateTime';

/**
 * Per chosen account what its termination touches (spec §4): how many accounts go, the prepaid
 * subscriptions whose auto-renew changes, locked subscriptions that refuse it, a termination
 * already scheduled, and whether the user may terminate it at all (spec §5).
 */
export function TerminationPreviewList({ accounts }: { accounts: TerminationPreviewAccount[] }) {
  const { t, i18n } = useTranslation();
  const when = (value: string) => formatDateTime(value, i18n.language);
  return (
    <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('account_lifecycle.preview_label')}>
      {accounts.map((account) => (
        <Box component="li" key={account.AccountId} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
          <Typography sx={{ fontWeight: 500 }}>
            {account.DisplayName}{' '}
            <Typography component="span" variant="body2" color="text.secondary">
              {t(`account_lifecycle.type_${account.AccountType}`)}
            </Typography>
          </Typography>
          <Stack spacing={1} sx={{ mt: 1 }}>
            {!account.MayTerminate ? (
              <Alert severity="error">{t('account_lifecycle.preview_not_permitted')}</Alert>
            ) : account.AccountState === 'Terminated' ? (
              <Alert severity="error">{t('account_lifecycle.preview_already_terminated')}</Alert>
            ) : (
              <Typography variant="body2">{t('account_lifecycle.preview_subtree', { count: account.SubtreeSize })}</Typography>
            )}
            {account.ScheduledTermination && (
              <Alert severity="warning">{t('account_lifecycle.preview_scheduled', { date: when(account.ScheduledTermination.TerminateAt) })}</Alert>
            )}
            {account.LockedSubscriptions.map((locked) => (
              <Alert severity="error" key={locked.AccountId}>
                {t('account_lifecycle.preview_locked', { name: locked.DisplayName, date: when(locked.LockPeriodEndDate) })}
              </Alert>
            ))}
            {account.PrepaidSubscriptions.length > 0 && (
              <Alert severity="info">
                {t('account_lifecycle.preview_prepaid')}
                <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                  {account.PrepaidSubscriptions.map((prepaid) => (
                    <li key={prepaid.AccountId}>{t('account_lifecycle.preview_prepaid_item', { name: prepaid.DisplayName, from: prepaid.AutoRenew, to: 'Terminate' })}</li>
                  ))}
                </Box>
              </Alert>
            )}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}
