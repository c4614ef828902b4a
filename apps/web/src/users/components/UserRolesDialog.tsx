import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import type { UserListItem } from '@cmp/contracts/users';
import { failureText } from '../../platform/api/failureText';
import { FormDialog } from '../../platform/ui/dialog/FormDialog';
import { LoadingIndicator } from '../../platform/ui/LoadingIndicator';
import { useUserRoles } from '../api/userOperations';
import { RoleCheckboxes } from './RoleCheckboxes';

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

  const save = async () => {
    if (!user) return;
    setIsSaving(true);
    const isSaved = await onSave(user, selected);
    setIsSaving(false);
    if (isSaved) onClose();
  };

  return (
    <FormDialog
      open={user !== undefined}
      title={t('users.roles_title', { name: user?.DisplayName ?? '' })}
      titleId={titleId}
      isBusy={isSaving}
      isSubmitDisabled={!rolesQuery.data}
      onSubmit={() => void save()}
      onClose={onClose}
    >
      {rolesQuery.isPending && <LoadingIndicator />}
      {rolesQuery.isError && <Alert severity="error">{failureText(rolesQuery.error)}</Alert>}
      {rolesQuery.data && rolesQuery.data.Roles.length === 0 && <Typography>{t('users.no_roles')}</Typography>}
      {rolesQuery.data && <RoleCheckboxes roles={rolesQuery.data.Roles} selected={selected} onChange={setSelected} aria-labelledby={titleId} />}
    </FormDialog>
  );
}
