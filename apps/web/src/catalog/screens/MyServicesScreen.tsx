import { AreaInPreparationScreen } from '../../app/screens/AreaInPreparationScreen';

// My services (issue 13): a reseller's services for its customers, Excel export and import.
export function MyServicesScreen() {
  return <AreaInPreparationScreen titleKey="routes.my_services" />;
}
