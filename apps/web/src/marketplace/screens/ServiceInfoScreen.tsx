import { AreaInPreparationScreen } from '../../app/screens/AreaInPreparationScreen';

// The service info page (issue 13): every priceable item and its price, the terms, the vendor.
export function ServiceInfoScreen() {
  return <AreaInPreparationScreen titleKey="routes.service_info" />;
}
