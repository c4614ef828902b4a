import type { OperationDefinition } from '../platform/operations';

// Subscriptions (issue 14): the service info of a Product account, quantity changes, auto-renew, renewal, upgrade.
export const subscriptionOperations: OperationDefinition[] = [];
