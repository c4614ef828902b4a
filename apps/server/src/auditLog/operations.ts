import type { OperationDefinition } from '../platform/operations';

/** The audit log and user log of an account's subtree, with Excel export. */
export const auditLogOperations: OperationDefinition[] = [];
