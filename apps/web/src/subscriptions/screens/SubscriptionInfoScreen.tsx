import { AreaInPreparationScreen } from '../../app/screens/AreaInPreparationScreen';

/** Issue 14: built in this session; until then the area-in-preparation page. */
export function SubscriptionInfoScreen() {
  return <AreaInPreparationScreen titleKey="routes.service_info" />;
}
