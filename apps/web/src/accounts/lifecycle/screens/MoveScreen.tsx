import { AreaInPreparationScreen } from '../../../app/screens/AreaInPreparationScreen';

// Being built in this issue (accounts); replaced by the real screen.
export function MoveScreen() {
  return <AreaInPreparationScreen titleKey="routes.move" />;
}
