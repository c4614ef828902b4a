import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../platform/db/database';
import { accounts } from '../platform/db/schema';
import type { ServerConfig } from '../platform/config';
import { hashPassword } from '../auth/passwords';
import { insertAccount, insertUser } from '../accounts/accountStore';
import { seedAccountViews } from '../accounts/views/viewMetadata';
import { assignRole, insertRoleWithCapabilities } from '../auth/roleStore';
import { RESELLER_ADMIN_CAPABILITIES } from '../auth/capabilityProfiles';
import { DEMO_USERNAMES, loadDemoWorld } from '../demo/demoWorld';
import { DEFAULT_BRANDING } from '@cmp/contracts/branding';

const FIRST_START_LOCK = 727_312;

export type FirstStart =
  | { kind: 'existing' }
  | { kind: 'demo'; usernames: readonly string[]; password: string }
  | { kind: 'admin'; username: 'admin'; generatedPassword?: string };

/**
 * DESIGN.md "Demo data": the first start of an empty database loads the demo world (or, on a
 * production-like database without DEMO_DATA=1, only the platform owner's admin). The advisory
 * lock keeps two nodes starting together from both seeding.
 */
export async function ensureInitialData(db: Database, config: ServerConfig): Promise<FirstStart> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${FIRST_START_LOCK})`);
    // View definitions, layouts and enums: written where missing, on a fresh and an existing database.
    await seedAccountViews(tx);
    const [{ count }] = (await tx.select({ count: sql<number>`count(*)::int` }).from(accounts)) as [{ count: number }];
    if (count > 0) return { kind: 'existing' } as const;
    if (config.loadDemoData) {
      await loadDemoWorld(tx, await hashPassword(config.demoPassword));
      return { kind: 'demo', usernames: DEMO_USERNAMES, password: config.demoPassword } as const;
    }
    const generatedPassword = config.adminPassword ? undefined : randomBytes(12).toString('base64url');
    const owner = await insertAccount(tx, { type: 'Reseller', parent: null, displayName: DEFAULT_BRANDING.marketplace_owner });
    const admin = await insertUser(tx, owner, { username: 'admin', firstName: 'Platform', lastName: 'Administrator', email: '', passwordHash: await hashPassword(config.adminPassword ?? generatedPassword!) });
    await assignRole(tx, admin.id, await insertRoleWithCapabilities(tx, owner.id, 'Platform administrator', RESELLER_ADMIN_CAPABILITIES));
    return { kind: 'admin', username: 'admin', generatedPassword } as const;
  });
}
