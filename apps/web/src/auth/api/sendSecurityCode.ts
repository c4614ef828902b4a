import type { z } from 'zod';
import type { sendSecurityCodeNotificationRequestSchema } from '@cmp/contracts/identity';
import { callOperation } from '../../platform/api/callOperation';

export type SendSecurityCodeRequest = z.infer<typeof sendSecurityCodeNotificationRequestSchema>;

/** spec §7 SendSecurityCodeNotification: e-mails a code for an e-mail method during sign-in (failures shown on the screen). */
export function sendSecurityCode(request: SendSecurityCodeRequest): Promise<{ Success: boolean }> {
  return callOperation('IAuthorizationService', 'SendSecurityCodeNotification', request, { suppressErrorToast: true });
}
