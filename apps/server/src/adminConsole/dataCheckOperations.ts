import { emptyRequestSchema } from '@cmp/contracts/auth';
import { getDataChecksResponseSchema } from '@cmp/contracts/dataChecks';
import { defineOperation, type OperationDefinition } from '../platform/operations';
import { ADMIN_CONSOLE_READ, ADMIN_CONSOLE_SERVICE, requirePlatformOwner } from './adminConsoleAccess';
import { runDataChecks } from './dataChecks';

// "Data checks" of the admin console (issue 30): they read the whole installation, so like the
// outbox and the sessions they belong to the platform owner's administrators only.

const getDataChecks = defineOperation({
  service: ADMIN_CONSOLE_SERVICE,
  operation: 'GetDataChecks',
  readOnly: true,
  summary:
    'Consistency checks over the whole installation, each with the ids of the rows it finds (at most 100 each, Total counts all): provisioning requests completed at the vendor without a subscription, Active subscriptions without a completed provisioning request, invoice lines for a service without a subscription. Empty lists: nothing inconsistent. Platform owner only.',
  request: emptyRequestSchema,
  response: getDataChecksResponseSchema,
  rule: ADMIN_CONSOLE_READ,
  async handler(_input, { db, caller }) {
    requirePlatformOwner(caller);
    return { Checks: await runDataChecks(db), CheckedAt: new Date().toISOString() };
  },
});

export const dataCheckOperations: OperationDefinition[] = [getDataChecks];
