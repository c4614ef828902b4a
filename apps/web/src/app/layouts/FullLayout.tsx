import { lazy, Suspense, useSyncExternalStore } from 'react';
import { Outlet } from 'react-router';
import Box from '@mui/material/Box';
import { isAllowed, requirement } from '@cmp/contracts/capabilities';
import { hasConsentToAllServices, subscribeConsent } from '../../platform/consent/consentStore';
import { useIsEmbedded } from '../../platform/embedded/embeddedHost';
import { accountViewValue } from '../../platform/session/accountViewValue';
import { useSessionUser } from '../../platform/session/currentUser';
import { useFirstPaintDone } from '../../platform/ui/firstPaint';
import { lazyWithPreload } from '../../platform/ui/lazyWithPreload';
import { LoadingIndicator } from '../../platform/ui/LoadingIndicator';
import { LoadingScreen } from '../screens/LoadingScreen';
import { AppHeader } from './AppHeader';
import { BottomDock } from './BottomDock';
import { FooterBar } from './FooterBar';
import { SkipLink } from './SkipLink';

const MAIN_ID = 'main-content';
// The consent banner and page-view tracking (spec §4, §9) are a chunk of their own that never holds
// the page up. Asked for as soon as the layout's code is here (issue 12): the banner, often the
// largest paint, then shows with the page instead of one suspended render and 300 ms after it.
const ConsentAndAnalytics = lazyWithPreload(() => import('./ConsentAndAnalytics').then((module) => module.ConsentAndAnalytics));
ConsentAndAnalytics.preload().catch(() => undefined);
// issue 16: the live-notification channel (maintenance countdown, messages, capability updates), off the start-up path.
const EventHubConnection = lazy(() => import('../../platform/realtime/EventHubConnection').then((module) => ({ default: module.EventHubConnection })));
const LiveNotifications = lazy(() => import('../../platform/realtime/LiveNotifications').then((module) => ({ default: module.LiveNotifications })));
const ChatBot = lazy(() => import('../../chatBot/components/ChatBot').then((module) => ({ default: module.ChatBot })));
// spec §6 "The chatbot needs Read on the chat bot capability, plus consent to all services".
const CHAT_BOT_RULE = requirement('CHAT_BOT', ['Read']);

/** spec §2 full layout: header, page, footer action bar, support panel and, when allowed, the chatbot. */
export function FullLayout() {
  const user = useSessionUser();
  const hasChatConsent = useSyncExternalStore(subscribeConsent, hasConsentToAllServices);
  // spec §1, §2: inside a host shell the host's navigation replaces the portal's header and footer.
  const isEmbedded = useIsEmbedded();
  // The live channel and the chatbot show nothing on the first screen: their code comes after it is painted.
  const isPainted = useFirstPaintDone();
  // The route guard lets no page of this layout render before the user is known.
  if (!user) return <LoadingScreen />;

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'grey.50' }}>
      <SkipLink targetId={MAIN_ID} />
      {!isEmbedded && <AppHeader user={user} />}
      <Box component="main" id={MAIN_ID} tabIndex={-1} sx={{ flex: 1, p: { xs: 2, md: 3 }, outline: 'none' }}>
        <Suspense fallback={<LoadingIndicator />}>
          <Outlet />
        </Suspense>
      </Box>
      <BottomDock>
        <Suspense fallback={null}>
          <ConsentAndAnalytics />
        </Suspense>
        {!isEmbedded && <FooterBar user={user} />}
      </BottomDock>
      {isPainted && (
        <Suspense fallback={null}>
          <LiveNotifications user={user} />
          <EventHubConnection sessionId={user.SessionId} />
        </Suspense>
      )}
      {isPainted && hasChatConsent && isAllowed(user.Capability, CHAT_BOT_RULE) && (
        <Suspense fallback={null}>
          <ChatBot firstName={String(accountViewValue(user.UserAccount, 'User', 'Firstname') ?? '')} />
        </Suspense>
      )}
    </Box>
  );
}
