// The browser tests' OpenID provider in a process of its own (started by e2e/serve.ts): it sends
// its issuer and client over IPC once it listens, and ends with its parent.
import { startTestIdentityProvider } from '../apps/server/src/test/oidcProvider';

const idp = await startTestIdentityProvider({ redirectUris: [process.env.PORTAL_ORIGIN ?? 'http://127.0.0.1:8080'] });
process.send?.({ type: 'ready', issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret });
process.once('disconnect', () => process.exit(0));
process.once('SIGTERM', () => process.exit(0));
