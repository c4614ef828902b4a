import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { mdiPlus } from '@mdi/js';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { RoleSummary } from '@cmp/contracts/roles';
import { showMessage } from '../../platform/messages/messageStore';
import { MdiIcon } from '../../platform/ui/MdiIcon';
import { QueryCard } from '../../platform/ui/QueryCard';
import { useConfirmDialog } from '../../platform/ui/useConfirmDialog';
import { deleteRole, rolesQueryKey, saveRole, useCapabilitySets, useRoles } from '../api/roleOperations';
import { RoleDialog } from './RoleDialog';
import { RoleHoldersDialog } from './RoleHoldersDialog';
import { RolesTable, type RoleActions } from './RolesTable';

export interface RolePermissions {
  canSave: boolean;
  canDelete: boolean;
  canAssign: boolean;
}

/** An organisation's roles (issue 17): the table, the role dialog, the holders dialog, deleting after a confirmation. */
export function RolesCard({ ownerCompanyId, permissions }: { ownerCompanyId: number; permissions: RolePermissions }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const rolesQuery = useRoles(ownerCompanyId);
  const setsQuery = useCapabilitySets(ownerCompanyId);
  const { confirm, dialog } = useConfirmDialog();
  const [editing, setEditing] = useState<RoleSummary | null>();
  const [showingHolders, setShowingHolders] = useState<RoleSummary>();
  const sets = setsQuery.data?.CapabilitySets ?? [];
  const setNames = new Map(sets.map((set) => [set.CapabilitySetId, set.Name]));
  const reload = () => queryClient.invalidateQueries({ queryKey: rolesQueryKey(ownerCompanyId) });

  const remove = async (role: RoleSummary) => {
    const message = role.UserCount > 0 ? t('roles.delete_role_held', { name: role.Name, count: role.UserCount }) : t('roles.delete_role_unheld', { name: role.Name });
    if (!(await confirm({ title: t('roles.delete_role_title'), message }))) return;
    try {
      await deleteRole(role.RoleId);
      showMessage({ type: 'success', text: t('roles.role_deleted', { name: role.Name }) });
      await reload();
    } catch {
      // The server's refusal (e.g. the administrator role) is shown as an error toast.
    }
  };

  const actions: RoleActions = {
    edit: permissions.canSave ? setEditing : undefined,
    showHolders: setShowingHolders,
    remove: permissions.canDelete ? (role) => void remove(role) : undefined,
  };

  return (
    <QueryCard title={t('roles.roles_title')} intro={t('roles.roles_intro')} query={rolesQuery}>
      {(data, headingId) => (
        <Stack spacing={2}>
          {data.Roles.length === 0 ? <Typography>{t('roles.no_roles')}</Typography> : <RolesTable roles={data.Roles} setNames={setNames} labelledBy={headingId} actions={actions} />}
          {permissions.canSave && (
            <Button variant="contained" sx={{ alignSelf: 'flex-start' }} startIcon={<MdiIcon path={mdiPlus} />} onClick={() => setEditing(null)}>
              {t('roles.new_role')}
            </Button>
          )}
          <RoleDialog
            role={editing}
            ownSets={sets.filter((set) => set.IsOwn)}
            onSave={(role) => saveRole({ ownerCompanyId, role })}
            onSaved={reload}
            onClose={() => setEditing(undefined)}
          />
          <RoleHoldersDialog role={showingHolders} ownerCompanyId={ownerCompanyId} canAssign={permissions.canAssign} onClose={() => setShowingHolders(undefined)} />
          {dialog}
        </Stack>
      )}
    </QueryCard>
  );
}
