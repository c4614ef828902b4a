import type { OperationDefinition } from '../platform/operations';

// IMarketplaceService: propagation filters, PreviewPropagation, Propagate, GetPropagationStatus.
export const propagationOperations: OperationDefinition[] = [];
