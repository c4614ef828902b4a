import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { RoleSummary } from '@cmp/contracts/roles';
import { SortableHeaderCell } from '../../users/components/SortableHeaderCell';
import { useClientSort } from '../hooks/useClientSort';

type RoleSortField = 'name' | 'description' | 'holders';

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

const roleSortValue = (role: RoleSummary, field: RoleSortField) => (field === 'holders' ? role.UserCount : field === 'name' ? role.Name : role.Description);

/** An organisation's roles (spec §3 Role): name, description, holders, the capability sets each holds. */
export function RolesTable({ roles, setNames, labelledBy, actions }: RolesTableProps) {
  const { t } = useTranslation();
  const { sort, setSort, sorted } = useClientSort<RoleSummary, RoleSortField>(roles, roleSortValue, 'name');

  return (
    <TableContainer>
      <Table size="small" aria-labelledby={labelledBy}>
        <TableHead>
          <TableRow>
            <SortableHeaderCell field="name" sort={sort} onSort={setSort}>
              {t('roles.column_name')}
            </SortableHeaderCell>
            <SortableHeaderCell field="description" sort={sort} onSort={setSort}>
              {t('roles.column_description')}
            </SortableHeaderCell>
            <SortableHeaderCell field="holders" sort={sort} onSort={setSort} align="right">
              {t('roles.column_holders')}
            </SortableHeaderCell>
            <TableCell>{t('roles.column_sets')}</TableCell>
            <TableCell>{t('roles.column_actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {sorted.map((role) => {
            const nameId = `role-${role.RoleId}-name`;
            return (
              <TableRow key={role.RoleId}>
                <TableCell sx={{ fontWeight: 500 }}>
                  <span id={nameId}>{role.Name}</span>
                  {role.IsAdministrator && <Chip size="small" color="primary" variant="outlined" label={t('roles.administrator_role')} sx={{ ml: 1 }} />}
                </TableCell>
                <TableCell>{role.Description}</TableCell>
                <TableCell align="right">{role.UserCount}</TableCell>
                <TableCell>{role.CapabilitySetIds.map((id) => setNames.get(id) ?? `#${id}`).join(', ')}</TableCell>
                <TableCell>
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
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
