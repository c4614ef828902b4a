// What other features may use of accounts/ (issue 32; eslint.config.js enforces it). Named re-exports
// only: an importer pulls in the modules named here, so a heavy one added here lands in its chunk.
export { type ParentOption, ParentPicker } from './create/components/ParentPicker';
export { AccountPicker, type PickedAccount } from './lifecycle/components/AccountPicker';
export { useLoadedAccount } from './view/api/accountViewOperations';
export { AccountPageFrame } from './view/components/AccountPageFrame';
