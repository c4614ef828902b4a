import { setupServer } from 'msw/node';

/**
 * The portal's server as component tests see it: Mock Service Worker intercepting fetch, with no
 * operation answered until a test adds its handlers (`apiServer.use(operation(…))`). The web test
 * setup starts it before all tests, drops each test's handlers after it and stops it at the end.
 */
export const apiServer = setupServer();
