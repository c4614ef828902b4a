/** A socket's signed-in session, once its auth message matched the cookie's live session. */
export interface LiveSession {
  publicId: string;
  tokenHash: string;
  userAccountId: number;
  accountPath: string;
  capabilityFingerprint: string;
  /** When the session signed in (ms): events from before it are not replayed to its sockets. */
  signedInAt: number;
}
