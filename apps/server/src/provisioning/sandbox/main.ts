import { sandboxOptionsFromEnv, startVendorSandbox } from './vendorSandbox';

// The vendor sandbox as a process of its own (issue 14):
//   node --import tsx apps/server/src/provisioning/sandbox/main.ts
// `npm start` in demo mode starts it this way (sandboxProcess.ts). Settings from the environment:
//   SANDBOX_PORT (default 0: a free port), SANDBOX_HOST (127.0.0.1), SANDBOX_COMPLETION_DELAY_MS (1500),
//   SANDBOX_TRANSIENT_FAILURE_RATE (0..1, default 0), SANDBOX_LOST_RESPONSE_RATE (0..1, default 0),
//   SANDBOX_LICENSE_POOL (500), SANDBOX_TIMEOUT_SKU ('TIMEOUT'), SANDBOX_HANG_MS (120000).
// It prints "vendor sandbox listening at <url>" and, when started by a parent over IPC, sends it
// {type: 'ready', url}.

const sandbox = await startVendorSandbox({
  port: Number(process.env.SANDBOX_PORT ?? 0),
  host: process.env.SANDBOX_HOST || '127.0.0.1',
  options: sandboxOptionsFromEnv(),
});
console.info(`vendor sandbox listening at ${sandbox.url}`);
process.send?.({ type: 'ready', url: sandbox.url });

const stop = async () => {
  await sandbox.close();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
// Started by the portal: end with it, even when it did not get to stop us.
process.once('disconnect', stop);
