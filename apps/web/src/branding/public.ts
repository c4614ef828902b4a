// What other features may use of branding/ (issue 32; eslint.config.js enforces it). Named re-exports
// only: an importer pulls in the modules named here, so a heavy one added here lands in its chunk.
export { useStoredBranding } from './api/brandingOperations';
export { BrandingForm } from './components/BrandingForm';
