import { AreaInPreparationScreen } from '../../app/screens/AreaInPreparationScreen';

// The billing tab of a customer account (issue 13): its custom charges.
export function BillingScreen() {
  return <AreaInPreparationScreen titleKey="routes.billing" />;
}
