import { z } from 'zod';

// spec §3 "Branding configuration" and §7 "GET /branding/latest/config.gen.js".
export const BRANDING_SCRIPT_PREFIX = 'window.__BRANDING__ = ';
export const BRANDING_PATH_PREFIX = '/branding/latest/';

export const ssoSetupItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  auth_endpoint: z.string(),
  client: z.string(),
  scope: z.string(),
});
export type SsoSetupItem = z.infer<typeof ssoSetupItemSchema>;

export const supportContactInfoSchema = z.object({
  phone_number: z.string(),
  email: z.string(),
  workdays_main: z.string(),
  workdays_main_time: z.string(),
  workdays_other: z.string(),
  workdays_other_time: z.string(),
});

export const brandingSchema = z.object({
  title: z.string(),
  logo: z.string(),
  favicon: z.string(),
  colors: z.object({ primary: z.string() }).catchall(z.string()),
  glance_group_id: z.string(),
  marketplace_owner: z.string(),
  pod_id: z.string(),
  sso_setup_list: z.array(ssoSetupItemSchema),
  register_url: z.string(),
  default_locale: z.string(),
  status_page_url: z.string(),
  support_contact_info: supportContactInfoSchema,
  support_url: z.string(),
  support_details: z.string(),
  login_support_phone_number: z.string(),
  /** The instance's usage analytics (issue 17, admin console): off records no page views or search events at all. */
  analytics_enabled: z.boolean(),
  /** The event hub (issue 16): the portal connects to it on this instance too, not only on the pp instance of spec §3. */
  event_hub_enabled: z.boolean(),
});
export type Branding = z.infer<typeof brandingSchema>;

export const DEFAULT_BRANDING: Branding = {
  title: 'Cloud Marketplace',
  logo: '',
  favicon: '/appicon.ico',
  colors: { primary: '1867c0' },
  glance_group_id: '',
  marketplace_owner: 'Cloud Service Providers',
  pod_id: '',
  sso_setup_list: [],
  register_url: '',
  default_locale: '',
  status_page_url: '',
  support_contact_info: {
    phone_number: '',
    email: '',
    workdays_main: '',
    workdays_main_time: '',
    workdays_other: '',
    workdays_other_time: '',
  },
  support_url: '',
  support_details: '',
  login_support_phone_number: '',
  // spec §9: analytics is on (except on the ci, ite, xx and dev instances).
  analytics_enabled: true,
  event_hub_enabled: false,
};
