import { requirement } from '@cmp/contracts/capabilities';
import { ApiError } from '../platform/errors';
import { pathIds, type CallerSession } from '../platform/session';

// spec §2 /admin-console: Administrative Read to see, Administrative Execute to act (issue 17).
export const ADMIN_CONSOLE_READ = requirement('ADMINISTRATIVE', ['Read']);
export const ADMIN_CONSOLE_EXECUTE = requirement('ADMINISTRATIVE', ['Execute']);
export const ADMIN_CONSOLE_SERVICE = 'IAdminConsoleService';

/**
 * The outbox, the job queues, every signed-in session and the SSO set-up belong to the whole
 * installation, so only administrators of the platform owner (the account at the top of the tree)
 * see them — never a reseller's administrator, whatever its capabilities; the refusal says why.
 */
export function requirePlatformOwner(caller: CallerSession): void {
  if (pathIds(caller.companyAccount.path).length !== 1 || caller.companyAccount.parentId !== null) throw new ApiError(403, 'admin_console_owner_only');
}

/** A timestamp as ISO 8601 whichever driver read it (PGlite and pg differ for raw SQL). */
export const isoOf = (value: Date | string | null | undefined): string | null => (value === null || value === undefined ? null : new Date(value).toISOString());
