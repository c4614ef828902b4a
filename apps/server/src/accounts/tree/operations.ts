import type { OperationDefinition } from '../../platform/operations';

/** The account tree, the integration form of Search and the products an account may subscribe to. */
export const accountTreeOperations: OperationDefinition[] = [];
