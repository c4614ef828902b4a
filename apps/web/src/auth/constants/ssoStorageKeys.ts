/** spec §7 SSO button: the chosen provider is kept in local storage for the /sso-auth return. */
export const SSO_STORAGE_KEYS = {
  id: 'ssoId',
  name: 'ssoName',
} as const;
