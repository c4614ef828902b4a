import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { RoleSummary } from '@cmp/contracts/roles';
import type { UserListItem } from '@cmp/contracts/users';
import { failureText } from '../../platform/api/failureText';
import { showMessage } from '../../platform/messages/messageStore';
import { LoadingIndicator } from '../../platform/ui/LoadingIndicator';
import { useConfirmDialog } from '../../platform/ui/useConfirmDialog';
import { useDebouncedValue } from '../../platform/ui/useDebouncedValue';
import { assignRoleUsers, removeRoleUsers, rolesQueryKey, roleUsersQueryKey, useOrganisationUsers, useRoleUsers } from '../api/roleOperations';

interface RoleHoldersDialogProps {
  role: RoleSummary | undefined;
  ownerCompanyId: number;
  canAssign: boolean;
  onClose: () => void;
}

/** Who holds a role; with Roles Execute, remove holders (after a confirmation) and add users of the organisation. */
export function RoleHoldersDialog({ role, ownerCompanyId, canAssign, onClose }: RoleHoldersDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
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

  return (
    <Dialog open={role !== undefined} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('roles.holders_title', { name: role?.Name ?? '' })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography id={tableLabelId} variant="subtitle1" component="h3">
            {t('roles.holders_list')}
          </Typography>
          {holdersQuery.isPending && <LoadingIndicator />}
          {holdersQuery.isError && <Alert severity="error">{failureText(holdersQuery.error)}</Alert>}
          {holdersQuery.data?.Users.length === 0 && <Typography>{t('roles.no_holders')}</Typography>}
          {holdersQuery.data && holdersQuery.data.Users.length > 0 && (
            <Table size="small" aria-labelledby={tableLabelId}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('roles.column_name')}</TableCell>
                  <TableCell>{t('roles.column_username')}</TableCell>
                  {canAssign && <TableCell>{t('roles.column_actions')}</TableCell>}
                </TableRow>
              </TableHead>
              <TableBody>
                {holdersQuery.data.Users.map((user) => (
                  <TableRow key={user.UserAccountId}>
                    <TableCell id={`holder-${user.UserAccountId}`}>{user.DisplayName}</TableCell>
                    <TableCell>{user.Username}</TableCell>
                    {canAssign && (
                      <TableCell>
                        <Button size="small" color="error" aria-describedby={`holder-${user.UserAccountId}`} onClick={() => void remove(user.UserAccountId, user.DisplayName)}>
                          {t('roles.remove')}
                        </Button>
                      </TableCell>
                    )}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
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
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('common.close')}</Button>
      </DialogActions>
      {dialog}
    </Dialog>
  );
}
