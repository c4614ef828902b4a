// What other features may use of billing/ (issue 32; eslint.config.js enforces it). Named re-exports
// only: an importer pulls in the modules named here, so a heavy one added here lands in its chunk.
export { BILLING_RUN_POLL_MS, getBillingRuns } from './api/billingOperations';
export { InterruptedStatus } from './components/InterruptedRun';
export { InvoicesCard } from './components/InvoicesCard';
export { OnlineBillCard } from './components/OnlineBillCard';
export { RunBillingCard } from './components/RunBillingCard';
export { isActive } from './hooks/useBillingRun';
export { formatInterval } from './utils/billingFormat';
