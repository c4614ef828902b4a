import type { OperationDefinition } from '../../platform/operations';
import { accountViewReadWriteOperations } from './accountOperations';
import { createAccountOperations } from './createOperations';
import { defaultParentOperations } from './defaultParentOperation';
import { layoutOperations } from './layoutOperations';

/** Metadata-driven account views: layouts, enum data, load, update, validation, create. */
export const accountViewOperations: OperationDefinition[] = [...layoutOperations, ...accountViewReadWriteOperations, ...createAccountOperations, ...defaultParentOperations];
