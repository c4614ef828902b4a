import type { AccountType } from '@cmp/contracts/accounts';
import type { Capability } from '@cmp/contracts/capabilities';
import type { Queryable } from '../platform/db/database';
import type { AccountRow } from '../platform/session';
import { insertRolesWithCapabilities } from '../auth/roleStore';
import { COMPANY_ADMIN_CAPABILITIES, RESELLER_ADMIN_CAPABILITIES, USER_CAPABILITIES, VENDOR_ADMIN_CAPABILITIES } from '../auth/capabilityProfiles';

interface StartingRole {
  name: string;
  capabilities: Capability[];
  isAdministrator?: boolean;
}

/**
 * The roles an organisation owns from its creation on (issue 10; spec §6 "roles … managed per
 * owning company"). A user is offered the roles of their own organisation and, for a reseller's
 * users, those of the resellers above (GetAssignableRoles): a company's users therefore need
 * company-level roles of their own, which the company then manages like any other. The first
 * The administrator role carries the mark the administrator flag follows (administratorRole.ts).
 */
export const STARTING_ROLES: Partial<Record<AccountType, StartingRole[]>> = {
  Company: [
    { name: 'Company administrator', capabilities: COMPANY_ADMIN_CAPABILITIES, isAdministrator: true },
    { name: 'Company user', capabilities: USER_CAPABILITIES },
  ],
  Reseller: [{ name: 'Reseller administrator', capabilities: RESELLER_ADMIN_CAPABILITIES, isAdministrator: true }],
  Vendor: [{ name: 'Vendor administrator', capabilities: VENDOR_ADMIN_CAPABILITIES, isAdministrator: true }],
};

/** Creates the starting roles of a new organisation; answers their ids by name. */
export async function createStartingRoles(tx: Queryable, account: Pick<AccountRow, 'id' | 'type'>): Promise<Record<string, number>> {
  const ids = await createStartingRolesOf(tx, [account]);
  return Object.fromEntries((STARTING_ROLES[account.type as AccountType] ?? []).map((role) => [role.name, ids.get(`${account.id} ${role.name}`)!]));
}

/** The starting roles of many new organisations in one statement (an import group); ids by "owner name". */
export function createStartingRolesOf(tx: Queryable, organisations: Pick<AccountRow, 'id' | 'type'>[]): Promise<Map<string, number>> {
  return insertRolesWithCapabilities(
    tx,
    organisations.flatMap((account) =>
      (STARTING_ROLES[account.type as AccountType] ?? []).map((role) => ({
        ownerAccountId: account.id,
        name: role.name,
        capabilities: role.capabilities,
        isTemplate: true,
        isAdministrator: role.isAdministrator ?? false,
      })),
    ),
  );
}
