import { authenticateOperations } from './operations/authenticate';
import { companyOperations } from './operations/companies';
import { creditCheckOperations } from './operations/creditCheck';
import { departmentOperations } from './operations/departments';
import { organisationWriteOperations } from './operations/organisationWrites';
import { subscriptionOperations } from './operations/subscriptions';
import { userOperations } from './operations/users';
import type { PartnerOperationDefinition } from './partnerOperation';

/** Every partner API operation (issue 33: the definition's 70, group by group). */
export const PARTNER_OPERATIONS: readonly PartnerOperationDefinition[] = [...authenticateOperations, ...companyOperations, ...organisationWriteOperations, ...departmentOperations, ...userOperations, ...creditCheckOperations, ...subscriptionOperations];
