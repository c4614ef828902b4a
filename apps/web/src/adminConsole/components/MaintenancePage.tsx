import { LiveChannelAdminSection } from '../../platform/realtime/components/LiveChannelAdminSection';

/** Maintenance announcements and messages to the signed-in users (issue 16's live channel). */
export function MaintenancePage() {
  return <LiveChannelAdminSection />;
}
