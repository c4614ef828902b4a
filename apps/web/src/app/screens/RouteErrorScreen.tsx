import { useTranslation } from 'react-i18next';

/**
 * Shown when a screen fails to load or render, typically a chunk of an older deployment that is
 * gone. It uses plain elements so that it works even when the component chunks cannot be loaded.
 */
export function RouteErrorScreen() {
  const { t } = useTranslation();
  return (
    <main id="main-content" style={{ padding: 32, maxWidth: 720, margin: '0 auto', fontFamily: 'Roboto, Helvetica, Arial, sans-serif' }}>
      <h1>{t('errors.page_failed')}</h1>
      <button type="button" onClick={() => window.location.reload()} style={{ padding: '8px 16px', fontSize: 16 }}>
        {t('errors.reload')}
      </button>
    </main>
  );
}
