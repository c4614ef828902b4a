import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import type { Branding } from '@cmp/contracts/branding';
import { AppProviders, createQueryClient } from '../app/AppProviders';
import { defaultBranding } from '../platform/branding/parseBranding';

interface RenderOptions {
  path?: string;
  branding?: Partial<Branding>;
  queryClient?: ReturnType<typeof createQueryClient>;
}

/** Renders `ui` with the portal's providers inside a memory router at `path`. */
export function renderWithProviders(ui: ReactNode, { path = '/', branding = {}, queryClient = createQueryClient() }: RenderOptions = {}) {
  const result = render(
    <AppProviders branding={{ ...defaultBranding(), ...branding }} queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        {ui}
        <LocationProbe />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...result, queryClient, currentPath: () => result.getByTestId('location').textContent };
}

/** Exposes where the router is, so tests can assert on navigation the way a user sees the address. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location" hidden>{location.pathname + location.search}</output>;
}
