// What other features may use of users/ (issue 32; eslint.config.js enforces it). Named re-exports
// only: an importer pulls in the modules named here, so a heavy one added here lands in its chunk.
export { setUserRoles } from './api/userOperations';
export { NewUserRolesField } from './components/NewUserRolesField';
