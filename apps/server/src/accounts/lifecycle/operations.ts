import type { OperationDefinition } from '../../platform/operations';

/** Moving and terminating accounts. */
export const accountLifecycleOperations: OperationDefinition[] = [];
