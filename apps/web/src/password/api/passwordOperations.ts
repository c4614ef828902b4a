import type { z } from 'zod';
import type {
  changeMyPasswordRequestSchema,
  requestResetPasswordRequestSchema,
  resetPasswordRequestSchema,
  validateUserPasswordRequestSchema,
  ValidateUserPasswordResponse,
} from '@cmp/contracts/identity';
import { callOperation } from '../../platform/api/callOperation';

type Success = { Success: boolean };

// The password screens show every failure next to the form, so none of these calls shows a toast.
const onScreen = { suppressErrorToast: true };

/** spec §7 ValidateUserPassword: the unmet rules of spec §5. On the reset page with the user and the link's token. */
export function validateUserPassword(request: z.infer<typeof validateUserPasswordRequestSchema>, signal?: AbortSignal): Promise<ValidateUserPasswordResponse> {
  return callOperation<ValidateUserPasswordResponse>('IAccountService', 'ValidateUserPassword', request, { ...onScreen, signal });
}

/** spec §4 Password reset "request link": always succeeds, whether or not the user exists. */
export function requestResetPassword(request: z.infer<typeof requestResetPasswordRequestSchema>): Promise<Success> {
  return callOperation<Success>('ISelfCareService', 'RequestResetPassword', request, onScreen);
}

/** spec §4 Password reset "set new password" with the token of the e-mailed link. */
export function resetPassword(request: z.infer<typeof resetPasswordRequestSchema>): Promise<Success> {
  return callOperation<Success>('ISelfCareService', 'ResetPassword', request, onScreen);
}

/** spec §7 ChangeMyPassword: the user's other sessions end, this one stays. */
export function changeMyPassword(request: z.infer<typeof changeMyPasswordRequestSchema>): Promise<Success> {
  return callOperation<Success>('ISelfCareService', 'ChangeMyPassword', request, onScreen);
}
