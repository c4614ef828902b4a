import type { OperationDefinition } from '../platform/operations';

/** Which e-mails an account receives. */
export const notificationOperations: OperationDefinition[] = [];
