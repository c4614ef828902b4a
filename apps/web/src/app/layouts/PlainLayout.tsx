import { Suspense } from 'react';
import { Outlet } from 'react-router';
import Box from '@mui/material/Box';
import { LoadingIndicator } from '../../platform/ui/LoadingIndicator';

/** spec §2: sign-in pages have no header or footer, only the page centred on the screen. */
export function PlainLayout() {
  return (
    <Box
      component="main"
      id="main-content"
      sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', p: 2, bgcolor: 'grey.100' }}
    >
      <Suspense fallback={<LoadingIndicator />}>
        <Outlet />
      </Suspense>
    </Box>
  );
}
