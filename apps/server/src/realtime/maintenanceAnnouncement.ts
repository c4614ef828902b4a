import { eq } from 'drizzle-orm';
import type { LiveServerMessage } from '@cmp/contracts/realtime';
import type { Queryable } from '../platform/db/database';
import { instanceSettings } from '../platform/db/schema/branding';

/** The announcement in force: "soon", or a countdown to a moment (spec §4 Maintenance). */
export type MaintenanceState = { isSoon: true } | { startsAt: number };

/** The instance setting that keeps the announcement in force, so a node that starts later knows it. */
const MAINTENANCE_SETTING = 'live.maintenance';

/** spec §4: a number counts down, true is "soon", false — or an empty message — ends the announcement (null); other messages leave it. */
export function maintenanceStateOf(message: LiveServerMessage, now = Date.now()): MaintenanceState | null | 'unchanged' {
  if (message.type === 'message') return message.text.trim() === '' ? null : 'unchanged';
  if (message.type !== 'maintenance') return 'unchanged';
  const { mode } = message;
  return mode === false ? null : mode === true ? { isSoon: true } : { startsAt: now + mode * 1_000 };
}

/** Writes the announcement a broadcast makes or ends, in the broadcast's transaction. */
export async function storeMaintenance(db: Queryable, message: LiveServerMessage): Promise<void> {
  const state = maintenanceStateOf(message);
  if (state === 'unchanged') return;
  if (state === null) {
    await db.delete(instanceSettings).where(eq(instanceSettings.key, MAINTENANCE_SETTING));
    return;
  }
  await db
    .insert(instanceSettings)
    .values({ key: MAINTENANCE_SETTING, value: state })
    .onConflictDoUpdate({ target: instanceSettings.key, set: { value: state, updatedAt: new Date() } });
}

/** The announcement in force as stored, for a node that starts or was not listening when it was made. */
export async function readMaintenance(db: Queryable): Promise<MaintenanceState | undefined> {
  const [stored] = await db.select({ value: instanceSettings.value }).from(instanceSettings).where(eq(instanceSettings.key, MAINTENANCE_SETTING)).limit(1);
  return stored?.value as MaintenanceState | undefined;
}
