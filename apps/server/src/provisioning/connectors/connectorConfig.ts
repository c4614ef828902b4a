import { DEFAULT_VENDOR_TIMEOUT_MS, HttpVendorConnector } from './httpVendorConnector';
import type { VendorConnector } from './vendorConnector';

/**
 * The vendor connector's settings (issue 14), read when it is needed, not at start: in demo mode
 * main.ts starts the vendor sandbox and sets VENDOR_SANDBOX_URL before the first provisioning.
 *   VENDOR_SANDBOX_URL  the vendor system's address (the sandbox's; unset: provisioning has no vendor)
 *   VENDOR_TIMEOUT_MS   a vendor call not answered after this long is a transient Timeout (10000)
 */
export interface VendorConnectorConfig {
  baseUrl?: string;
  timeoutMs: number;
}

export function readVendorConnectorConfig(env: NodeJS.ProcessEnv = process.env): VendorConnectorConfig {
  const baseUrl = env.VENDOR_SANDBOX_URL?.trim() || undefined;
  if (baseUrl && !/^https?:\/\/[^/]/.test(baseUrl)) throw new Error('VENDOR_SANDBOX_URL must be an http(s) URL');
  const timeoutMs = Number(env.VENDOR_TIMEOUT_MS ?? DEFAULT_VENDOR_TIMEOUT_MS);
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) throw new Error('VENDOR_TIMEOUT_MS must be a positive number of milliseconds');
  return { baseUrl, timeoutMs };
}

/** The connector to the configured vendor system, or undefined when none is configured. */
export function vendorConnectorFromEnv(env: NodeJS.ProcessEnv = process.env): VendorConnector | undefined {
  const config = readVendorConnectorConfig(env);
  return config.baseUrl ? new HttpVendorConnector({ baseUrl: config.baseUrl, timeoutMs: config.timeoutMs }) : undefined;
}
