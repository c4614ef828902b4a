import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Subscription } from '@cmp/contracts/subscriptions';
import { call, signIn, startTestServer, type TestServer } from './testServer';
import { startVendorSandbox, type VendorSandbox } from '../provisioning/sandbox/vendorSandbox';

// The API tests of subscriptions (issue 14) on the demo world: a test server, the vendor sandbox
// answering quickly, company.admin of Contoso Ltd ordering Nimbus services through the API.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test reads whatever the answer holds
export type Answer = { status: number; body: any };

export interface SubscriptionTestWorld {
  server: TestServer;
  companyAdmin: string;
  companyUser: string;
  otherAdmin: string;
  contoso: number;
  rowsOf: <T>(query: ReturnType<typeof sql>) => Promise<T[]>;
  op: (name: string, body: unknown, cookie: string, headers?: Record<string, string>) => Promise<Answer>;
  getSubscription: (accountId: number) => Promise<Subscription>;
  /** Orders `quantity` seats of `productName` for Contoso and waits until the vendor has delivered them. */
  activeSubscription: (quantity?: number, commitment?: string, productName?: string) => Promise<number>;
  close: () => Promise<void>;
}

export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`still ${JSON.stringify(value)} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function startSubscriptionTestWorld(): Promise<SubscriptionTestWorld> {
  const sandbox: VendorSandbox = await startVendorSandbox({ options: { completionDelayMs: 50 } });
  process.env.VENDOR_SANDBOX_URL = sandbox.url;
  const server = await startTestServer();
  const [companyAdmin, companyUser, otherAdmin] = await Promise.all(['company.admin', 'company.user', 'other.admin'].map((name) => signIn(server.app, name)));
  const rowsOf = async <T>(query: ReturnType<typeof sql>) => ((await server.handle.db.execute(query)) as unknown as { rows: T[] }).rows;
  const contoso = (await rowsOf<{ id: number }>(sql`select id from accounts where display_name = 'Contoso Ltd' and type = 'Company'`))[0]!.id;
  const op = (name: string, body: unknown, cookie: string, headers: Record<string, string> = {}): Promise<Answer> => call(server.app, `IAccountService/${name}`, body, { cookie, headers });
  const getSubscription = async (accountId: number): Promise<Subscription> => {
    const answer = await op('GetSubscription', { accountId }, companyAdmin);
    expect(answer.status).toBe(200);
    return answer.body.Subscription as Subscription;
  };
  const activeSubscription = async (quantity = 5, commitment = '1-month', productName = 'NIMBUS_ENDPOINT'): Promise<number> => {
    const placed = await op('PlaceOrder', { parentAccountId: contoso, productName, quantity, commitment, billingFrequency: 'Monthly' }, companyAdmin);
    expect(placed.status).toBe(200);
    const accountId = placed.body.Order.SubscriptionAccountId as number;
    await until(
      () => getSubscription(accountId),
      (s) => s.Status === 'Active',
    );
    return accountId;
  };
  return {
    server,
    companyAdmin,
    companyUser,
    otherAdmin,
    contoso,
    rowsOf,
    op,
    getSubscription,
    activeSubscription,
    close: async () => {
      delete process.env.VENDOR_SANDBOX_URL;
      await server.close();
      await sandbox.close();
    },
  };
}
