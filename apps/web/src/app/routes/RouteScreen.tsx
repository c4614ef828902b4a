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
  /** Loads the chunks of the likely next screen once the user starts using this one. */
  loadLikelyNext?: () => Promise<unknown>;
}

/** One route's page: its document title (WCAG 2.4.2) and its lazily loaded screen. */
export function RouteScreen({ titleKey, screen: Screen, loadLikelyNext }: RouteScreenProps) {
  const { t } = useTranslation();
  const { title } = useBranding();
  const pageTitle = t(titleKey);

  useEffect(() => {
    document.title = `${pageTitle} – ${title}`;
  }, [pageTitle, title]);

  return (
    <Suspense fallback={<LoadingIndicator />}>
      {Screen ? <Screen /> : <AreaInPreparationScreen titleKey={titleKey} />}
      {loadLikelyNext && <LoadOnFirstInput load={loadLikelyNext} />}
    </Suspense>
  );
}

/**
 * Inside the screen's Suspense boundary, so it is armed only once the screen shows; it loads on the
 * user's first key or pointer press there (typing a name, a password manager's click), so the next
 * screen's chunks never compete with this one's first paint nor cost a visitor who only looks.
 */
function LoadOnFirstInput({ load }: { load: () => Promise<unknown> }) {
  useEffect(() => {
    const events = ['keydown', 'pointerdown'] as const;
    const stopListening = () => events.forEach((event) => window.removeEventListener(event, loadNext, true));
    function loadNext() {
      stopListening();
      // A chunk that fails to load here loads again, and shows its failure, when its route is visited.
      load().catch(() => undefined);
    }
    events.forEach((event) => window.addEventListener(event, loadNext, true));
    return stopListening;
  }, [load]);
  return null;
}
