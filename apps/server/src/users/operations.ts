import type { OperationDefinition } from '../platform/operations';

/** The users of a company: list, status, administrator flag, username, password reset, roles, export. */
export const userOperations: OperationDefinition[] = [];
