import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { mdiDelete, mdiPencil, mdiPlus } from '@mdi/js';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { isAllowed, requirement } from '@cmp/contracts/capabilities';
import type { ServiceGroup } from '@cmp/contracts/catalog';
import { failureText } from '../../platform/api/failureText';
import { showMessage } from '../../platform/messages/messageStore';
import { useSessionUser } from '../../platform/session/currentUser';
import { MdiIcon } from '../../platform/ui/MdiIcon';
import { DataTable, type DataColumn } from '../../platform/ui/table/DataTable';
import { useConfirmDialog } from '../../platform/ui/useConfirmDialog';
import { deleteServiceGroup, saveServiceGroup, SERVICE_GROUPS_KEY, useAllServices, useServiceGroups } from '../api/serviceManagementOperations';
import { ServiceGroupDialog, type ServiceGroupDialogState } from '../components/ServiceGroupDialog';

const CAN_CREATE = requirement('SERVICE_TOOL_GROUPS', ['Create']);
const CAN_DELETE = requirement('SERVICE_TOOL_GROUPS', ['Delete']);
/** Members shown in the list before "and n more". */
const MEMBERS_SHOWN = 4;

/**
 * The service tool (`/service-tool/edit-service-groups`, My Services Read; issue 13): a reseller's
 * service groups — the scope pricing rules can name — created, renamed, filled and deleted.
 */
export function ServiceGroupsScreen() {
  const { t } = useTranslation();
  const headingId = useId();
  const queryClient = useQueryClient();
  const capabilities = useSessionUser()?.Capability ?? [];
  const canCreate = isAllowed(capabilities, CAN_CREATE);
  const canDelete = isAllowed(capabilities, CAN_DELETE);
  const query = useServiceGroups();
  const [editing, setEditing] = useState<ServiceGroupDialogState>();
  const services = useAllServices(editing !== undefined);
  const { confirm, dialog: confirmDialog } = useConfirmDialog();
  const [text, setText] = useState('');
  const reload = () => queryClient.invalidateQueries({ queryKey: SERVICE_GROUPS_KEY });
  const needle = text.trim().toLowerCase();
  const shown = (query.data ?? []).filter((group) => !needle || group.Name.toLowerCase().includes(needle) || group.Services.some((service) => service.DisplayName.toLowerCase().includes(needle)));

  const save = async (name: string, serviceNames: string[]) => {
    const id = editing?.mode === 'edit' ? editing.group.ServiceGroupId : undefined;
    try {
      await saveServiceGroup(id, { Name: name, ServiceNames: serviceNames });
    } catch (error) {
      return failureText(error);
    }
    showMessage({ type: 'success', text: t(id === undefined ? 'catalog.group_created' : 'catalog.group_saved', { name }) });
    setEditing(undefined);
    await reload();
    return undefined;
  };

  const remove = async (group: ServiceGroup) => {
    const message = group.UsedByRules.length ? t('catalog.delete_group_used', { name: group.Name, rule: group.UsedByRules[0]!.RuleName }) : t('catalog.delete_group_message', { name: group.Name });
    if (!(await confirm({ title: t('catalog.delete_group_title'), message }))) return;
    try {
      await deleteServiceGroup(group.ServiceGroupId);
    } catch {
      // The server's refusal (a rule uses it) is shown as an error toast.
      return;
    }
    showMessage({ type: 'success', text: t('catalog.group_deleted', { name: group.Name }) });
    await reload();
  };

  const newButton = canCreate && (
    <Button variant="contained" startIcon={<MdiIcon path={mdiPlus} />} onClick={() => setEditing({ mode: 'new' })}>
      {t('catalog.new_group')}
    </Button>
  );

  const membersOf = (group: ServiceGroup) =>
    group.Services.length === 0
      ? t('catalog.group_empty')
      : [
          group.Services.slice(0, MEMBERS_SHOWN)
            .map((service) => service.DisplayName)
            .join(', '),
          group.Services.length > MEMBERS_SHOWN ? t('catalog.and_more', { number: group.Services.length - MEMBERS_SHOWN }) : '',
        ].join(' ');
  const rulesOf = (group: ServiceGroup) =>
    group.UsedByRules.length === 0 ? t('catalog.group_unused') : group.UsedByRules.map((rule) => t('catalog.rule_of_pricelist', { rule: rule.RuleName, pricelist: rule.MarketplaceName })).join('; ');
  const columns: DataColumn<ServiceGroup>[] = [
    { id: 'name', header: t('catalog.group_name'), isRowHeader: true, sortValue: (group) => group.Name, cell: (group) => group.Name },
    { id: 'services', header: t('catalog.group_services'), sortValue: membersOf, cell: membersOf },
    { id: 'usedBy', header: t('catalog.group_used_by'), sortValue: rulesOf, cell: rulesOf },
    ...(canCreate || canDelete
      ? [
          {
            id: 'actions',
            header: t('catalog.column_actions'),
            cellSx: { whiteSpace: 'nowrap' },
            cell: (group: ServiceGroup) => (
              <>
                {canCreate && (
                  <IconButton aria-label={t('catalog.edit_group', { name: group.Name })} onClick={() => setEditing({ mode: 'edit', group })}>
                    <MdiIcon path={mdiPencil} />
                  </IconButton>
                )}
                {canDelete && (
                  <IconButton aria-label={t('catalog.delete_group', { name: group.Name })} onClick={() => void remove(group)}>
                    <MdiIcon path={mdiDelete} />
                  </IconButton>
                )}
              </>
            ),
          },
        ]
      : []),
  ];

  return (
    <Box sx={{ maxWidth: 1280, mx: 'auto' }}>
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        {t('routes.edit_service_groups')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('catalog.groups_intro')}
      </Typography>
      <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: 3 }}>
        <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
          <Typography id={headingId} variant="h6" component="h2">
            {t('catalog.groups_title')}
          </Typography>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            {(query.data?.length ?? 0) > 0 && <TextField size="small" type="search" label={t('catalog.filter_groups')} value={text} onChange={(event) => setText(event.target.value)} />}
            {(query.data?.length ?? 0) > 0 && newButton}
          </Stack>
        </Stack>
        <DataTable
          tableId="catalog-service-groups"
          rows={shown}
          columns={columns}
          rowKey={(group) => group.ServiceGroupId}
          labelledBy={headingId}
          isLoading={query.isPending}
          error={query.isError ? failureText(query.error) : undefined}
          empty={
            query.data?.length ? (
              <Typography role="status">{t('catalog.no_match')}</Typography>
            ) : (
              <Stack spacing={2} sx={{ alignItems: 'flex-start', py: 2 }}>
                <Typography role="status">{t('catalog.no_groups')}</Typography>
                {newButton}
              </Stack>
            )
          }
        />
      </Paper>
      <ServiceGroupDialog state={editing} services={services.data ?? []} isLoadingServices={services.isPending} onSave={save} onClose={() => setEditing(undefined)} />
      {confirmDialog}
    </Box>
  );
}
