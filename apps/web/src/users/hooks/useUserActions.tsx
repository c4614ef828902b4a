import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { Capability } from '@cmp/contracts/capabilities';
import { isAllowed } from '@cmp/contracts/capabilities';
import type { UserListItem } from '@cmp/contracts/users';
import { showMessage } from '../../platform/messages/messageStore';
import { failureText } from '../../platform/api/failureText';
import { useConfirmDialog } from '../../platform/ui/useConfirmDialog';
import { changeUserAdminStatus, changeUsername, changeUserStatus, resetUserPassword, setUserRoles, usersQueryKey } from '../api/userOperations';
import { ChangeUsernameDialog } from '../components/ChangeUsernameDialog';
import type { UserAction } from '../components/UserActionsMenu';
import { UserRolesDialog } from '../components/UserRolesDialog';
import { USER_RULES } from '../constants/userRules';

/**
 * What an administrator may do to a user on the list, each behind its capability and a confirmation
 * (status, administrator, username, password reset) or a dialog (username, roles).
 */
export function useUserActions(accountId: number, capabilities: Capability[], ownAccountId: number | undefined) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { confirm, dialog } = useConfirmDialog();
  const [renaming, setRenaming] = useState<UserListItem>();
  const [assigningRoles, setAssigningRoles] = useState<UserListItem>();
  const reload = () => queryClient.invalidateQueries({ queryKey: usersQueryKey(accountId) });

  const allowedActions = (user: UserListItem): UserAction[] => {
    const isSelf = user.AccountId === ownAccountId;
    const actions: [UserAction, boolean][] = [
      // Nobody disables themselves or changes their own administrator status (the server refuses too).
      ['toggleStatus', isAllowed(capabilities, USER_RULES.changeStatus) && !(isSelf && user.Status === 'Enabled')],
      ['toggleAdministrator', isAllowed(capabilities, USER_RULES.changeAdminStatus) && !isSelf],
      ['changeUsername', isAllowed(capabilities, USER_RULES.changeUsername)],
      ['resetPassword', isAllowed(capabilities, USER_RULES.resetPassword) && user.Email !== ''],
      ['roles', isAllowed(capabilities, USER_RULES.assignRoles)],
    ];
    return actions.filter(([, isOffered]) => isOffered).map(([action]) => action);
  };

  /** Runs a confirmed change; a failure is already shown as an error toast by the API client. */
  const run = async (change: () => Promise<unknown>, successText: string) => {
    try {
      await change();
      showMessage({ type: 'success', text: successText });
      await reload();
    } catch {
      // Shown as an error toast (spec §8).
    }
  };

  const onAction = async (action: UserAction, user: UserListItem) => {
    const name = user.DisplayName;
    if (action === 'changeUsername') return setRenaming(user);
    if (action === 'roles') return setAssigningRoles(user);
    if (action === 'toggleStatus') {
      const isDisabling = user.Status === 'Enabled';
      const title = isDisabling ? t('users.disable_title') : t('users.enable_title');
      if (await confirm({ title, message: isDisabling ? t('users.disable_message', { name }) : t('users.enable_message', { name }) }))
        await run(() => changeUserStatus(user.AccountId, isDisabling ? 'Disabled' : 'Enabled'), isDisabling ? t('users.disabled', { name }) : t('users.enabled', { name }));
    }
    if (action === 'toggleAdministrator') {
      const isGranting = !user.IsAdministrator;
      const title = isGranting ? t('users.make_administrator_title') : t('users.remove_administrator_title');
      if (await confirm({ title, message: isGranting ? t('users.make_administrator_message', { name }) : t('users.remove_administrator_message', { name }) }))
        await run(() => changeUserAdminStatus(user.AccountId, isGranting), t('common.changes_saved'));
    }
    if (action === 'resetPassword' && (await confirm({ title: t('users.reset_password_title'), message: t('users.reset_password_message', { name, email: user.Email }) })))
      await run(() => resetUserPassword(user.AccountId), t('users.reset_password_sent', { email: user.Email }));
  };

  const submitUsername = async (user: UserListItem, newUsername: string): Promise<string | undefined> => {
    const isConfirmed = await confirm({ title: t('users.change_username_confirm_title'), message: t('users.change_username_confirm_message', { name: user.DisplayName, from: user.Username, to: newUsername }) });
    if (!isConfirmed) return undefined;
    try {
      await changeUsername(user.AccountId, newUsername);
    } catch (error) {
      return failureText(error);
    }
    setRenaming(undefined);
    showMessage({ type: 'success', text: t('users.username_changed', { name: user.DisplayName, username: newUsername }) });
    await reload();
    return undefined;
  };

  const saveRoles = async (user: UserListItem, roleIds: number[]) => {
    try {
      await setUserRoles(user.AccountId, roleIds);
    } catch {
      return false;
    }
    showMessage({ type: 'success', text: t('common.changes_saved') });
    await Promise.all([reload(), queryClient.invalidateQueries({ queryKey: ['users', 'roles', user.AccountId] })]);
    return true;
  };

  const dialogs = (
    <>
      <ChangeUsernameDialog user={renaming} onSubmit={submitUsername} onClose={() => setRenaming(undefined)} />
      <UserRolesDialog user={assigningRoles} onSave={saveRoles} onClose={() => setAssigningRoles(undefined)} />
      {dialog}
    </>
  );
  return { allowedActions, onAction: (action: UserAction, user: UserListItem) => void onAction(action, user), dialogs };
}
