/**
 * spec §2 Support menu "co-browsing start": the co-browsing service's start page for the group the
 * branding names (branding.glance_group_id); the session itself runs on the provider's side.
 */
export const CO_BROWSING_START_URL = 'https://www.glance.net/cobrowse/start';

export function coBrowsingUrl(groupId: string): string {
  return `${CO_BROWSING_START_URL}?groupid=${encodeURIComponent(groupId)}`;
}
