import { AreaInPreparationScreen } from '../../../app/screens/AreaInPreparationScreen';

// Being built in this issue (accounts); replaced by the real screen.
export function CreateAccountScreen() {
  return <AreaInPreparationScreen titleKey="routes.create_company" />;
}
