import path from 'node:path';

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
    webDist: env.WEB_DIST ?? path.resolve(import.meta.dirname, '../../../web/dist'),
    logLevel: env.LOG_LEVEL ?? 'info',
    bodyLimitBytes: Number(env.BODY_LIMIT_BYTES ?? 1_048_576),
  };
}
