import { z } from 'zod';
import { accountIdSchema } from './accounts';

// Accounts issue "Users and logs": the users of a company (or department, or a reseller's own
// users) with status, administrator flag, username, password reset, roles and an Excel export.

export const USER_STATUSES = ['Enabled', 'Disabled'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const USER_SORT_FIELDS = ['Name', 'Username', 'Email', 'Department', 'Status', 'IsAdministrator', 'LastLogon'] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** The longest page a list operation answers (users, audit log). */
export const MAX_PAGE_SIZE = 200;
/** Server-side paging: `page` counts from 0, as the portal's table pagination does. */
export const pagingSchema = {
  page: z.number().int().min(0).default(0),
  pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).default(25),
};

export const USERNAME_MAX_LENGTH = 100;
/** Letters, digits and `. _ - @`: what sign-in, reset links and brute-force keys handle safely. */
export const USERNAME_PATTERN = /^[\p{L}\p{N}._@-]+$/u;
export const usernameSchema = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(USERNAME_MAX_LENGTH, `is longer than ${USERNAME_MAX_LENGTH} characters`)
  .regex(USERNAME_PATTERN, 'may contain only letters, digits and . _ - @');

export const userFilterSchema = z
  .object({
    /** Part of the name, username or e-mail address, case-insensitive. */
    text: z.string().trim().max(200).optional(),
    status: z.enum(USER_STATUSES).optional(),
  })
  .strict();
export type UserFilter = z.infer<typeof userFilterSchema>;

const userQueryFields = {
  accountId: accountIdSchema,
  sortBy: z.enum(USER_SORT_FIELDS).default('Name'),
  sortDirection: z.enum(SORT_DIRECTIONS).default('asc'),
  filter: userFilterSchema.default({}),
};

export const getUsersRequestSchema = z.object({ ...userQueryFields, ...pagingSchema }).strict();
export type GetUsersRequest = z.input<typeof getUsersRequestSchema>;

export const userRoleSchema = z.object({ RoleId: z.number().int(), Name: z.string() });

export const userListItemSchema = z.object({
  AccountId: z.number().int(),
  DisplayName: z.string(),
  Username: z.string(),
  Email: z.string(),
  DepartmentAccountId: z.number().int().nullable(),
  DepartmentName: z.string().nullable(),
  Status: z.enum(USER_STATUSES),
  /** The administrator flag, or the company's administrator role held. */
  IsAdministrator: z.boolean(),
  Roles: z.array(userRoleSchema),
  LastLogonAt: z.string().nullable(),
  /** A terminated user is shown but cannot be changed. */
  IsTerminated: z.boolean(),
});
export type UserListItem = z.infer<typeof userListItemSchema>;

export const getUsersResponseSchema = z.object({ Users: z.array(userListItemSchema), Total: z.number().int() });
export type UserPage = z.infer<typeof getUsersResponseSchema>;

const userTargetFields = { userAccountId: accountIdSchema };

export const changeUserStatusRequestSchema = z.object({ ...userTargetFields, status: z.enum(USER_STATUSES) }).strict();
export const changeUserAdminStatusRequestSchema = z.object({ ...userTargetFields, isAdministrator: z.boolean() }).strict();
export const changeUsernameRequestSchema = z.object({ ...userTargetFields, newUsername: usernameSchema }).strict();
export const resetUserPasswordRequestSchema = z.object(userTargetFields).strict();

export const exportUsersRequestSchema = z.object(userQueryFields).strict();

/** DESIGN.md downloads: an Excel export answers the file itself, base64-encoded. */
export const fileDownloadSchema = z.object({ FileName: z.string(), ContentType: z.string(), ContentBase64: z.string() });
export type FileDownload = z.infer<typeof fileDownloadSchema>;
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const getUserRolesRequestSchema = z.object(userTargetFields).strict();
export const assignableRoleSchema = z.object({
  RoleId: z.number().int(),
  Name: z.string(),
  Description: z.string(),
  OwnerAccountId: z.number().int(),
  OwnerDisplayName: z.string(),
  IsAssigned: z.boolean(),
  /** Whether the caller may hand this role out: it gives nothing the caller does not hold. */
  IsGrantable: z.boolean(),
});
export type AssignableRole = z.infer<typeof assignableRoleSchema>;
export const getUserRolesResponseSchema = z.object({ UserAccountId: z.number().int(), Roles: z.array(assignableRoleSchema) });
/** The roles a new user under this account (a company, department or reseller) may be given when created. */
export const getAssignableRolesRequestSchema = z.object({ accountId: accountIdSchema }).strict();
export const getAssignableRolesResponseSchema = z.object({ AccountId: z.number().int(), Roles: z.array(assignableRoleSchema) });
export type AssignableRoles = z.infer<typeof getAssignableRolesResponseSchema>;
export type UserRoles = z.infer<typeof getUserRolesResponseSchema>;

export const setUserRolesRequestSchema = z
  .object({ ...userTargetFields, roleIds: z.array(z.number().int().positive()).max(100).refine((ids) => new Set(ids).size === ids.length, 'lists a role twice') })
  .strict();
