import type { Branding } from '@cmp/contracts/branding';
import { defaultBranding, parseBranding } from './parseBranding';

export const BRANDING_SCRIPT_URL = '/branding/latest/config.gen.js';

/** spec §4 Start-up, §8: any failure (network, status, bad data) falls back silently to the defaults. */
export async function loadBranding(fetchImpl: typeof fetch = fetch): Promise<Branding> {
  try {
    const response = await fetchImpl(BRANDING_SCRIPT_URL, { credentials: 'same-origin' });
    if (!response.ok) return defaultBranding();
    return parseBranding(await response.text());
  } catch (error) {
    console.warn('Branding could not be loaded; using the defaults.', error);
    return defaultBranding();
  }
}
