import Box from '@mui/material/Box';
import { LoadingIndicator } from '../../platform/ui/LoadingIndicator';

/** spec §2: while the user or prerequisites load, a loading screen replaces the page. */
export function LoadingScreen() {
  return (
    <Box component="main" id="main-content" sx={{ minHeight: '100vh', display: 'flex' }}>
      <LoadingIndicator />
    </Box>
  );
}
