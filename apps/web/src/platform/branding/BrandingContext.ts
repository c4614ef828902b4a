import { createContext, useContext } from 'react';
import type { Branding } from '@cmp/contracts/branding';
import { defaultBranding } from './parseBranding';

/** The branding loaded at start-up (spec §4); it does not change while the page lives. */
export const BrandingContext = createContext<Branding>(defaultBranding());

export function useBranding(): Branding {
  return useContext(BrandingContext);
}
