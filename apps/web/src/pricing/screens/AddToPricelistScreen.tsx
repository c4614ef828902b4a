import { AreaInPreparationScreen } from '../../app/screens/AreaInPreparationScreen';

// Adds services to a pricelist (issue 13).
export function AddToPricelistScreen() {
  return <AreaInPreparationScreen titleKey="routes.add_to_pricelist" />;
}
