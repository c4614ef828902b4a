import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { mdiPlus } from '@mdi/js';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CapabilitySet } from '@cmp/contracts/roles';
import { showMessage } from '../../platform/messages/messageStore';
import { MdiIcon } from '../../platform/ui/MdiIcon';
import { QueryCard } from '../../platform/ui/QueryCard';
import { useConfirmDialog } from '../../platform/ui/useConfirmDialog';
import { capabilitySetsQueryKey, deleteCapabilitySet, rolesQueryKey, saveCapabilitySet, useCapabilitySets } from '../api/roleOperations';
import { CapabilitySetDialog, type CapabilitySetDraft } from './CapabilitySetDialog';
import { CapabilitySetsTable, type CapabilitySetActions } from './CapabilitySetsTable';
import type { RolePermissions } from './RolesCard';

const NEW_SET: CapabilitySetDraft = { CapabilitySetId: null, Name: '', IsTemplate: false, Capabilities: [] };

/** An organisation's capability sets and the templates above it (issue 17): editor, copy of a template, delete after a confirmation. */
export function CapabilitySetsCard({ ownerCompanyId, permissions }: { ownerCompanyId: number; permissions: RolePermissions }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const setsQuery = useCapabilitySets(ownerCompanyId);
  const { confirm, dialog } = useConfirmDialog();
  const [draft, setDraft] = useState<CapabilitySetDraft>();
  const reload = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: capabilitySetsQueryKey(ownerCompanyId) }),
      queryClient.invalidateQueries({ queryKey: rolesQueryKey(ownerCompanyId) }),
    ]);

  const remove = async (set: CapabilitySet) => {
    if (!(await confirm({ title: t('roles.delete_set_title'), message: t('roles.delete_set_message', { name: set.Name }) }))) return;
    try {
      await deleteCapabilitySet(set.CapabilitySetId);
      showMessage({ type: 'success', text: t('roles.set_deleted', { name: set.Name }) });
      await reload();
    } catch {
      // The server's refusal is shown as an error toast.
    }
  };

  const actions: CapabilitySetActions = {
    edit: permissions.canSave ? (set) => setDraft({ ...set }) : undefined,
    // A copy is a new own set: no id, the template's capabilities, not itself a template.
    copy: permissions.canSave ? (set) => setDraft({ CapabilitySetId: null, Name: t('roles.copy_name', { name: set.Name }), IsTemplate: false, Capabilities: set.Capabilities }) : undefined,
    remove: permissions.canDelete ? (set) => void remove(set) : undefined,
  };

  return (
    <QueryCard title={t('roles.sets_title')} intro={t('roles.sets_intro')} query={setsQuery}>
      {(data, headingId) => (
        <Stack spacing={2}>
          {data.CapabilitySets.length === 0 ? (
            <Typography>{t('roles.no_sets')}</Typography>
          ) : (
            <CapabilitySetsTable sets={data.CapabilitySets} labelledBy={headingId} actions={actions} />
          )}
          {permissions.canSave && (
            <Button variant="contained" sx={{ alignSelf: 'flex-start' }} startIcon={<MdiIcon path={mdiPlus} />} onClick={() => setDraft(NEW_SET)}>
              {t('roles.new_set')}
            </Button>
          )}
          <CapabilitySetDialog draft={draft} onSave={(capabilitySet) => saveCapabilitySet({ ownerCompanyId, capabilitySet })} onSaved={reload} onClose={() => setDraft(undefined)} />
          {dialog}
        </Stack>
      )}
    </QueryCard>
  );
}
