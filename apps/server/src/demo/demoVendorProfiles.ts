import type { Tx } from '../platform/db/database';

/** Demo vendor profiles (issue 13): texts, support contact of the demo vendors. */
export async function loadDemoVendorProfiles(_tx: Tx): Promise<void> {}
