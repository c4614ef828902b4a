import {
  BRANDING_PATH_PREFIX,
  BRANDING_SCRIPT_PREFIX,
  DEFAULT_BRANDING,
  type Branding,
  type SsoSetupItem,
} from '@cmp/contracts/branding';

type Json = Record<string, unknown>;

const HEX_COLOUR = /^#?([0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const ABSOLUTE_URL = /^([a-z][a-z\d+.-]*:|\/\/)/i;

/**
 * Turns the text of `/branding/latest/config.gen.js` into the branding the portal applies
 * (spec §7): the `window.__BRANDING__ = ` prefix and the trailing semicolon are stripped, the rest
 * is parsed as JSON and merged over the defaults; logo and favicon get the `/branding/latest/`
 * prefix and colours get `#`. Bad data never breaks start-up (spec §8): a script that does not
 * parse gives the defaults, and a field of the wrong type keeps its default.
 */
export function parseBranding(script: string): Branding {
  const config = parseScript(script);
  return config ? mergeOverDefaults(config) : defaultBranding();
}

/** The defaults as the portal uses them: colours with `#`, paths as given (they are site paths already). */
export function defaultBranding(): Branding {
  return { ...DEFAULT_BRANDING, colors: withHash(DEFAULT_BRANDING.colors, DEFAULT_BRANDING.colors) };
}

function parseScript(script: string): Json | undefined {
  let text = script.trim();
  if (text.startsWith(BRANDING_SCRIPT_PREFIX.trim())) text = text.slice(BRANDING_SCRIPT_PREFIX.trim().length);
  text = text.trim().replace(/;+$/, '');
  try {
    const parsed: unknown = JSON.parse(text);
    return isObject(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

function mergeOverDefaults(config: Json): Branding {
  const defaults = DEFAULT_BRANDING;
  const text = (key: keyof Branding & string, fallback: string) => stringOr(config[key], fallback);
  const contact = isObject(config.support_contact_info) ? config.support_contact_info : {};
  return {
    title: text('title', defaults.title),
    logo: brandingAssetPath(text('logo', defaults.logo)),
    favicon: typeof config.favicon === 'string' && config.favicon ? brandingAssetPath(config.favicon) : defaults.favicon,
    colors: withHash(isObject(config.colors) ? config.colors : {}, defaults.colors),
    glance_group_id: text('glance_group_id', defaults.glance_group_id),
    marketplace_owner: text('marketplace_owner', defaults.marketplace_owner),
    pod_id: text('pod_id', defaults.pod_id),
    sso_setup_list: Array.isArray(config.sso_setup_list) ? config.sso_setup_list.filter(isSsoSetupItem) : [],
    register_url: text('register_url', defaults.register_url),
    default_locale: text('default_locale', defaults.default_locale),
    status_page_url: text('status_page_url', defaults.status_page_url),
    support_contact_info: Object.fromEntries(
      Object.entries(defaults.support_contact_info).map(([key, fallback]) => [key, stringOr(contact[key], fallback)]),
    ) as Branding['support_contact_info'],
    support_url: text('support_url', defaults.support_url),
    support_details: text('support_details', defaults.support_details),
    login_support_phone_number: text('login_support_phone_number', defaults.login_support_phone_number),
    analytics_enabled: typeof config.analytics_enabled === 'boolean' ? config.analytics_enabled : defaults.analytics_enabled,
    event_hub_enabled: typeof config.event_hub_enabled === 'boolean' ? config.event_hub_enabled : defaults.event_hub_enabled,
  };
}

/** spec §7: logo and favicon paths live under /branding/latest/ unless empty or already absolute. */
export function brandingAssetPath(path: string): string {
  if (!path || ABSOLUTE_URL.test(path) || path.startsWith(BRANDING_PATH_PREFIX)) return path;
  return BRANDING_PATH_PREFIX + path.replace(/^\/+/, '');
}

/** spec §3: colours come as hex without `#`. An unusable colour keeps its default so the theme never breaks. */
function withHash(colors: Json, defaults: Branding['colors']): Branding['colors'] {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries({ ...defaults, ...colors })) {
    const colour = typeof value === 'string' && HEX_COLOUR.test(value.trim()) ? value.trim() : defaults[name];
    if (colour) result[name] = colour.startsWith('#') ? colour : `#${colour}`;
  }
  return { ...result, primary: result.primary ?? `#${defaults.primary}` };
}

function isSsoSetupItem(value: unknown): value is SsoSetupItem {
  return isObject(value) && ['id', 'name', 'auth_endpoint', 'client', 'scope'].every((key) => typeof value[key] === 'string');
}

function stringOr(value: unknown, fallback: string): string {
  return typeof value === 'string' ? value : fallback;
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
