import { request } from '@playwright/test';
import type { FullConfig } from '@playwright/test';
import { DEMO_PASSWORD } from './support';

// Issue 30: whatever the browser tests did, the database they leave holds none of the states the
// admin console's data checks look for (an order provisioned without a subscription, an Active
// subscription never provisioned, a service billed without one). Runs after the last spec, while
// the server still runs (Playwright stops its webServer after the global teardown).

const OPERATIONS = '/DataModel/service.svc/rest';

export default async function dataChecksTeardown(config: FullConfig): Promise<void> {
  const baseURL = config.projects[0]?.use.baseURL;
  const api = await request.newContext({ baseURL });
  try {
    const signedIn = await api.post(`${OPERATIONS}/IAuthorizationService/Authenticate`, { data: { userName: 'admin', password: DEMO_PASSWORD } });
    if (signedIn.status() !== 200) throw new Error(`data checks: the platform owner could not sign in (${signedIn.status()} ${await signedIn.text()})`);
    const answer = await api.post(`${OPERATIONS}/IAdminConsoleService/GetDataChecks`, { data: {} });
    if (answer.status() !== 200) throw new Error(`data checks: GetDataChecks answered ${answer.status()} ${await answer.text()}`);
    const { Checks } = (await answer.json()) as { Checks: { Check: string; Total: number }[] };
    const found = Checks.filter((check) => check.Total > 0);
    if (found.length > 0) throw new Error(`data checks found rows at the end of the browser tests: ${JSON.stringify(found)}`);
  } finally {
    await api.dispose();
  }
}
