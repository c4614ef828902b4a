import type { OperationDefinition } from '../platform/operations';
import { userChangeOperations } from './userChangeOperations';
import { userListOperations } from './userListOperations';
import { userRoleOperations } from './userRoleOperations';

/** The users of a company: list, status, administrator flag, username, password reset, roles, export. */
export const userOperations: OperationDefinition[] = [...userListOperations, ...userChangeOperations, ...userRoleOperations];
