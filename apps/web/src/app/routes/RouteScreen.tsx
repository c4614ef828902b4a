import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useBranding } from '../../platform/branding/BrandingContext';
import { LoadingIndicator } from '../../platform/ui/LoadingIndicator';

const AreaInPreparationScreen = lazy(() =>
  import('../screens/AreaInPreparationScreen').then((module) => ({ default: module.AreaInPreparationScreen })),
);

interface RouteScreenProps {
  titleKey: string;
  screen?: ComponentType;
}

/** One route's page: its document title (WCAG 2.4.2) and its lazily loaded screen. */
export function RouteScreen({ titleKey, screen: Screen }: RouteScreenProps) {
  const { t } = useTranslation();
  const { title } = useBranding();
  const pageTitle = t(titleKey);

  useEffect(() => {
    document.title = `${pageTitle} – ${title}`;
  }, [pageTitle, title]);

  return (
    <Suspense fallback={<LoadingIndicator />}>{Screen ? <Screen /> : <AreaInPreparationScreen titleKey={titleKey} />}</Suspense>
  );
}
