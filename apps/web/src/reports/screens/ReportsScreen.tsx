import { AreaInPreparationScreen } from '../../app/screens/AreaInPreparationScreen';

/** Issue 15: `/reports`, the frequent reports; until built, the area-in-preparation page. */
export function ReportsScreen() {
  return <AreaInPreparationScreen titleKey="routes.reports" />;
}
