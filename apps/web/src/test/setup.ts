import '@testing-library/jest-dom/vitest';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { initI18nWithBundle } from '../platform/i18n/initI18n';
import { loadLocaleBundle } from '../platform/i18n/loadLocaleBundle';
import { assertContractsKept, forgetSentBodies } from './apiHandlers';
import { apiServer } from './apiServer';

// Component tests read the English texts the way a user sees them, from the bundle the portal loads.
await initI18nWithBundle('en', await loadLocaleBundle('en'));

// findBy…/waitFor wait 1 s by default; a busy 2-core CI machine needs longer to render a lazy route.
configure({ asyncUtilTimeout: 10_000 });

// A page served by the server always has its anti-forgery cookie; tests that need it gone remove it.
beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=test-token';
});

// Every call a test makes must meet a handler it added (test/apiHandlers.ts); one nobody answers is
// a mistake in the test, not a network failure to show. Tests still on a fake fetch
// (test/fakeFetch.ts) stub the global fetch after MSW patched it, so their calls never reach MSW and
// vi.unstubAllGlobals() hands fetch back to it.
beforeAll(() => {
  apiServer.listen({ onUnhandledRequest: 'error' });
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  apiServer.resetHandlers();
  forgetSentBodies();
  assertContractsKept();
});

afterAll(() => {
  apiServer.close();
});
