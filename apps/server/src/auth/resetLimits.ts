import type { RequestLimit } from '../platform/requestLimits';

/** Password reset requests from one address: more answer 429 (issue 11, 80 mails in 1 s). */
export const RESET_REQUESTS_PER_ADDRESS: RequestLimit = { scope: 'reset-address', max: 10, windowSeconds: 15 * 60 };
/** Reset mails to one user: more are silently not sent, so nobody can flood a mailbox. */
export const RESET_MAILS_PER_USER: RequestLimit = { scope: 'reset-user', max: 3, windowSeconds: 60 * 60 };
