import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Typography from '@mui/material/Typography';
import type { UserListItem } from '@cmp/contracts/users';
import { failureText } from '../../platform/api/failureText';
import { LoadingIndicator } from '../../platform/ui/LoadingIndicator';
import { useUserRoles } from '../api/userOperations';

interface UserRolesDialogProps {
  user: UserListItem | undefined;
  onSave: (user: UserListItem, roleIds: number[]) => Promise<boolean>;
  onClose: () => void;
}

/** Role assignment (spec §6): the roles of the user's company and of the owners above it, as checkboxes. */
export function UserRolesDialog({ user, onSave, onClose }: UserRolesDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const rolesQuery = useUserRoles(user?.AccountId);
  const [selected, setSelected] = useState<number[]>([]);
  const [isSaving, setIsSaving] = useState(false);

  useEffect(() => {
    setSelected(rolesQuery.data?.Roles.filter((role) => role.IsAssigned).map((role) => role.RoleId) ?? []);
  }, [rolesQuery.data]);

  const toggle = (roleId: number, isChecked: boolean) => setSelected((current) => (isChecked ? [...current, roleId] : current.filter((id) => id !== roleId)));
  const save = async () => {
    if (!user) return;
    setIsSaving(true);
    const isSaved = await onSave(user, selected);
    setIsSaving(false);
    if (isSaved) onClose();
  };

  return (
    <Dialog open={user !== undefined} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('users.roles_title', { name: user?.DisplayName ?? '' })}</DialogTitle>
      <DialogContent>
        {rolesQuery.isPending && <LoadingIndicator />}
        {rolesQuery.isError && <Alert severity="error">{failureText(rolesQuery.error)}</Alert>}
        {rolesQuery.data && rolesQuery.data.Roles.length === 0 && <Typography>{t('users.no_roles')}</Typography>}
        {rolesQuery.data && (
          <FormGroup aria-labelledby={titleId}>
            {rolesQuery.data.Roles.map((role) => (
              <FormControlLabel
                key={role.RoleId}
                // A role the caller could not give (it holds more than they do) can only be taken away.
                disabled={!role.IsGrantable && !selected.includes(role.RoleId)}
                control={<Checkbox checked={selected.includes(role.RoleId)} onChange={(event) => toggle(role.RoleId, event.target.checked)} />}
                label={
                  <span>
                    {role.Name}
                    <Typography component="span" variant="body2" color="text.secondary">
                      {` — ${role.OwnerDisplayName}`}
                    </Typography>
                  </span>
                }
              />
            ))}
          </FormGroup>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" onClick={() => void save()} loading={isSaving} disabled={!rolesQuery.data}>
          {t('common.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
