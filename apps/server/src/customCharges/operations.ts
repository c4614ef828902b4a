import type { OperationDefinition } from '../platform/operations';

// ICustomChargeService (issue 13): the custom charges of a customer account.
export const customChargeOperations: OperationDefinition[] = [];
