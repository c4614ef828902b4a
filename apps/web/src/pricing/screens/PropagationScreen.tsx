import { AreaInPreparationScreen } from '../../app/screens/AreaInPreparationScreen';

// Propagation (issue 13): push a pricelist's prices down to customer resellers.
export function PropagationScreen() {
  return <AreaInPreparationScreen titleKey="routes.propagation" />;
}
