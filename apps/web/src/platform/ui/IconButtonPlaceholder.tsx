import Box from '@mui/material/Box';

/**
 * The room of a header icon button whose code is still loading (a lazy menu's Suspense fallback):
 * the header keeps its layout when the button arrives, so nothing after it moves or wraps (issue 12, CLS).
 */
export function IconButtonPlaceholder() {
  return <Box aria-hidden sx={{ width: 40, height: 40, flexShrink: 0 }} />;
}
