// What other features may use of dashboard/ (issue 32; eslint.config.js enforces it). Named re-exports
// only: an importer pulls in the modules named here, so a heavy one added here lands in its chunk.
export { EFFECTIVE_LANDING_PAGE_QUERY_KEY } from './api/useEffectiveLandingPage';
