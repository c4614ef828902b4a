import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { RoleSummary } from '@cmp/contracts/roles';
import type { UserListItem } from '@cmp/contracts/users';
import { failureText } from '../../platform/api/failureText';
import { showMessage } from '../../platform/messages/messageStore';
import { FormDialog } from '../../platform/ui/dialog/FormDialog';
import { DataTable, type DataColumn } from '../../platform/ui/table/DataTable';
import { useConfirmDialog } from '../../platform/ui/useConfirmDialog';
import { useDebouncedValue } from '../../platform/ui/useDebouncedValue';
import { assignRoleUsers, removeRoleUsers, rolesQueryKey, roleUsersQueryKey, useOrganisationUsers, useRoleUsers, type RoleUsers } from '../api/roleOperations';

type RoleHolder = RoleUsers['Users'][number];
const holderNameId = (holder: RoleHolder) => `holder-${holder.UserAccountId}`;

interface RoleHoldersDialogProps {
  role: RoleSummary | undefined;
  ownerCompanyId: number;
  canAssign: boolean;
  onClose: () => void;
}

/** Who holds a role; with Roles Execute, remove holders (after a confirmation) and add users of the organisation. */
export function RoleHoldersDialog({ role, ownerCompanyId, canAssign, onClose }: RoleHoldersDialogProps) {
  const { t } = useTranslation();
  const tableLabelId = useId();
  const queryClient = useQueryClient();
  const { confirm, dialog } = useConfirmDialog();
  const holdersQuery = useRoleUsers(role?.RoleId);
  const [searchText, setSearchText] = useState('');
  const [picked, setPicked] = useState<UserListItem[]>([]);
  const [error, setError] = useState<string>();
  const [isAdding, setIsAdding] = useState(false);
  const candidatesQuery = useOrganisationUsers(ownerCompanyId, useDebouncedValue(searchText.trim()), role !== undefined && canAssign);
  const holderIds = new Set(holdersQuery.data?.Users.map((user) => user.UserAccountId));
  const candidates = (candidatesQuery.data?.Users ?? []).filter((user) => !holderIds.has(user.AccountId) && !user.IsTerminated);

  const reload = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: roleUsersQueryKey(role?.RoleId ?? 0) }),
      queryClient.invalidateQueries({ queryKey: rolesQueryKey(ownerCompanyId) }),
    ]);

  const add = async () => {
    if (!role || picked.length === 0) return;
    setIsAdding(true);
    setError(undefined);
    try {
      await assignRoleUsers(role.RoleId, picked.map((user) => user.AccountId));
      setPicked([]);
      showMessage({ type: 'success', text: t('roles.holders_added') });
      await reload();
    } catch (failure) {
      setError(failureText(failure));
    } finally {
      setIsAdding(false);
    }
  };

  const remove = async (userAccountId: number, displayName: string) => {
    if (!role) return;
    if (!(await confirm({ title: t('roles.remove_holder_title'), message: t('roles.remove_holder_message', { name: displayName, role: role.Name }) }))) return;
    try {
      await removeRoleUsers(role.RoleId, [userAccountId]);
      showMessage({ type: 'success', text: t('roles.holder_removed') });
      await reload();
    } catch {
      // Shown as an error toast.
    }
  };

  const close = () => {
    setPicked([]);
    setSearchText('');
    setError(undefined);
    onClose();
  };

  const columns: DataColumn<RoleHolder>[] = [
    { id: 'name', header: t('roles.column_name'), sortValue: (holder) => holder.DisplayName, isRowHeader: true, cell: (holder) => <span id={holderNameId(holder)}>{holder.DisplayName}</span> },
    { id: 'username', header: t('roles.column_username'), sortValue: (holder) => holder.Username, cell: (holder) => holder.Username },
    ...(canAssign
      ? [
          {
            id: 'actions',
            header: t('roles.column_actions'),
            cell: (holder: RoleHolder) => (
              <Button size="small" color="error" aria-describedby={holderNameId(holder)} onClick={() => void remove(holder.UserAccountId, holder.DisplayName)}>
                {t('roles.remove')}
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <FormDialog open={role !== undefined} title={t('roles.holders_title', { name: role?.Name ?? '' })} onClose={close}>
        <Stack spacing={2}>
          <Typography id={tableLabelId} variant="subtitle1" component="h3">
            {t('roles.holders_list')}
          </Typography>
          <DataTable
            tableId="role-holders"
            rows={holdersQuery.data?.Users ?? []}
            columns={columns}
            rowKey={(holder) => holder.UserAccountId}
            labelledBy={tableLabelId}
            initialSort={{ sortBy: 'name', sortDirection: 'asc' }}
            isLoading={holdersQuery.isPending}
            error={holdersQuery.isError && failureText(holdersQuery.error)}
            empty={t('roles.no_holders')}
          />
          {canAssign && (
            <Stack spacing={1}>
              {error && <Alert severity="error">{error}</Alert>}
              <Autocomplete
                multiple
                options={candidates}
                value={picked}
                onChange={(_event, users) => setPicked(users)}
                inputValue={searchText}
                onInputChange={(_event, text, reason) => reason !== 'reset' && setSearchText(text)}
                filterOptions={(options) => options}
                getOptionLabel={(user) => `${user.DisplayName} (${user.Username})`}
                isOptionEqualToValue={(option, value) => option.AccountId === value.AccountId}
                loading={candidatesQuery.isFetching}
                loadingText={t('common.loading')}
                noOptionsText={t('roles.no_candidates')}
                renderInput={(params) => <TextField {...params} label={t('roles.add_holders')} />}
              />
              <Button variant="outlined" sx={{ alignSelf: 'flex-start' }} disabled={picked.length === 0} loading={isAdding} onClick={() => void add()}>
                {t('roles.add_selected')}
              </Button>
            </Stack>
          )}
        </Stack>
      </FormDialog>
      {dialog}
    </>
  );
}
