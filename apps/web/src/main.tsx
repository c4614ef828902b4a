import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createQueryClient } from './app/AppProviders';
import { startFirstScreen } from './app/routes/startFirstScreen';
import { applyBranding } from './platform/branding/applyBranding';
import { loadBranding } from './platform/branding/loadBranding';
import { startLoadingLocaleBundles } from './platform/i18n/loadLocaleBundle';
import { holdUntilFirstPaint } from './platform/ui/firstPaint';
import { readStoredLocale, resolveLocale } from './platform/i18n/resolveLocale';

// zod probes whether it may compile validators with `new Function`; under the server's content
// security policy (no 'unsafe-eval', issue 11 item 5) the caught probe is still reported as a
// violation. Its `jitless` setting skips the probe. zod keeps the setting on this global, so it is
// set here, before any chunk validates, without pulling zod into the entry chunk.
const zodGlobal = globalThis as { __zod_globalConfig?: Record<string, unknown> };
zodGlobal.__zod_globalConfig = Object.assign(zodGlobal.__zod_globalConfig ?? {}, { jitless: true });

/**
 * spec §4 Start-up: branding loaded and applied (theme colour, title, favicon), then the app mounts.
 * issue 12: everything the first screen needs is asked for in one wave. The branding request left
 * with the entry (index.html preloads it); the screen's chunks, the current user and i18next go now,
 * the language bundle as soon as the branding names the default language. React renders once all
 * of it is here.
 */
async function start(): Promise<void> {
  const queryClient = createQueryClient();
  const firstScreen = startFirstScreen(queryClient);
  const i18n = import('./platform/i18n/initI18n');
  const branding = await loadBranding();
  applyBranding(branding);
  const locale = resolveLocale(readStoredLocale(), branding.default_locale);
  startLoadingLocaleBundles(locale);
  await Promise.all([i18n.then((module) => module.initI18n(locale)), firstScreen]);

  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element to mount the portal in.');
  const root = createRoot(container);
  holdUntilFirstPaint();
  // A transition renders concurrently: React yields to the browser every few milliseconds instead of
  // holding the main thread for the whole first screen (issue 12: total blocking time).
  startTransition(() =>
    root.render(
      <StrictMode>
        <App branding={branding} queryClient={queryClient} />
      </StrictMode>,
    ),
  );
}

void start();
