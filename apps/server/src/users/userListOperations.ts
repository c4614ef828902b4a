import { requirement } from '@cmp/contracts/capabilities';
import { exportUsersRequestSchema, fileDownloadSchema, getUsersRequestSchema, getUsersResponseSchema, type UserListItem } from '@cmp/contracts/users';
import { requireAccountFor } from '../accounts/accountAccess';
import { auditAccountChange } from '../platform/audit';
import type { Queryable } from '../platform/db/database';
import { ApiError } from '../platform/errors';
import { catalogueText, workbookDownload, type ExcelColumn } from '../platform/excel';
import { defineOperation } from '../platform/operations';
import type { AccountRow, CallerSession } from '../platform/session';
import { listUsers } from './userQueries';

const USERS_READ = requirement('USER_ACCOUNT', ['Read']);
const USERS_EXPORT = requirement('USER_EXPORT', ['Execute']);
const ACCOUNTS_WITH_USERS = ['Reseller', 'Company', 'Department', 'Vendor'];

/** The account whose users are listed: read access to it (its type's capability) inside the hierarchy. */
async function requireUserOwner(db: Queryable, caller: CallerSession, accountId: number): Promise<AccountRow> {
  const account = await requireAccountFor(db, caller, accountId, 'Read');
  if (!ACCOUNTS_WITH_USERS.includes(account.type)) throw new ApiError(400, 'field_invalid_value', { field: 'accountId', value: String(accountId) });
  return account;
}

const getUsers = defineOperation({
  service: 'IAccountService',
  operation: 'GetUsers',
  readOnly: true,
  summary: "One page of the users of a company or department (users of its departments included) or of a reseller's own users; sorted, filtered by text (name, username, e-mail) and status, with the total.",
  request: getUsersRequestSchema,
  response: getUsersResponseSchema,
  rule: USERS_READ,
  async handler(input, { db, caller }) {
    const account = await requireUserOwner(db, caller, input.accountId);
    const { users, total } = await listUsers(db, account, input, { page: input.page, pageSize: input.pageSize });
    return { Users: users, Total: total };
  },
});

const USER_COLUMNS: ExcelColumn<UserListItem & { locale: Parameters<typeof catalogueText>[0] }>[] = [
  { titleKey: 'export_user_name', width: 28, value: (u) => u.DisplayName },
  { titleKey: 'export_user_username', width: 22, value: (u) => u.Username },
  { titleKey: 'export_user_email', width: 32, value: (u) => u.Email },
  { titleKey: 'export_user_department', width: 20, value: (u) => u.DepartmentName },
  { titleKey: 'export_user_status', width: 12, value: (u) => catalogueText(u.locale, `export_user_status_${u.Status}`) },
  { titleKey: 'export_user_administrator', width: 14, value: (u) => catalogueText(u.locale, u.IsAdministrator ? 'export_yes' : 'export_no') },
  { titleKey: 'export_user_roles', width: 30, value: (u) => u.Roles.map((role) => role.Name).join(', ') },
  { titleKey: 'export_user_last_logon', width: 20, value: (u) => (u.LastLogonAt ? new Date(u.LastLogonAt) : null) },
];

const exportUsers = defineOperation({
  service: 'IAccountService',
  operation: 'ExportUsers',
  summary: 'The users GetUsers lists (same sort and filter, every page) as an Excel workbook: {FileName, ContentType, ContentBase64}. Audited as UsersExported.',
  request: exportUsersRequestSchema,
  response: fileDownloadSchema,
  rule: { all: [USERS_READ, USERS_EXPORT] },
  async handler(input, ctx) {
    const { db, caller, locale } = ctx;
    const account = await requireUserOwner(db, caller, input.accountId);
    const { users } = await listUsers(db, account, input);
    const file = await workbookDownload(locale, {
      baseName: `${catalogueText(locale, 'export_users_file')}-${account.displayName}`,
      sheetTitleKey: 'export_users_sheet',
      columns: USER_COLUMNS,
      rows: users.map((user) => ({ ...user, locale })),
    });
    await db.transaction(async (tx) => {
      await auditAccountChange(tx, ctx, 'UsersExported', account, { Count: users.length, Filter: input.filter });
    });
    return file;
  },
});

export const userListOperations = [getUsers, exportUsers];
