import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { CapabilitySet } from '@cmp/contracts/roles';
import { DataTable, type DataColumn } from '../../platform/ui/table/DataTable';

export interface CapabilitySetActions {
  edit?: (set: CapabilitySet) => void;
  copy?: (set: CapabilitySet) => void;
  remove?: (set: CapabilitySet) => void;
}

const nameIdOf = (set: CapabilitySet) => `capability-set-${set.CapabilitySetId}-name`;

/** The organisation's own capability sets and the templates of the owners above, offered to copy. */
export function CapabilitySetsTable({ sets, labelledBy, actions }: { sets: CapabilitySet[]; labelledBy: string; actions: CapabilitySetActions }) {
  const { t } = useTranslation();

  const columns: DataColumn<CapabilitySet>[] = [
    { id: 'name', header: t('roles.column_name'), sortValue: (set) => set.Name, cellSx: { fontWeight: 500 }, cell: (set) => <span id={nameIdOf(set)}>{set.Name}</span> },
    { id: 'template', header: t('roles.column_template'), sortValue: (set) => Number(set.IsTemplate), cell: (set) => (set.IsTemplate ? t('roles.yes') : t('roles.no')) },
    { id: 'owner', header: t('roles.column_owner'), sortValue: (set) => set.OwnerDisplayName, cell: (set) => (set.IsOwn ? t('roles.owner_own') : set.OwnerDisplayName) },
    { id: 'count', header: t('roles.column_capability_count'), sortValue: (set) => set.Capabilities.length, align: 'right', isHideable: true, cell: (set) => set.Capabilities.length },
    {
      id: 'actions',
      header: t('roles.column_actions'),
      cell: (set) => {
        const nameId = nameIdOf(set);
        return (
          <Stack direction="row" spacing={1}>
            {set.IsOwn && actions.edit && (
              <Button size="small" aria-describedby={nameId} onClick={() => actions.edit?.(set)}>
                {t('roles.edit')}
              </Button>
            )}
            {!set.IsOwn && actions.copy && (
              <Button size="small" aria-describedby={nameId} onClick={() => actions.copy?.(set)}>
                {t('common.copy')}
              </Button>
            )}
            {set.IsOwn && actions.remove && (
              <Button size="small" color="error" aria-describedby={nameId} onClick={() => actions.remove?.(set)}>
                {t('roles.delete')}
              </Button>
            )}
          </Stack>
        );
      },
    },
  ];

  return (
    <DataTable
      tableId="capability-sets"
      rows={sets}
      columns={columns}
      rowKey={(set) => set.CapabilitySetId}
      labelledBy={labelledBy}
      initialSort={{ sortBy: 'name', sortDirection: 'asc' }}
      pageSizes={false}
      empty={t('roles.no_sets')}
    />
  );
}
