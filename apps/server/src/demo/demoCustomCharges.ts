import type { Tx } from '../platform/db/database';

/** Demo custom charges (issue 13 "Demo world"): pending and billed ones on Contoso's billing tab. */
export async function loadDemoCustomCharges(_tx: Tx): Promise<void> {}
