import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { RoleSummary } from '@cmp/contracts/roles';
import { DataTable, type DataColumn } from '../../platform/ui/table/DataTable';

export interface RoleActions {
  edit?: (role: RoleSummary) => void;
  showHolders: (role: RoleSummary) => void;
  remove?: (role: RoleSummary) => void;
}

interface RolesTableProps {
  roles: RoleSummary[];
  /** Names of the organisation's capability sets by id. */
  setNames: Map<number, string>;
  labelledBy: string;
  actions: RoleActions;
}

const nameIdOf = (role: RoleSummary) => `role-${role.RoleId}-name`;

/** An organisation's roles (spec §3 Role): name, description, holders, the capability sets each holds. */
export function RolesTable({ roles, setNames, labelledBy, actions }: RolesTableProps) {
  const { t } = useTranslation();

  const columns: DataColumn<RoleSummary>[] = [
    {
      id: 'name',
      header: t('roles.column_name'),
      sortValue: (role) => role.Name,
      cellSx: { fontWeight: 500 },
      cell: (role) => (
        <>
          <span id={nameIdOf(role)}>{role.Name}</span>
          {role.IsAdministrator && <Chip size="small" color="primary" variant="outlined" label={t('roles.administrator_role')} sx={{ ml: 1 }} />}
        </>
      ),
    },
    { id: 'description', header: t('roles.column_description'), sortValue: (role) => role.Description, isHideable: true, cell: (role) => role.Description },
    { id: 'holders', header: t('roles.column_holders'), sortValue: (role) => role.UserCount, align: 'right', isHideable: true, cell: (role) => role.UserCount },
    { id: 'sets', header: t('roles.column_sets'), cell: (role) => role.CapabilitySetIds.map((id) => setNames.get(id) ?? `#${id}`).join(', ') },
    {
      id: 'actions',
      header: t('roles.column_actions'),
      cell: (role) => {
        const nameId = nameIdOf(role);
        return (
          <Stack direction="row" spacing={1}>
            {actions.edit && (
              <Button size="small" aria-describedby={nameId} onClick={() => actions.edit?.(role)}>
                {t('roles.edit')}
              </Button>
            )}
            <Button size="small" aria-describedby={nameId} onClick={() => actions.showHolders(role)}>
              {t('roles.holders')}
            </Button>
            {actions.remove && !role.IsAdministrator && (
              <Button size="small" color="error" aria-describedby={nameId} onClick={() => actions.remove?.(role)}>
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
      tableId="roles"
      rows={roles}
      columns={columns}
      rowKey={(role) => role.RoleId}
      labelledBy={labelledBy}
      initialSort={{ sortBy: 'name', sortDirection: 'asc' }}
      pageSizes={false}
      empty={t('roles.no_roles')}
    />
  );
}
