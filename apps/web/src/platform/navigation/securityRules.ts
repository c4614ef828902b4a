import { requirement, type SecurityRule } from '@cmp/contracts/capabilities';

/** The capabilities behind the security screens (spec §6: MFA enforcement, disabling MFA, impersonation, allow/deny lists). */
export const SECURITY_RULES = {
  viewIpRestrictions: requirement('IP_RESTRICTIONS', ['Read']),
  saveIpRestrictions: { any: [requirement('IP_RESTRICTIONS', ['Create']), requirement('IP_RESTRICTIONS', ['Execute'])] },
  viewMfaPolicy: requirement('ENFORCE_MFA', ['Read']),
  editMfaPolicy: requirement('ENFORCE_MFA', ['Execute']),
  disableUserMfa: requirement('DISABLE_MFA', ['Execute']),
  impersonate: requirement('IMPERSONATE', ['Execute']),
  viewSignInPolicy: requirement('PASSWORD_POLICY', ['Read']),
  editSignInPolicy: requirement('PASSWORD_POLICY', ['Execute']),
} satisfies Record<string, SecurityRule>;
