import { useTranslation } from 'react-i18next';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { UserListItem, UserSortField } from '@cmp/contracts/users';
import { formatDateTime } from '../../platform/dates/formatDateTime';
import { SortableHeaderCell, type SortState } from '../../platform/ui/table/SortableHeaderCell';
import { UserActionsMenu, type UserAction } from './UserActionsMenu';

interface UsersTableProps {
  users: UserListItem[];
  labelledBy: string;
  sort: SortState<UserSortField>;
  onSort: (sort: SortState<UserSortField>) => void;
  allowedActions: (user: UserListItem) => UserAction[];
  onAction: (action: UserAction, user: UserListItem) => void;
}

const COLUMNS: { field: UserSortField; labelKey: string }[] = [
  { field: 'Name', labelKey: 'users.column_name' },
  { field: 'Username', labelKey: 'users.column_username' },
  { field: 'Email', labelKey: 'users.column_email' },
  { field: 'Department', labelKey: 'users.column_department' },
  { field: 'Status', labelKey: 'users.column_status' },
  { field: 'IsAdministrator', labelKey: 'users.column_administrator' },
];

/** The users of one page: name, username, e-mail, department, status, administrator, roles, last sign-in, actions. */
export function UsersTable({ users, labelledBy, sort, onSort, allowedActions, onAction }: UsersTableProps) {
  const { t, i18n } = useTranslation();
  return (
    <TableContainer>
      <Table size="small" aria-labelledby={labelledBy} sx={{ '& td, & th': { px: 1 } }}>
        <TableHead>
          <TableRow>
            {COLUMNS.map((column) => (
              <SortableHeaderCell key={column.field} field={column.field} sort={sort} onSort={onSort}>
                {t(column.labelKey)}
              </SortableHeaderCell>
            ))}
            <TableCell>{t('users.column_roles')}</TableCell>
            <SortableHeaderCell field="LastLogon" sort={sort} onSort={onSort}>
              {t('users.column_last_logon')}
            </SortableHeaderCell>
            <TableCell>{t('users.column_actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {users.map((user) => (
            <TableRow key={user.AccountId} hover>
              <TableCell component="th" scope="row" sx={{ fontWeight: 500, whiteSpace: 'nowrap' }}>
                {user.DisplayName}
              </TableCell>
              <TableCell>{user.Username}</TableCell>
              <TableCell>{user.Email}</TableCell>
              <TableCell>{user.DepartmentName ?? '—'}</TableCell>
              <TableCell>
                {user.IsTerminated ? (
                  <Chip size="small" label={t('users.status_terminated')} />
                ) : (
                  <Chip size="small" variant="outlined" color={user.Status === 'Enabled' ? 'default' : 'error'} label={t(`users.status_${user.Status}`)} />
                )}
              </TableCell>
              <TableCell>{user.IsAdministrator ? t('users.yes') : t('users.no')}</TableCell>
              <TableCell>{user.Roles.map((role) => role.Name).join(', ') || '—'}</TableCell>
              <TableCell>{user.LastLogonAt ? formatDateTime(user.LastLogonAt, i18n.language) : t('users.never')}</TableCell>
              <TableCell>
                <UserActionsMenu user={user} allowed={user.IsTerminated ? [] : allowedActions(user)} onAction={onAction} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
