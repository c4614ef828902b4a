import '@testing-library/jest-dom/vitest';
import { afterEach, beforeEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { initI18nWithBundle } from '../platform/i18n/initI18n';
import { loadLocaleBundle } from '../platform/i18n/loadLocaleBundle';

// Component tests read the English texts the way a user sees them, from the bundle the portal loads.
await initI18nWithBundle('en', await loadLocaleBundle('en'));

// findBy…/waitFor wait 1 s by default; a busy 2-core CI machine needs longer to render a lazy route.
configure({ asyncUtilTimeout: 10_000 });

// A page served by the server always has its anti-forgery cookie; tests that need it gone remove it.
beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=test-token';
});

afterEach(() => {
  cleanup();
  localStorage.clear();
});
