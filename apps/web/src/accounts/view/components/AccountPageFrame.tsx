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
import { mayReadAccount } from '@cmp/contracts/accountAccess';
import type { LoadedAccount } from '@cmp/contracts/accountViews';
import { failureText } from '../../../platform/api/failureText';
import { useSessionUser } from '../../../platform/session/currentUser';
import { MdiIcon } from '../../../platform/ui/MdiIcon';
import { ResizeSeparator } from '../../../platform/ui/ResizeSeparator';
import { ScheduledTerminationNotice } from '../../lifecycle/components/ScheduledTerminationNotice';
import { AccountTreePanel } from '../../tree/components/AccountTreePanel';
import { ACCOUNT_TREE_WIDTH, useAccountTreeWidth } from '../../tree/hooks/useAccountTreeWidth';
import { useLoadedAccount } from '../api/accountViewOperations';
import { accountActions, type AccountAction } from './accountActions';
import { accountTabsFor } from './accountTabs';
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
  const sessionUser = useSessionUser();
  const [treeWidth, setTreeWidth] = useAccountTreeWidth();
  const accountQuery = useLoadedAccount(accountId);
  const account = accountQuery.data?.AccountId === accountId ? accountQuery.data : undefined;
  const base = `/account/${accountId}`;
  const tabs = account ? accountTabsFor(account, sessionUser?.Capability ?? [], sessionUser?.UserAccountId) : [];
  // A tab the caller may not see, opened by its address, leaves no tab selected.
  const current = tabs.find((tab) => tab.path && pathname.startsWith(base + tab.path))?.path ?? (pathname === base ? '' : false);

  return (
    // The tree's column is as wide as the user dragged it (issue 10: long names were cut short); the separator is the gap.
    <Box sx={{ display: 'grid', rowGap: 3, gridTemplateColumns: { xs: '1fr', lg: `${treeWidth}px 24px minmax(0, 1fr)` }, maxWidth: 1500, mx: 'auto', width: '100%' }}>
      <Box sx={{ display: { xs: 'none', lg: 'block' }, minWidth: 0 }}>{account && <AccountTreePanel selectedAccountId={accountId} />}</Box>
      {account && (
        <ResizeSeparator
          value={treeWidth}
          min={ACCOUNT_TREE_WIDTH.min}
          max={ACCOUNT_TREE_WIDTH.max}
          onChange={setTreeWidth}
          label={t('account_tree_resize.label')}
          sx={{ display: { xs: 'none', lg: 'flex' } }}
        />
      )}
      <Box sx={{ minWidth: 0, gridColumn: { lg: 3 } }}>
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
            {account && <ScheduledTerminationNotice account={account} />}
            {tabs.length > 0 && (
              <Tabs value={current} variant="scrollable" scrollButtons="auto" aria-label={t('account_view.tabs')} sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}>
                {tabs.map((tab) => (
                  <Tab key={tab.path} value={tab.path} label={t(tab.titleKey)} component={Link} to={base + tab.path} />
                ))}
              </Tabs>
            )}
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
  const capabilities = sessionUser?.Capability ?? [];
  const actions = accountActions(account, capabilities, sessionUser?.CompanyAccount.AccountId);
  const ancestors = account.Hierarchy.slice(0, -1);
  return (
    <Stack spacing={1} sx={{ mb: 2 }}>
      {ancestors.length > 0 && (
        <Breadcrumbs aria-label={t('account_view.breadcrumbs')}>
          {/* An account above that the caller may not read (a plain user's company) is named, not linked. */}
          {ancestors.map((entry) =>
            mayReadAccount(capabilities, { id: entry.AccountId, type: entry.AccountType }, sessionUser?.UserAccountId) ? (
              <MuiLink key={entry.AccountId} component={Link} to={`/account/${entry.AccountId}`} underline="hover" color="inherit">
                {entry.DisplayName}
              </MuiLink>
            ) : (
              <Typography key={entry.AccountId} color="inherit">
                {entry.DisplayName}
              </Typography>
            ),
          )}
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
