import { Suspense } from 'react';
import { Outlet } from 'react-router';
import Box from '@mui/material/Box';
import { useSessionUser } from '../../platform/session/currentUser';
import { LoadingIndicator } from '../../platform/ui/LoadingIndicator';
import { LoadingScreen } from '../screens/LoadingScreen';
import { AppHeader } from './AppHeader';
import { FooterBar } from './FooterBar';
import { SkipLink } from './SkipLink';

const MAIN_ID = 'main-content';

/** spec §2 full layout: header, page, footer action bar (support panel and chatbot come with their issues). */
export function FullLayout() {
  const user = useSessionUser();
  // The route guard lets no page of this layout render before the user is known.
  if (!user) return <LoadingScreen />;

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'grey.50' }}>
      <SkipLink targetId={MAIN_ID} />
      <AppHeader user={user} />
      <Box component="main" id={MAIN_ID} tabIndex={-1} sx={{ flex: 1, p: { xs: 2, md: 3 }, outline: 'none' }}>
        <Suspense fallback={<LoadingIndicator />}>
          <Outlet />
        </Suspense>
      </Box>
      <FooterBar user={user} />
    </Box>
  );
}
