import { z } from 'zod';
import { SUPPORTED_LOCALES } from './locales';
import { isWebUrl } from './support';

// Branding administration of the platform owner (spec §1 white-label, §3 Branding configuration).
// One schema for the server's validation and the portal's form, so both name the same field. The
// responses are the Branding of ./branding (the server declares them); importing its schema here would
// make the portal's entry chunk carry zod schemas it never runs.

const HEX_COLOUR = /^([0-9a-f]{3}|[0-9a-f]{6})$/i;
const text = (max: number) => z.string().trim().max(max);
/** Empty, or an absolute http(s) address: other schemes (javascript:, data:) never reach a link. */
const optionalWebAddress = z
  .string()
  .trim()
  .max(2000)
  .refine((value) => value === '' || isWebUrl(value), 'must be an http or https address');

export const brandingColourSchema = z.string().trim().regex(HEX_COLOUR, 'must be 3 or 6 hex digits without #');

/** Every branding field except sso_setup_list, which SSO_PROVIDERS owns (README "Configuration"). */
export const editableBrandingSchema = z
  .object({
    title: z.string().trim().min(1, 'is required').max(80, 'must be at most 80 characters'),
    logo: text(300),
    favicon: text(300),
    colors: z.object({ primary: brandingColourSchema }).catchall(brandingColourSchema),
    glance_group_id: text(200),
    marketplace_owner: text(200),
    pod_id: text(40),
    register_url: optionalWebAddress,
    default_locale: z
      .string()
      .trim()
      .refine((value) => value === '' || (SUPPORTED_LOCALES as readonly string[]).includes(value), 'must be empty or a supported language'),
    status_page_url: optionalWebAddress,
    support_contact_info: z
      .object({
        phone_number: text(80),
        email: text(254),
        workdays_main: text(120),
        workdays_main_time: text(120),
        workdays_other: text(120),
        workdays_other_time: text(120),
      })
      .strict(),
    support_url: optionalWebAddress,
    support_details: text(2000),
    login_support_phone_number: text(80),
    /** Left out: unchanged (clients written before the switch existed keep working). */
    analytics_enabled: z.boolean().optional(),
    event_hub_enabled: z.boolean().optional(),
  })
  .strict();
export type EditableBranding = z.infer<typeof editableBrandingSchema>;

export const getBrandingRequestSchema = z.object({}).strict();
export const saveBrandingRequestSchema = z.object({ branding: editableBrandingSchema }).strict();

export const BRANDING_IMAGE_KINDS = ['logo', 'favicon'] as const;
export type BrandingImageKind = (typeof BRANDING_IMAGE_KINDS)[number];
/** Content types the upload accepts, each with the file extensions that may carry it. */
export const BRANDING_IMAGE_TYPES = {
  'image/png': ['png'],
  'image/svg+xml': ['svg'],
  'image/x-icon': ['ico'],
  'image/vnd.microsoft.icon': ['ico'],
  'image/jpeg': ['jpg', 'jpeg'],
} as const satisfies Record<string, readonly string[]>;
export const BRANDING_IMAGE_MAX_BYTES = 512 * 1024;

export const uploadBrandingImageRequestSchema = z
  .object({
    kind: z.enum(BRANDING_IMAGE_KINDS),
    fileName: z.string().trim().min(1, 'is required').max(255),
    contentType: z.string().trim().min(1, 'is required').max(100),
    // base64 of at most 512 KB (4 characters per 3 bytes, plus padding).
    dataBase64: z.string().min(1, 'is required').max(Math.ceil(BRANDING_IMAGE_MAX_BYTES / 3) * 4 + 4, 'the file is larger than 512 KB'),
  })
  .strict();
