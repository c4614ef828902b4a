import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AssignableRoles, GetUsersRequest, UserPage, UserRoles, UserStatus } from '@cmp/contracts/users';
import { callOperation } from '../../platform/api/callOperation';
import type { DownloadedFile } from '../../platform/files/saveDownload';

export const usersQueryKey = (accountId: number) => ['users', accountId] as const;

/** One page of an account's users; the previous page stays on screen while the next one loads. */
export function useUsers(request: GetUsersRequest & { accountId: number }) {
  return useQuery({
    queryKey: [...usersQueryKey(request.accountId), request],
    queryFn: ({ signal }) => callOperation<UserPage>('IAccountService', 'GetUsers', request, { suppressErrorToast: true, signal }),
    placeholderData: keepPreviousData,
  });
}

export const exportUsers = (request: Omit<GetUsersRequest, 'page' | 'pageSize'>) => callOperation<DownloadedFile>('IAccountService', 'ExportUsers', request);

export const changeUserStatus = (userAccountId: number, status: UserStatus) => callOperation('IAccountService', 'ChangeUserStatus', { userAccountId, status });

export const changeUserAdminStatus = (userAccountId: number, isAdministrator: boolean) =>
  callOperation('IAccountService', 'ChangeUserAdminStatus', { userAccountId, isAdministrator });

/** The username dialog shows the server's refusal (taken, invalid) on its field, so no toast. */
export const changeUsername = (userAccountId: number, newUsername: string) =>
  callOperation('IAccountService', 'ChangeUsername', { userAccountId, newUsername }, { suppressErrorToast: true });

export const resetUserPassword = (userAccountId: number) => callOperation('IAccountService', 'ResetUserPassword', { userAccountId });

export function useUserRoles(userAccountId: number | undefined) {
  return useQuery({
    queryKey: ['users', 'roles', userAccountId],
    queryFn: ({ signal }) => callOperation<UserRoles>('IAccountService', 'GetUserRoles', { userAccountId }, { suppressErrorToast: true, signal }),
    enabled: userAccountId !== undefined,
  });
}

export const setUserRoles = (userAccountId: number, roleIds: number[]) => callOperation('IAccountService', 'SetUserRoles', { userAccountId, roleIds });

/** The roles a user created under this account may be given (GetAssignableRoles). */
export function useAssignableRoles(accountId: number | undefined) {
  return useQuery({
    queryKey: ['users', 'assignable-roles', accountId],
    queryFn: ({ signal }) => callOperation<AssignableRoles>('IAccountService', 'GetAssignableRoles', { accountId }, { suppressErrorToast: true, signal }),
    enabled: accountId !== undefined,
  });
}
