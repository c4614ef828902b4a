import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import { isAllowed, requirement } from '@cmp/contracts/capabilities';
import { AccountPageFrame } from '../../accounts/public';
import { useAccountIdParam } from '../../platform/navigation/useAccountIdParam';
import { useSessionUser } from '../../platform/session/currentUser';
import { QueryCard } from '../../platform/ui/QueryCard';
import { useNotificationPreferences } from '../api/notificationOperations';
import { NotificationPreferencesForm } from '../components/NotificationPreferencesForm';

// spec §6 feature key "Notifications": Read shows the preferences, Create saves them (as the server checks).
const NOTIFICATIONS_READ = requirement('NOTIFICATIONS', ['Read']);
const NOTIFICATIONS_SAVE = requirement('NOTIFICATIONS', ['Create']);

/** /account/{accountId}/notifications (and legacy #/Account/View/{id}/Notifications): which e-mails the account receives. */
export function NotificationPreferencesScreen() {
  const { t } = useTranslation();
  const accountId = useAccountIdParam();
  const capabilities = useSessionUser()?.Capability ?? [];
  if (accountId === undefined) return <Alert severity="error">{t('common.invalid_account')}</Alert>;
  return (
    <AccountPageFrame accountId={accountId} titleKey="routes.notifications">
      {isAllowed(capabilities, NOTIFICATIONS_READ) ? (
        <PreferencesCard key={accountId} accountId={accountId} canSave={isAllowed(capabilities, NOTIFICATIONS_SAVE)} />
      ) : (
        <Alert severity="info">{t('notification_preferences.no_access')}</Alert>
      )}
    </AccountPageFrame>
  );
}

function PreferencesCard({ accountId, canSave }: { accountId: number; canSave: boolean }) {
  const { t } = useTranslation();
  const query = useNotificationPreferences(accountId);
  return (
    <QueryCard title={t('notification_preferences.title')} intro={query.data?.IsDefault ? t('notification_preferences.defaults_intro') : t('notification_preferences.intro')} query={query}>
      {(data) => <NotificationPreferencesForm key={data.UpdatedAt ?? 'defaults'} accountId={accountId} initial={data.Preferences} canSave={canSave} />}
    </QueryCard>
  );
}
