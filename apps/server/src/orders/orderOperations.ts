import type { OperationDefinition } from '../platform/operations';

// Ordering (issue 14): available services, order preview and placement, credit-check orders, credit limits.
export const orderOperations: OperationDefinition[] = [];
