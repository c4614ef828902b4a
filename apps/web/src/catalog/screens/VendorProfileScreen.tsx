import { AreaInPreparationScreen } from '../../app/screens/AreaInPreparationScreen';

// My vendor profile (issue 13): a vendor's profile and its services.
export function VendorProfileScreen() {
  return <AreaInPreparationScreen titleKey="routes.vendor_profile" />;
}
