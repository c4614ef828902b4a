import type { OperationDefinition } from '../platform/operations';

// IServiceManagementService (issue 13): vendors' services and profiles, service groups, Excel export and import.
export const serviceManagementOperations: OperationDefinition[] = [];
