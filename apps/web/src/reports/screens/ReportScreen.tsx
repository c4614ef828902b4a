import { AreaInPreparationScreen } from '../../app/screens/AreaInPreparationScreen';

/** Issue 15: `/reports/{reportId}`, one report; until built, the area-in-preparation page. */
export function ReportScreen() {
  return <AreaInPreparationScreen titleKey="routes.report" />;
}
