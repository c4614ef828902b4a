import { useMemo, useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import CssBaseline from '@mui/material/CssBaseline';
import type { Branding } from '@cmp/contracts/branding';
import { BrandingContext } from '../platform/branding/BrandingContext';
import { ToastArea } from '../platform/messages/ToastArea';
import { AppThemeProvider } from '../platform/theme/AppThemeProvider';
import { createAppTheme } from '../platform/theme/createAppTheme';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // The API client already shows each failure once (spec §8); a retry would show it again.
      queries: { retry: false, refetchOnWindowFocus: false },
    },
  });
}

interface AppProvidersProps {
  branding: Branding;
  queryClient?: QueryClient;
  children: ReactNode;
}

/** Branding, theme (spec §4 Start-up, §9 Theme), server state and the message area around the routes. */
export function AppProviders({ branding, queryClient: givenClient, children }: AppProvidersProps) {
  const theme = useMemo(() => createAppTheme(branding), [branding]);
  const [ownClient] = useState(createQueryClient);

  return (
    <BrandingContext value={branding}>
      <AppThemeProvider theme={theme}>
        <CssBaseline />
        <QueryClientProvider client={givenClient ?? ownClient}>
          {children}
          <ToastArea />
        </QueryClientProvider>
      </AppThemeProvider>
    </BrandingContext>
  );
}
