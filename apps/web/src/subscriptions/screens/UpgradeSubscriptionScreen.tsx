import { AreaInPreparationScreen } from '../../app/screens/AreaInPreparationScreen';

/** Issue 14: built in this session; until then the area-in-preparation page. */
export function UpgradeSubscriptionScreen() {
  return <AreaInPreparationScreen titleKey="routes.upgrade_subscription" />;
}
