import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, signIn, startTestServer, type TestServer } from '../test/testServer';
import { money } from '../pricing/money';
import { rowsOf } from '../platform/db/rowsOf';

// Issue 30 item 5: the credit check counts what a company will be billed in every currency —
// converted with the rates the pricing uses, the rate recorded with the order — or refuses with
// "Exchange rate not up to date."; it never leaves an amount out. Contoso's limit and pricelist are EUR.

let server: TestServer;
let companyAdmin: string;
let contoso: number;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test reads whatever the answer holds
type Answer = { status: number; body: any };
const op = (name: string, body: unknown): Promise<Answer> => call(server.app, `IAccountService/${name}`, body, { cookie: companyAdmin });
const order = () => ({ parentAccountId: contoso, productName: 'NIMBUS_ENDPOINT', quantity: 1, commitment: '1-month', billingFrequency: 'Monthly' });
const rows = <T>(query: ReturnType<typeof sql>) => rowsOf<T>(server.handle.db, query);
const pendingCharge = async (currency: string, price: string) => {
  const [row] = await rows<{ id: number }>(sql`insert into custom_charges (account_id, name, price, cost, currency, created_by_account_id)
    values (${contoso}, ${`Charge in ${currency}`}, ${price}, 0, ${currency}, ${contoso}) returning id`);
  return row!.id;
};
const orderCount = async () => Number((await rows<{ n: string }>(sql`select count(*)::text as n from orders`))[0]!.n);

beforeAll(async () => {
  server = await startTestServer();
  companyAdmin = await signIn(server.app, 'company.admin');
  contoso = (await rows<{ id: number }>(sql`select id from accounts where display_name = 'Contoso Ltd' and type = 'Company'`))[0]!.id;
}, 120_000);
afterAll(async () => server?.close());

describe('the credit check across currencies', () => {
  it('has one currency for everything Contoso is billed in the demo world', async () => {
    const currencies = await rows<{ currency: string }>(sql`
      select currency from custom_charges where account_id = ${contoso}
      union select s.currency from subscriptions s join accounts a on a.id = s.account_id where a.path like ${`%/${contoso}/%`}
      union select currency from company_credit_limits where company_account_id = ${contoso}
      union select currency from orders where company_account_id = ${contoso}`);
    expect(currencies.map((c) => c.currency)).toEqual(['EUR']);
  });

  it('converts a charge in another currency at the pricing’s rate and records the rate with the order', async () => {
    const before = await op('PreviewOrder', order());
    expect(before.status).toBe(200);
    const [rate] = await rows<{ rate: string; as_of: Date }>(sql`select rate::text as rate, as_of from exchange_rates where base_currency = 'USD' and quote_currency = 'EUR' order by as_of desc limit 1`);
    const charge = await pendingCharge('USD', '1000.00');
    const after = await op('PreviewOrder', order());
    expect(after.status).toBe(200);
    const converted = money('1000.00').mul(rate!.rate).toDecimalPlaces(2);
    expect(money(after.body.OpenBalance).minus(money(before.body.OpenBalance)).toFixed(2)).toBe(converted.toFixed(2));

    const placed = await op('PlaceOrder', order());
    expect(placed.status).toBe(200);
    const [recorded] = await rows<{ credit_check_rates: unknown }>(sql`select credit_check_rates from orders where id = ${placed.body.Order.Id}`);
    expect(recorded!.credit_check_rates).toEqual([{ From: 'USD', To: 'EUR', Rate: rate!.rate, AsOf: new Date(rate!.as_of).toISOString() }]);
    await rows(sql`delete from custom_charges where id = ${charge}`);
  });

  it('refuses with "Exchange rate not up to date." when no rate converts a currency, and writes no order', async () => {
    const charge = await pendingCharge('SEK', '5000.00');
    const ordersBefore = await orderCount();
    const preview = await op('PreviewOrder', order());
    expect(preview.status).toBe(409);
    expect(preview.body.Message).toMatch(/^Exchange rate not up to date\. \(SEK → EUR\)/);
    const placed = await op('PlaceOrder', order());
    expect(placed.status).toBe(409);
    expect(placed.body.Message).toMatch(/^Exchange rate not up to date\./);
    expect(await orderCount()).toBe(ordersBefore);
    await rows(sql`delete from custom_charges where id = ${charge}`);
  });

  it('refuses when the only rate is older than the allowed age', async () => {
    const charge = await pendingCharge('USD', '10.00');
    await rows(sql`update exchange_rates set as_of = as_of - interval '30 days' where base_currency = 'USD' and quote_currency = 'EUR'`);
    try {
      const placed = await op('PlaceOrder', order());
      expect(placed.status).toBe(409);
      expect(placed.body.Message).toMatch(/^Exchange rate not up to date\. \(USD → EUR\)/);
    } finally {
      await rows(sql`update exchange_rates set as_of = as_of + interval '30 days' where base_currency = 'USD' and quote_currency = 'EUR'`);
      await rows(sql`delete from custom_charges where id = ${charge}`);
    }
  });
});
