import { requirement, type SecurityRule } from '@cmp/contracts/capabilities';

/** Issue 17: Roles Read to see roles and capability sets, Create to save, Delete to delete, Execute to assign holders. */
export const ROLE_RULES = {
  view: requirement('ROLES', ['Read']),
  save: requirement('ROLES', ['Create']),
  delete: requirement('ROLES', ['Delete']),
  assign: requirement('ROLES', ['Execute']),
} satisfies Record<string, SecurityRule>;
