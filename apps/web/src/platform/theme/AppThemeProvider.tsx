import { useMemo, type ReactNode } from 'react';
import { ThemeProvider as SystemThemeProvider } from '@mui/system';
import type { Theme } from '@mui/material/styles';

/**
 * Provides the portal's theme the way MUI's own ThemeProvider does for a theme without CSS
 * variables (ours: createAppTheme). MUI's provider also carries the CSS-variables provider and its
 * colour-scheme script, which such a theme never uses but which cost the entry chunk ~5 KB gzip
 * (issue 12: entry budget).
 */
export function AppThemeProvider({ theme, children }: { theme: Theme; children: ReactNode }) {
  // `vars: null` as MUI sets it: no CSS variables are inherited from an outer theme.
  const themeWithoutVars = useMemo(() => ({ ...theme, vars: null }), [theme]);
  return <SystemThemeProvider theme={themeWithoutVars}>{children}</SystemThemeProvider>;
}
