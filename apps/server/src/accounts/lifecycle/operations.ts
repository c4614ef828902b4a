import type { OperationDefinition } from '../../platform/operations';
import { moveOperations } from './moveOperations';
import { terminationOperations } from './terminationOperations';

/** Moving and terminating accounts (issue 6 "Create, move, terminate"). */
export const accountLifecycleOperations: OperationDefinition[] = [...moveOperations, ...terminationOperations];
