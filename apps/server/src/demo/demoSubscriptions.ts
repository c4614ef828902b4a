import type { Tx } from '../platform/db/database';
import { productUpgradePaths } from '../platform/db/schema';

/** Upgrade paths of the demo catalog (issue 14 "an upgrade path per service"): Endpoint Protection → Plus, and back as a downgrade (at the term end). */
export async function loadDemoSubscriptionTerms(tx: Tx): Promise<void> {
  await tx.insert(productUpgradePaths).values([
    { fromProductName: 'NIMBUS_ENDPOINT', toProductName: 'NIMBUS_ENDPOINT_PLUS', kind: 'Upgrade' },
    { fromProductName: 'NIMBUS_ENDPOINT_PLUS', toProductName: 'NIMBUS_ENDPOINT', kind: 'Downgrade' },
  ]);
}
