import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  CapabilitySet,
  getCapabilitySetsResponseSchema,
  getEffectiveCapabilitiesResponseSchema,
  getRoleUsersResponseSchema,
  OwnedRoles,
  SaveCapabilitySetRequest,
  SaveRoleRequest,
} from '@cmp/contracts/roles';
import type { UserPage } from '@cmp/contracts/users';
import { callOperation } from '../../platform/api/callOperation';

export type CapabilitySets = z.infer<typeof getCapabilitySetsResponseSchema>;
export type RoleUsers = z.infer<typeof getRoleUsersResponseSchema>;
export type EffectiveCapabilities = z.infer<typeof getEffectiveCapabilitiesResponseSchema>;
export type { CapabilitySet };

const SERVICE = 'IAccountService';

export const rolesQueryKey = (ownerCompanyId: number) => ['roles', 'roles', ownerCompanyId] as const;
export const capabilitySetsQueryKey = (ownerCompanyId: number) => ['roles', 'capabilitySets', ownerCompanyId] as const;
export const roleUsersQueryKey = (roleId: number) => ['roles', 'roleUsers', roleId] as const;
export const effectiveCapabilitiesQueryKey = (userAccountId: number) => ['roles', 'effective', userAccountId] as const;

export function useRoles(ownerCompanyId: number) {
  return useQuery({
    queryKey: rolesQueryKey(ownerCompanyId),
    queryFn: ({ signal }) => callOperation<OwnedRoles>(SERVICE, 'GetRoles', { ownerCompanyId }, { suppressErrorToast: true, signal }),
  });
}

export function useCapabilitySets(ownerCompanyId: number) {
  return useQuery({
    queryKey: capabilitySetsQueryKey(ownerCompanyId),
    queryFn: ({ signal }) => callOperation<CapabilitySets>(SERVICE, 'GetCapabilitySets', { ownerCompanyId }, { suppressErrorToast: true, signal }),
  });
}

export function useRoleUsers(roleId: number | undefined) {
  return useQuery({
    queryKey: roleUsersQueryKey(roleId ?? 0),
    queryFn: ({ signal }) => callOperation<RoleUsers>(SERVICE, 'GetRoleUsers', { roleId }, { suppressErrorToast: true, signal }),
    enabled: roleId !== undefined,
  });
}

export function useEffectiveCapabilities(userAccountId: number) {
  return useQuery({
    queryKey: effectiveCapabilitiesQueryKey(userAccountId),
    queryFn: ({ signal }) => callOperation<EffectiveCapabilities>(SERVICE, 'GetEffectiveCapabilities', { userAccountId }, { suppressErrorToast: true, signal }),
  });
}

/** The users of the organisation offered as new holders: the users screen's operation, first page matching the text. */
export function useOrganisationUsers(accountId: number, text: string, isEnabled: boolean) {
  return useQuery({
    queryKey: ['users', accountId, 'roleHolderCandidates', text],
    queryFn: ({ signal }) =>
      callOperation<UserPage>(SERVICE, 'GetUsers', { accountId, filter: text ? { text } : {}, page: 0, pageSize: 50 }, { suppressErrorToast: true, signal }),
    enabled: isEnabled,
  });
}

// Changes show the server's refusal (e.g. beyond the caller's own capabilities) where they were made, so no toast.
export const saveCapabilitySet = (request: SaveCapabilitySetRequest) =>
  callOperation<{ CapabilitySetId: number }>(SERVICE, 'SaveCapabilitySet', request, { suppressErrorToast: true });
export const deleteCapabilitySet = (capabilitySetId: number) => callOperation(SERVICE, 'DeleteCapabilitySet', { capabilitySetId });
export const saveRole = (request: SaveRoleRequest) => callOperation<{ RoleId: number }>(SERVICE, 'SaveRole', request, { suppressErrorToast: true });
export const deleteRole = (roleId: number) => callOperation(SERVICE, 'DeleteRole', { roleId });
export const assignRoleUsers = (roleId: number, userAccountIds: number[]) => callOperation(SERVICE, 'AssignRoleUsers', { roleId, userAccountIds }, { suppressErrorToast: true });
export const removeRoleUsers = (roleId: number, userAccountIds: number[]) => callOperation(SERVICE, 'RemoveRoleUsers', { roleId, userAccountIds });
