import { createTheme, type Theme } from '@mui/material/styles';
import type { Branding } from '@cmp/contracts/branding';
import { aboveBottomDock } from '../ui/bottomDock';

/** spec §9 "Theme": the product's status colours; the primary colour comes from the branding (spec §4 Start-up). */
export const STATUS_COLOURS = {
  error: '#ba0c2f',
  success: '#4caf50',
  info: '#2196f3',
  warning: '#ff9800',
} as const;

export function createAppTheme(branding: Branding): Theme {
  const primary = branding.colors.primary;
  return createTheme({
    palette: {
      primary: { main: primary },
      error: { main: STATUS_COLOURS.error },
      success: { main: STATUS_COLOURS.success },
      info: { main: STATUS_COLOURS.info },
      warning: { main: STATUS_COLOURS.warning },
    },
    components: {
      MuiCssBaseline: {
        styleOverrides: {
          // WCAG 2.2 AA 2.4.7 / 2.4.11: keyboard focus is always clearly visible, whatever the branding colour.
          ':focus-visible': { outline: `3px solid ${primary}`, outlineOffset: 2 },
          // WCAG 2.4.11: an element scrolled into view by focus is not left under the sticky header or bottom dock.
          html: { scrollPaddingTop: 80, scrollPaddingBottom: aboveBottomDock('16px') },
        },
      },
    },
  });
}
