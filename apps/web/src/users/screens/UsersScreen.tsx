import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { mdiAccountPlus, mdiMicrosoftExcel } from '@mdi/js';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isAllowed } from '@cmp/contracts/capabilities';
import type { UserSortField, UserStatus } from '@cmp/contracts/users';
import { AccountPageFrame } from '../../accounts/public';
import { failureText } from '../../platform/api/failureText';
import { saveDownload } from '../../platform/files/saveDownload';
import { useAccountIdParam } from '../../platform/navigation/useAccountIdParam';
import { useSessionUser } from '../../platform/session/currentUser';
import { LoadingIndicator } from '../../platform/ui/LoadingIndicator';
import { MdiIcon } from '../../platform/ui/MdiIcon';
import { exportUsers, useUsers } from '../api/userOperations';
import { useServerPaging } from '../../platform/ui/table/useServerPaging';
import { UserFilters } from '../components/UserFilters';
import { UsersTable } from '../components/UsersTable';
import { USER_RULES } from '../constants/userRules';
import { useDebouncedValue } from '../../platform/ui/useDebouncedValue';
import { useUserActions } from '../hooks/useUserActions';

/** /account/{accountId}/users: the users of a company, department or reseller (accounts issue "Users and logs"). */
export function UsersScreen() {
  const { t } = useTranslation();
  const accountId = useAccountIdParam();
  if (accountId === undefined) return <Alert severity="error">{t('common.invalid_account')}</Alert>;
  return (
    <AccountPageFrame accountId={accountId} titleKey="routes.users">
      <UsersCard key={accountId} accountId={accountId} />
    </AccountPageFrame>
  );
}

function UsersCard({ accountId }: { accountId: number }) {
  const { t } = useTranslation();
  const headingId = useId();
  const sessionUser = useSessionUser();
  const capabilities = sessionUser?.Capability ?? [];
  const [text, setText] = useState('');
  const [status, setStatus] = useState<UserStatus | ''>('');
  const [isExporting, setIsExporting] = useState(false);
  const filterText = useDebouncedValue(text.trim());
  const filter = { ...(filterText ? { text: filterText } : {}), ...(status ? { status } : {}) };
  const list = useServerPaging<UserSortField>({ sortBy: 'Name', sortDirection: 'asc' }, filter);
  const usersQuery = useUsers({ accountId, ...list.request, filter });
  const { allowedActions, onAction, dialogs } = useUserActions(accountId, capabilities, sessionUser?.UserAccountId);

  const download = async () => {
    setIsExporting(true);
    try {
      saveDownload(await exportUsers({ accountId, sortBy: list.request.sortBy, sortDirection: list.request.sortDirection, filter }));
    } catch {
      // Shown as an error toast (spec §8).
    } finally {
      setIsExporting(false);
    }
  };

  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: 3 }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('users.list_title')}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { md: 'center' } }}>
        <UserFilters text={text} status={status} onTextChange={setText} onStatusChange={setStatus} />
        {isAllowed(capabilities, USER_RULES.exportUsers) && (
          <Button variant="outlined" startIcon={<MdiIcon path={mdiMicrosoftExcel} />} onClick={() => void download()} loading={isExporting}>
            {t('users.export')}
          </Button>
        )}
        {isAllowed(capabilities, USER_RULES.createUser) && (
          <Button variant="contained" component={RouterLink} to={`/Account/Create/User?parentAccountId=${accountId}`} startIcon={<MdiIcon path={mdiAccountPlus} />}>
            {t('users.new_user')}
          </Button>
        )}
      </Stack>
      {usersQuery.isFetching && !usersQuery.isPending ? <LinearProgress aria-label={t('common.loading')} /> : <div style={{ height: 4 }} />}
      {usersQuery.isPending && <LoadingIndicator />}
      {usersQuery.isError && <Alert severity="error">{failureText(usersQuery.error)}</Alert>}
      {usersQuery.data && (
        <UsersTable
          users={usersQuery.data.Users}
          labelledBy={headingId}
          server={list.paging(usersQuery.data.Total)}
          empty={
            <Typography role="status" sx={{ py: 3 }}>
              {filterText || status ? t('users.none_matching') : t('users.none')}
            </Typography>
          }
          allowedActions={allowedActions}
          onAction={onAction}
        />
      )}
      {dialogs}
    </Paper>
  );
}
