import { AreaInPreparationScreen } from '../../app/screens/AreaInPreparationScreen';

/** Issue 14: built in this session; until then the area-in-preparation page. */
export function ProvisioningScreen() {
  return <AreaInPreparationScreen titleKey="routes.provisioning" />;
}
