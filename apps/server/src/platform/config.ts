import { serverFile } from './serverFiles';

/** Every setting the server reads from the environment; the README documents each. */
export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** Load the demo world on the first start of an empty database. */
  loadDemoData: boolean;
  demoPassword: string;
  adminPassword?: string;
  smtpUrl?: string;
  /** Proxies whose X-Forwarded-For is believed (DESIGN.md: IP lists depend on it). */
  trustedProxies: string[];
  corsOrigins: string[];
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  /** Where the built portal lives; served at /. */
  webDist: string;
  logLevel: string;
  bodyLimitBytes: number;
  /**
   * Counts expensive operations against their per-user and per-tenant limits (platform/operationThrottles.ts).
   * Always on for a server; off only for the tests that call every operation dozens of times to check
   * request shapes (optionalNulls), where a 429 would hide what they check.
   */
  throttlesExpensiveOperations: boolean;
  /** The portal's public address, for links in e-mails (never taken from the Host header, which a caller controls). */
  publicUrl: string;
  passwordResetMinutes: number;
  /** OpenID Connect providers for single sign-on (SSO_PROVIDERS, a JSON array). */
  ssoProviders: SsoProviderConfig[];
  /** EXCHANGE_RATE_MAX_AGE_DAYS: a price needing an exchange rate older than this says "Exchange rate not up to date." (spec §4). */
  exchangeRateMaxAgeDays: number;
  /** How account import files are unpacked and read (imports/importReading.ts). */
  imports: ImportReadingLimits;
}

/** Issue 30 item 9: an .xlsx is a ZIP; these bound what one may unpack to and how many are read at once per node. */
export interface ImportReadingLimits {
  /** IMPORT_UNPACKED_MAX_BYTES: the most an .xlsx may unpack to, all its entries together (default 200 MiB). */
  unpackedMaxBytes: number;
  /** IMPORT_MAX_COMPRESSION_RATIO: the most an entry larger than 1 MiB unpacked may grow from its packed size (default 100). */
  maxCompressionRatio: number;
  /** IMPORT_READ_CONCURRENCY: import files unpacked and read at once on this node (default 2); the others wait. */
  concurrency: number;
  /** IMPORT_READ_QUEUE: uploads and checks that may wait for a turn (default 8); one more answers 503. Jobs always wait. */
  queue: number;
}

export interface SsoProviderConfig {
  /** Stable id: the portal sends it back as `clientName`, and links of users to subjects are kept per id. */
  id: string;
  /** Shown on the login button "Sign in with {name}". */
  name: string;
  /** The issuer URL; its /.well-known/openid-configuration is read at start. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  scope: string;
}

export const DEFAULT_DEMO_PASSWORD = 'Demo-Password-2024!';

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const databaseUrl = env.DATABASE_URL || undefined;
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir: env.DATA_DIR ?? './data',
    databaseUrl,
    // DESIGN.md "Demo data": the embedded database always gets the demo world; a real server only with DEMO_DATA=1.
    loadDemoData: databaseUrl ? env.DEMO_DATA === '1' : env.DEMO_DATA !== '0',
    demoPassword: env.DEMO_PASSWORD || DEFAULT_DEMO_PASSWORD,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    trustedProxies: list(env.TRUSTED_PROXIES),
    corsOrigins: list(env.CORS_ORIGINS),
    sessionIdleMinutes: Number(env.SESSION_IDLE_MINUTES ?? 30),
    sessionAbsoluteHours: Number(env.SESSION_ABSOLUTE_HOURS ?? 12),
    webDist: env.WEB_DIST ?? serverFile('../web/dist'),
    logLevel: env.LOG_LEVEL ?? 'info',
    bodyLimitBytes: Number(env.BODY_LIMIT_BYTES ?? 1_048_576),
    throttlesExpensiveOperations: true,
    publicUrl: (env.PUBLIC_URL || `http://localhost:${env.PORT ?? 8080}`).replace(/\/+$/, ''),
    passwordResetMinutes: Number(env.PASSWORD_RESET_MINUTES ?? 60),
    ssoProviders: parseSsoProviders(env.SSO_PROVIDERS),
    exchangeRateMaxAgeDays: parseExchangeRateMaxAgeDays(env.EXCHANGE_RATE_MAX_AGE_DAYS),
    imports: {
      unpackedMaxBytes: positiveWhole(env, 'IMPORT_UNPACKED_MAX_BYTES', 200 * 1024 * 1024),
      maxCompressionRatio: positiveWhole(env, 'IMPORT_MAX_COMPRESSION_RATIO', 100),
      concurrency: positiveWhole(env, 'IMPORT_READ_CONCURRENCY', 2),
      queue: positiveWhole(env, 'IMPORT_READ_QUEUE', 8, 0),
    },
  };
}

/** A whole-number setting; a wrong value stops the start rather than lifting a limit silently. */
function positiveWhole(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 1): number {
  const value = env[name]?.trim();
  if (!value) return fallback;
  const parsed = Number(value);
  if (!/^\d+$/.test(value) || parsed < min || !Number.isSafeInteger(parsed)) throw new Error(`${name} must be a whole number from ${min} (got ${JSON.stringify(env[name])})`);
  return parsed;
}

export const DEFAULT_EXCHANGE_RATE_MAX_AGE_DAYS = 7;
const MAX_EXCHANGE_RATE_MAX_AGE_DAYS = 3650;

/** EXCHANGE_RATE_MAX_AGE_DAYS: whole days from 1 to 3650, 7 when unset. A wrong value stops the start. */
export function parseExchangeRateMaxAgeDays(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return DEFAULT_EXCHANGE_RATE_MAX_AGE_DAYS;
  const days = Number(value.trim());
  if (!/^\d+$/.test(value.trim()) || days < 1 || days > MAX_EXCHANGE_RATE_MAX_AGE_DAYS) {
    throw new Error(`EXCHANGE_RATE_MAX_AGE_DAYS must be a whole number of days from 1 to ${MAX_EXCHANGE_RATE_MAX_AGE_DAYS} (got ${JSON.stringify(value)})`);
  }
  return days;
}

/** SSO_PROVIDERS: `[{"id", "name", "issuer", "clientId", "clientSecret", "scope"?}]`. A wrong value stops the start (the message never echoes a secret). */
export function parseSsoProviders(value: string | undefined): SsoProviderConfig[] {
  if (!value?.trim()) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new Error('SSO_PROVIDERS is not valid JSON');
  }
  if (!Array.isArray(parsed)) throw new Error('SSO_PROVIDERS must be a JSON array');
  const providers = parsed.map((item: Record<string, unknown>, index) => {
    const field = (name: string, optional = false) => {
      const v = item?.[name];
      if (optional && v === undefined) return undefined;
      if (typeof v !== 'string' || !v.trim()) throw new Error(`SSO_PROVIDERS[${index}].${name} must be a non-empty string`);
      return v.trim();
    };
    const issuer = field('issuer')!;
    if (!/^https?:\/\//.test(issuer)) throw new Error(`SSO_PROVIDERS[${index}].issuer must be an http(s) URL`);
    return { id: field('id')!, name: field('name')!, issuer, clientId: field('clientId')!, clientSecret: field('clientSecret')!, scope: field('scope', true) ?? 'openid email profile' };
  });
  if (new Set(providers.map((p) => p.id)).size !== providers.length) throw new Error('SSO_PROVIDERS ids must be unique');
  return providers;
}
