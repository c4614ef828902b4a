// The error catalogue of spec §8 plus the server's own messages. The server answers
// `{"Message": text}` in the caller's language; these keys name the texts in every language bundle.
export const ERROR_KEYS = [
  'unknown_error',
  'unable_to_save',
  'missing_login_capabilities',
  'invalid_credentials',
  'not_signed_in',
  'access_denied',
  'unknown_operation',
  'invalid_request',
  'invalid_json',
  'body_too_large',
  'anti_forgery',
  'not_found',
  'too_many_requests',
  'viewlayout_no_pages',
] as const;
export type ErrorKey = (typeof ERROR_KEYS)[number];
