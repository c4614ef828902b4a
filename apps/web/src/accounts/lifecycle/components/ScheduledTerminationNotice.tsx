import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { LoadedAccount } from '@cmp/contracts/accountViews';
import { formatDateTime } from '../../../platform/dates/formatDateTime';
import { useSessionUser } from '../../../platform/session/currentUser';
import { mayCancelTermination, useCancelScheduledTermination } from '../hooks/useCancelScheduledTermination';
import { useTerminationsConcerning } from '../hooks/useTerminationQueries';

/**
 * On the account's page, every scheduled termination that will end it (issue 10: it was visible
 * only on /terminate): its own, or that of an account above it, which takes it along. It stays
 * until the date or until someone with the permission to terminate cancels it here (spec §4, §5).
 */
export function ScheduledTerminationNotice({ account }: { account: Pick<LoadedAccount, 'AccountId' | 'AccountState'> }) {
  const { t, i18n } = useTranslation();
  const capabilities = useSessionUser()?.Capability ?? [];
  const isActive = account.AccountState !== 'Terminated';
  const query = useTerminationsConcerning(account.AccountId, isActive);
  const { cancel, cancellingId, dialog } = useCancelScheduledTermination();
  const items = isActive ? (query.data?.Items ?? []) : [];
  if (items.length === 0) return null;
  return (
    <Stack component="section" aria-label={t('account_lifecycle.scheduled_title')} spacing={1} sx={{ mb: 2 }}>
      {items.map((item) => (
        <Alert
          key={item.TerminationId}
          severity="warning"
          role="status"
          action={
            mayCancelTermination(capabilities, item.AccountType) && (
              <Button color="inherit" size="small" variant="outlined" onClick={() => void cancel(item)} loading={cancellingId === item.AccountId} sx={{ whiteSpace: 'nowrap' }}>
                {t('account_lifecycle.cancel_submit')}
              </Button>
            )
          }
        >
          <AlertTitle>{t('scheduled_termination_notice.title', { date: formatDateTime(item.TerminateAt, i18n.language) })}</AlertTitle>
          {item.AccountId !== account.AccountId && <Typography variant="body2">{t('scheduled_termination_notice.inherited', { name: item.DisplayName })}</Typography>}
          {item.RequestedByDisplayName && <Typography variant="body2">{t('scheduled_termination_notice.requested_by', { name: item.RequestedByDisplayName })}</Typography>}
          {item.Reason && <Typography variant="body2">{t('scheduled_termination_notice.reason', { reason: item.Reason })}</Typography>}
        </Alert>
      ))}
      {dialog}
    </Stack>
  );
}
