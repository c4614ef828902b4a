import type { OperationDefinition } from '../platform/operations';

// IProvisioningService (issue 14): the provisioning requests of the caller's hierarchy and the actions on them.
export const provisioningOperations: OperationDefinition[] = [];
