// What other features may use of roles/ (issue 32; eslint.config.js enforces it). Named re-exports
// only: an importer pulls in the modules named here, so a heavy one added here lands in its chunk.
export { EffectiveCapabilitiesCard } from './components/EffectiveCapabilitiesCard';
export { RolesSection } from './components/RolesSection';
