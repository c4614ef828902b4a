import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { mdiAccountPlus, mdiCursorMove, mdiDomainPlus, mdiFolderPlus, mdiCloseOctagon } from '@mdi/js';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MuiLink from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { LoadedAccount } from '@cmp/contracts/accountViews';
import { failureText } from '../../../platform/api/failureText';
import { useSessionUser } from '../../../platform/session/currentUser';
import { MdiIcon } from '../../../platform/ui/MdiIcon';
import { AccountTreePanel } from '../../tree/components/AccountTreePanel';
import { useLoadedAccount } from '../api/accountViewOperations';
import { accountActions, type AccountAction } from './accountActions';
import { ACCOUNT_TABS } from './accountTabs';
import { ACCOUNT_TYPE_ICON } from './accountTypeIcon';

const ACTION_ICON: Record<AccountAction['id'], string> = {
  move: mdiCursorMove,
  terminate: mdiCloseOctagon,
  new_user: mdiAccountPlus,
  new_department: mdiFolderPlus,
  new_company: mdiDomainPlus,
};

/**
 * The frame every account screen shares (spec §2 account routes): the account tree on the left,
 * breadcrumbs from the hierarchy, the account's name as the heading with its type and state, the
 * actions on it and the tabs its type has. `titleKey` names the tab's content.
 */
export function AccountPageFrame({ accountId, titleKey, children }: { accountId: number; titleKey: string; children: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const accountQuery = useLoadedAccount(accountId);
  const account = accountQuery.data?.AccountId === accountId ? accountQuery.data : undefined;
  const base = `/account/${accountId}`;
  const tabs = ACCOUNT_TABS.filter((tab) => !tab.types || (account && tab.types.includes(account.AccountType)));
  const current = tabs.find((tab) => tab.path && pathname.startsWith(base + tab.path))?.path ?? '';

  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '280px minmax(0, 1fr)' }, maxWidth: 1500, mx: 'auto', width: '100%' }}>
      <Box sx={{ display: { xs: 'none', lg: 'block' } }}>{account && <AccountTreePanel selectedAccountId={accountId} />}</Box>
      <Box sx={{ minWidth: 0 }}>
        {accountQuery.isError ? (
          <>
            <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
              {t(titleKey)}
            </Typography>
            <Alert severity="error">{failureText(accountQuery.error)}</Alert>
          </>
        ) : (
          <>
            <AccountHeading account={account} fallbackTitle={t(titleKey)} />
            <Tabs value={current} variant="scrollable" scrollButtons="auto" aria-label={t('account_view.tabs')} sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}>
              {tabs.map((tab) => (
                <Tab key={tab.path} value={tab.path} label={t(tab.titleKey)} component={Link} to={base + tab.path} />
              ))}
            </Tabs>
            {children}
          </>
        )}
      </Box>
    </Box>
  );
}

function AccountHeading({ account, fallbackTitle }: { account: LoadedAccount | undefined; fallbackTitle: string }) {
  const { t } = useTranslation();
  const sessionUser = useSessionUser();
  if (!account) {
    return (
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {fallbackTitle}
      </Typography>
    );
  }
  const isTerminated = account.AccountState === 'Terminated';
  const actions = accountActions(account, sessionUser?.Capability ?? [], sessionUser?.CompanyAccount.AccountId);
  const ancestors = account.Hierarchy.slice(0, -1);
  return (
    <Stack spacing={1} sx={{ mb: 2 }}>
      {ancestors.length > 0 && (
        <Breadcrumbs aria-label={t('account_view.breadcrumbs')}>
          {ancestors.map((entry) => (
            <MuiLink key={entry.AccountId} component={Link} to={`/account/${entry.AccountId}`} underline="hover" color="inherit">
              {entry.DisplayName}
            </MuiLink>
          ))}
          <Typography color="text.primary" aria-current="page">
            {account.DisplayName}
          </Typography>
        </Breadcrumbs>
      )}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { md: 'center' } }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0, opacity: isTerminated ? 0.6 : 1 }}>
          <MdiIcon path={ACCOUNT_TYPE_ICON[account.AccountType]} fontSize="large" color={isTerminated ? 'disabled' : 'primary'} />
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
              {account.DisplayName}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography color="text.secondary">{t(`account_view.type.${account.AccountType}`)}</Typography>
              {/* The state's colour is on the border only: coloured text on white would miss WCAG contrast. */}
              <Chip
                size="small"
                variant="outlined"
                label={t(`account_view.state.${account.AccountState}`)}
                sx={{ color: 'text.primary', borderWidth: 2, borderColor: account.AccountState === 'Active' ? 'success.main' : account.AccountState === 'Suspended' ? 'warning.main' : 'grey.500' }}
              />
            </Stack>
          </Box>
        </Stack>
        {actions.length > 0 && (
          <Stack direction="row" role="group" aria-label={t('account_view.actions')} sx={{ flexWrap: 'wrap', gap: 1 }}>
            {actions.map((action) => (
              <Button
                key={action.id}
                component={Link}
                to={action.to}
                size="small"
                variant="outlined"
                color={action.id === 'terminate' ? 'error' : 'primary'}
                startIcon={<MdiIcon path={ACTION_ICON[action.id]} />}
              >
                {t(`account_view.action.${action.id}`)}
              </Button>
            ))}
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}
