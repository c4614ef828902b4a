import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { mdiAccountSwitch, mdiCellphoneKey, mdiEmailOutline, mdiShieldOff } from '@mdi/js';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isAllowed } from '@cmp/contracts/capabilities';
import type { SessionUser } from '@cmp/contracts/auth';
import type { MfaMethod, MfaMethodKind } from '@cmp/contracts/identity';
import { AccountPageFrame } from '../../accounts/public';
import { showMessage } from '../../platform/messages/messageStore';
import { DASHBOARD_PATH } from '../../platform/navigation/appPaths';
import { useAccountIdParam } from '../../platform/navigation/useAccountIdParam';
import { CURRENT_USER_QUERY_KEY, isCurrentUserQuery, useSessionUser } from '../../platform/session/currentUser';
import { MdiIcon } from '../../platform/ui/MdiIcon';
import { QueryCard } from '../../platform/ui/QueryCard';
import { useConfirmDialog } from '../../platform/ui/useConfirmDialog';
import { EffectiveCapabilitiesCard } from '../../roles/public';
import { ROLE_RULES } from '../../platform/navigation/roleRules';
import {
  authenticationMethodsQueryKey,
  deleteAuthenticationMethod,
  disableAuthenticationMethod,
  disableUserMfa,
  enableAuthenticationMethod,
  renameAuthenticationMethod,
  setPrimaryAuthenticationMethod,
  useAuthenticationMethods,
  type AuthenticationMethods,
} from '../api/mfaMethodOperations';
import { impersonate } from '../api/impersonate';
import { AddMethodDialog } from '../components/AddMethodDialog';
import { MfaMethodsTable, type MfaMethodActions } from '../components/MfaMethodsTable';
import { RenameMethodDialog } from '../components/RenameMethodDialog';
import { SECURITY_RULES } from '../../platform/navigation/securityRules';

/**
 * /account/{accountId}/user-security: a user's MFA methods (spec §4 "MFA methods"). Only the user
 * manages their own; others may see them, disable MFA (DISABLE_MFA) or sign in as the user (IMPERSONATE).
 * With Roles Read, what the user can do in the end (issue 17).
 */
export function UserSecurityScreen() {
  const { t } = useTranslation();
  const accountId = useAccountIdParam();
  const user = useSessionUser();

  if (accountId === undefined || !user) return <Alert severity="error">{t('common.invalid_account')}</Alert>;
  return (
    <AccountPageFrame accountId={accountId} titleKey="routes.user_security">
      <Stack spacing={3} sx={{ maxWidth: 1100 }}>
        <UserMfaCard key={accountId} userAccountId={accountId} sessionUser={user} />
        {isAllowed(user.Capability, ROLE_RULES.view) && <EffectiveCapabilitiesCard key={`effective-${accountId}`} userAccountId={accountId} />}
      </Stack>
    </AccountPageFrame>
  );
}

function UserMfaCard({ userAccountId, sessionUser }: { userAccountId: number; sessionUser: SessionUser }) {
  const { t } = useTranslation();
  const methodsQuery = useAuthenticationMethods(userAccountId);
  const isOwnAccount = userAccountId === sessionUser.UserAccountId;

  return (
    <QueryCard
      title={t('user_security.methods_title')}
      intro={isOwnAccount ? t('user_security.own_intro') : t('user_security.other_intro')}
      query={methodsQuery}
    >
      {(data, headingId) =>
        isOwnAccount ? (
          <OwnMethods data={data} userAccountId={userAccountId} headingId={headingId} />
        ) : (
          <OtherUserMethods data={data} userAccountId={userAccountId} headingId={headingId} sessionUser={sessionUser} />
        )
      }
    </QueryCard>
  );
}

/** After a change: the table and the session user (which lists the methods too) are loaded again. */
function useReloadMethods(userAccountId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: authenticationMethodsQueryKey(userAccountId) }),
      queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY }),
    ]).then(() => undefined);
}

interface MethodsProps {
  data: AuthenticationMethods;
  userAccountId: number;
  headingId: string;
}

