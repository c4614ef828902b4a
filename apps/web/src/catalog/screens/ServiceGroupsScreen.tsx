import { AreaInPreparationScreen } from '../../app/screens/AreaInPreparationScreen';

// The service tool (issue 13): service groups, a scope of pricing rules.
export function ServiceGroupsScreen() {
  return <AreaInPreparationScreen titleKey="routes.edit_service_groups" />;
}
