import { AreaInPreparationScreen } from '../../app/screens/AreaInPreparationScreen';

// Explore (issue 13): the catalog with the signed-in customer's prices.
export function ExploreScreen() {
  return <AreaInPreparationScreen titleKey="routes.explore" />;
}
