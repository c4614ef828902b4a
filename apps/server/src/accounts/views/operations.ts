import type { OperationDefinition } from '../../platform/operations';

/** Metadata-driven account views: layouts, enum data, load, update, validation, create. */
export const accountViewOperations: OperationDefinition[] = [];
