import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import type { SessionUser } from '@cmp/contracts/auth';
import { LOGIN_RULE, isAllowed } from '@cmp/contracts/capabilities';
import { messageStore, removeMessage, showMessage } from '../messages/messageStore';
import { CURRENT_USER_QUERY_KEY, refreshCurrentUser } from '../session/currentUser';
import { LiveClient, liveChannelUrl, type LiveAuth, type LiveNotification } from './liveClient';
import { MaintenanceBanner } from './maintenanceBanner';
import { reloadPage } from './reloadPage';
import { businessEventMessage, isFirstSight } from './businessEvents';

const authOf = (user: SessionUser | undefined): LiveAuth | undefined => (user ? { sessionId: user.SessionId, userId: user.UserAccountId } : undefined);

/**
 * The live-notification channel of the signed-in layout (spec §4 "Real-time channel", issue 16):
 * maintenance announcements as a banner with its countdown, operators' messages, and capability
 * updates, and business events (an order to approve, a decision, a provisioning outcome, a finished
 * propagation) with a link to their screen. Renders nothing itself: banners go to the portal's message area, which takes its own
 * place at the bottom of the window and moves nothing on the page.
 */
export function LiveNotifications({ user }: { user: SessionUser }) {
  const queryClient = useQueryClient();
  const { SessionId: sessionId, UserAccountId: userId } = user;

  useEffect(() => {
    const banner = new MaintenanceBanner({
      show: showMessage,
      remove: removeMessage,
      isShown: (id) => messageStore.getSnapshot().some((message) => message.id === id),
      text: (key, values) => i18next.t(key, values),
      reload: reloadPage,
    });
    const client = new LiveClient({
      url: liveChannelUrl(window.location, import.meta.env.DEV),
      currentAuth: () => authOf(queryClient.getQueryData<SessionUser>(CURRENT_USER_QUERY_KEY)) ?? { sessionId, userId },
      refreshAuth: async () => authOf(await refreshCurrentUser(queryClient)),
      onNotification: (message) => handleNotification(message, banner, queryClient),
    });
    client.start();
    return () => {
      client.stop();
      banner.clear();
    };
  }, [queryClient, sessionId, userId]);

  return null;
}

function handleNotification(message: LiveNotification, banner: MaintenanceBanner, queryClient: QueryClient): void {
  if (message.type === 'maintenance') return banner.announce(message.mode);
  if (message.type === 'event') {
    // An event a newer server knows and this portal does not: nothing to say about it.
    if (!i18next.exists(`live_channel.event.${message.event}`) || !isFirstSight(message.id)) return;
    showMessage(businessEventMessage(message, (key, values) => i18next.t(key, values)));
    // The open screen shows the change without a reload (an order list, a provisioning request).
    queryClient.invalidateQueries({ type: 'active' }).catch(() => undefined);
    return;
  }
  if (message.type === 'updatecapabs') {
    reloadUser(queryClient).catch(() => undefined);
    return;
  }
  // spec §4: an empty text removes the maintenance banner; any other text is shown as a message.
  if (message.text.trim() === '') return banner.clear();
  showMessage({ type: 'info', title: i18next.t('live_channel.message_title'), text: message.text });
}

/** spec §4: on updatecapabs the user is loaded again, and the page reloads if Login/Execute is lost. */
async function reloadUser(queryClient: QueryClient): Promise<void> {
  const user = await refreshCurrentUser(queryClient);
  if (!user || !isAllowed(user.Capability, LOGIN_RULE)) reloadPage();
}
