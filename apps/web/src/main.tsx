import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { applyBranding } from './platform/branding/applyBranding';
import { loadBranding } from './platform/branding/loadBranding';
import { initI18n } from './platform/i18n/initI18n';
import { readStoredLocale, resolveLocale } from './platform/i18n/resolveLocale';

/** spec §4 Start-up: branding loaded and applied (theme colour, title, favicon), then the app mounts. */
async function start(): Promise<void> {
  const branding = await loadBranding();
  applyBranding(branding);
  await initI18n(resolveLocale(readStoredLocale(), branding.default_locale));

  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element to mount the portal in.');
  createRoot(container).render(
    <StrictMode>
      <App branding={branding} />
    </StrictMode>,
  );
}

void start();