function OwnMethods({ data, userAccountId, headingId }: MethodsProps) {
  const { t } = useTranslation();
  const reload = useReloadMethods(userAccountId);
  const { confirm, dialog } = useConfirmDialog();
  const [busyMethodId, setBusyMethodId] = useState<number>();
  const [renaming, setRenaming] = useState<MfaMethod>();
  const [adding, setAdding] = useState<MfaMethodKind>();

  /** Runs one action on a method; a failure is shown by the API client's toast. */
  const run = async (method: MfaMethod, action: () => Promise<unknown>, successKey: string) => {
    setBusyMethodId(method.Id);
    try {
      await action();
      showMessage({ type: 'success', text: t(successKey) });
      await reload();
    } catch {
      // Already shown as an error toast (spec §8).
    } finally {
      setBusyMethodId(undefined);
    }
  };

  const actions: MfaMethodActions = {
    rename: setRenaming,
    makePrimary: (method) => void run(method, () => setPrimaryAuthenticationMethod(method.Id), 'common.changes_saved'),
    setEnabled: (method, isEnabled) =>
      void run(method, () => (isEnabled ? enableAuthenticationMethod(method.Id) : disableAuthenticationMethod(method.Id)), 'common.changes_saved'),
    remove: async (method) => {
      const isConfirmed = await confirm({ title: t('user_security.delete_title'), message: t('user_security.delete_message', { name: method.Name }) });
      if (isConfirmed) await run(method, () => deleteAuthenticationMethod(method.Id), 'user_security.method_deleted');
    },
  };

  const rename = async (method: MfaMethod, newName: string) => {
    try {
      await renameAuthenticationMethod(method.Id, newName);
      setRenaming(undefined);
      showMessage({ type: 'success', text: t('common.changes_saved') });
      await reload();
    } catch {
      // Shown as an error toast; the dialog stays open to try again.
    }
  };

  const added = async () => {
    setAdding(undefined);
    showMessage({ type: 'success', text: t('user_security.method_added') });
    await reload();
  };

  return (
    <Stack spacing={2}>
      {data.IsMfaEnforced && <Alert severity="info">{t('user_security.enforced_note')}</Alert>}
      {data.Methods.length === 0 ? (
        <Typography>{t('user_security.no_methods')}</Typography>
      ) : (
        <MfaMethodsTable methods={data.Methods} isMfaEnforced={data.IsMfaEnforced} labelledBy={headingId} actions={actions} busyMethodId={busyMethodId} />
      )}
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button variant="contained" startIcon={<MdiIcon path={mdiCellphoneKey} />} onClick={() => setAdding('AuthenticatorApp')}>
          {t('user_security.add_app')}
        </Button>
        <Button variant="outlined" startIcon={<MdiIcon path={mdiEmailOutline} />} onClick={() => setAdding('Email')}>
          {t('user_security.add_email')}
        </Button>
      </Stack>
      <RenameMethodDialog method={renaming} onRename={rename} onClose={() => setRenaming(undefined)} />
      <AddMethodDialog kind={adding} onAdded={added} onClose={() => setAdding(undefined)} />
      {dialog}
    </Stack>
  );
}

function OtherUserMethods({ data, userAccountId, headingId, sessionUser }: MethodsProps & { sessionUser: SessionUser }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const reload = useReloadMethods(userAccountId);
  const { confirm, dialog } = useConfirmDialog();
  const [isDisabling, setIsDisabling] = useState(false);
  const [isSwitching, setIsSwitching] = useState(false);

  const mayDisableMfa = isAllowed(sessionUser.Capability, SECURITY_RULES.disableUserMfa) && data.Methods.some((method) => method.IsEnabled);
  // Nobody impersonates from within an impersonation: the header offers to end it first.
  const mayImpersonate = isAllowed(sessionUser.Capability, SECURITY_RULES.impersonate) && sessionUser.ImpersonatorAccountId === null;

  const disableMfa = async () => {
    if (!(await confirm({ title: t('user_security.disable_mfa'), message: t('user_security.disable_mfa_message') }))) return;
    setIsDisabling(true);
    try {
      await disableUserMfa(userAccountId);
      showMessage({ type: 'success', text: t('user_security.mfa_disabled') });
      await reload();
    } catch {
      // Shown as an error toast.
    } finally {
      setIsDisabling(false);
    }
  };

  const signInAsUser = async () => {
    setIsSwitching(true);
    try {
      const impersonated = await impersonate(userAccountId);
      // The header and every screen now show the impersonated user; nothing cached for the previous
      // identity may show for the new one. The user's own entry is updated in place (the header
      // keeps observing it), everything else is dropped.
      queryClient.setQueryData(CURRENT_USER_QUERY_KEY, impersonated);
      queryClient.removeQueries({ predicate: (query) => !isCurrentUserQuery(query.queryKey) });
      navigate(DASHBOARD_PATH);
    } catch {
      setIsSwitching(false);
    }
  };

  return (
    <Stack spacing={2}>
      {data.Methods.length === 0 ? (
        <Typography>{t('user_security.no_methods')}</Typography>
      ) : (
        <MfaMethodsTable methods={data.Methods} isMfaEnforced={data.IsMfaEnforced} labelledBy={headingId} />
      )}
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        {mayDisableMfa && (
          <Button variant="outlined" color="error" startIcon={<MdiIcon path={mdiShieldOff} />} onClick={() => void disableMfa()} loading={isDisabling}>
            {t('user_security.disable_mfa')}
          </Button>
        )}
        {mayImpersonate && (
          <Button variant="outlined" startIcon={<MdiIcon path={mdiAccountSwitch} />} onClick={() => void signInAsUser()} loading={isSwitching}>
            {t('user_security.impersonate')}
          </Button>
        )}
      </Stack>
      {dialog}
    </Stack>
  );
}
