import type { OperationDefinition } from '../platform/operations';

// The upgrade wizard's operations (issue 14 "Upgrade wizard"): GetUpgradeOptions, PreviewUpgrade, Upgrade.

export const upgradeOperations: OperationDefinition[] = [];
