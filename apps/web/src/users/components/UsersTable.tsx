import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Chip from '@mui/material/Chip';
import type { UserListItem, UserSortField } from '@cmp/contracts/users';
import { formatDateTime } from '../../platform/dates/formatDateTime';
import { DataTable, type DataColumn, type ServerPaging } from '../../platform/ui/table/DataTable';
import { UserActionsMenu, type UserAction } from './UserActionsMenu';

interface UsersTableProps {
  users: UserListItem[];
  labelledBy: string;
  /** The server's page of users: its order, page and page size. */
  server: ServerPaging<UserSortField>;
  /** Shown instead of the table when the page has no user. */
  empty: ReactNode;
  allowedActions: (user: UserListItem) => UserAction[];
  onAction: (action: UserAction, user: UserListItem) => void;
}

/** The users of one page: name, username, e-mail, department, status, administrator, roles, last sign-in, actions. */
export function UsersTable({ users, labelledBy, server, empty, allowedActions, onAction }: UsersTableProps) {
  const { t, i18n } = useTranslation();
  const columns: DataColumn<UserListItem>[] = [
    { id: 'Name', header: t('users.column_name'), sortable: true, isRowHeader: true, cellSx: { fontWeight: 500, whiteSpace: 'nowrap' }, cell: (user) => user.DisplayName },
    { id: 'Username', header: t('users.column_username'), sortable: true, cell: (user) => user.Username },
    { id: 'Email', header: t('users.column_email'), sortable: true, cell: (user) => user.Email },
    { id: 'Department', header: t('users.column_department'), sortable: true, isHideable: true, cell: (user) => user.DepartmentName ?? '—' },
    {
      id: 'Status',
      header: t('users.column_status'),
      sortable: true,
      cell: (user) =>
        user.IsTerminated ? (
          <Chip size="small" label={t('users.status_terminated')} />
        ) : (
          <Chip size="small" variant="outlined" color={user.Status === 'Enabled' ? 'default' : 'error'} label={t(`users.status_${user.Status}`)} />
        ),
    },
    { id: 'IsAdministrator', header: t('users.column_administrator'), sortable: true, isHideable: true, cell: (user) => (user.IsAdministrator ? t('users.yes') : t('users.no')) },
    { id: 'Roles', header: t('users.column_roles'), isHideable: true, cell: (user) => user.Roles.map((role) => role.Name).join(', ') || '—' },
    { id: 'LastLogon', header: t('users.column_last_logon'), sortable: true, isHideable: true, cell: (user) => (user.LastLogonAt ? formatDateTime(user.LastLogonAt, i18n.language) : t('users.never')) },
    { id: 'actions', header: t('users.column_actions'), cell: (user) => <UserActionsMenu user={user} allowed={user.IsTerminated ? [] : allowedActions(user)} onAction={onAction} /> },
  ];
  return (
    // Narrow cells: the list has nine columns.
    <DataTable tableId="users" rows={users} columns={columns} rowKey={(user) => user.AccountId} labelledBy={labelledBy} server={server} empty={empty} sx={{ '& td, & th': { px: 1 } }} />
  );
}
