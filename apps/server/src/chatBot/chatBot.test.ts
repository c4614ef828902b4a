import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { accounts, products, subscriptions } from '../platform/db/schema';
import { insertAccount } from '../accounts/accountStore';
import { call, signIn, startTestServer, type TestServer } from '../test/testServer';

let server: TestServer;
let cookie: string;
let token: string;

const ask = (text: string, options: { token?: string; language?: string } = {}) =>
  call(server.app, 'IChatBotService/Ask', { token: options.token ?? token, text }, { cookie, headers: options.language ? { 'accept-language': options.language } : {} });

beforeAll(async () => {
  server = await startTestServer();
  const db = server.handle.db;
  // A subscription of Contoso that ends in 30 days and will not renew, and one far away.
  const [contoso] = await db.select().from(accounts).where(eq(accounts.displayName, 'Contoso Ltd')).limit(1);
  await db.insert(products).values({ name: 'CHAT_TEST_PRODUCT', displayName: 'Chat test product' }).onConflictDoNothing();
  const ending = await insertAccount(db, { type: 'Product', parent: contoso!, displayName: 'Archive Vault – Contoso', productName: 'CHAT_TEST_PRODUCT' });
  const later = await insertAccount(db, { type: 'Product', parent: contoso!, displayName: 'Far Future – Contoso', productName: 'CHAT_TEST_PRODUCT' });
  await db.insert(subscriptions).values([
    { accountId: ending.id, productName: 'CHAT_TEST_PRODUCT', autoRenew: 'Terminate', minimumContractEndDate: new Date(Date.now() + 30 * 86_400_000) },
    { accountId: later.id, productName: 'CHAT_TEST_PRODUCT', autoRenew: 'Renew', minimumContractEndDate: new Date(Date.now() + 400 * 86_400_000) },
  ]);
  cookie = await signIn(server.app, 'company.admin');
  const issued = await call(server.app, 'IChatBotService/GetChatBotToken', {}, { cookie });
  expect(issued.status).toBe(200);
  token = issued.body.Token as string;
});
afterAll(async () => {
  await server?.close();
});

describe('chat bot (spec §2 Chatbot, §7 Chatbot token; issue 5)', () => {
  it("answers about the caller's own subscriptions ending soon, from the data", async () => {
    const answer = await ask('Which of my subscriptions end soon?');
    expect(answer.status).toBe(200);
    expect(answer.body.Topic).toBe('subscriptions');
    const items = answer.body.Items as string[];
    expect(items.some((item) => item.startsWith('Archive Vault – Contoso ends on'))).toBe(true);
    expect(items.some((item) => item.includes('Far Future'))).toBe(false);
  });

  it('answers about orders and provisioning', async () => {
    expect((await ask('Do I have open orders?')).body).toMatchObject({ Topic: 'orders', Text: 'You have no open orders at the moment.' });
    expect((await ask('Did any provisioning fail?')).body.Topic).toBe('provisioning');
  });

  it("answers how to reach support with the reseller's contact and knowledge base", async () => {
    const answer = await ask('How can I contact support?');
    expect(answer.body.Topic).toBe('support');
    expect(answer.body.Items).toContain('E-mail: support@northwind.example');
    expect(answer.body.Links).toContainEqual({ Label: 'Knowledge base', Url: 'https://academy.northwind.example' });
  });

  it("understands and answers in the caller's language", async () => {
    const answer = await ask('Welche Abonnements laufen bald aus?', { language: 'de' });
    expect(answer.body.Topic).toBe('subscriptions');
    expect(answer.body.Text).not.toMatch(/subscriptions/);
  });

  it('refuses a token of another user, a forged one and an empty question', async () => {
    const otherCookie = await signIn(server.app, 'reseller.admin');
    const otherToken = (await call(server.app, 'IChatBotService/GetChatBotToken', {}, { cookie: otherCookie })).body.Token as string;
    expect((await ask('orders?', { token: otherToken })).status).toBe(401);
    expect((await ask('orders?', { token: `${token.slice(0, -2)}xx` })).status).toBe(401);
    const empty = await ask('   ');
    expect(empty.status).toBe(400);
    expect(empty.body.Message).toMatch(/text/);
  });

  it('needs CHAT_BOT Read', async () => {
    const userCookie = await signIn(server.app, 'company.user');
    expect((await call(server.app, 'IChatBotService/GetChatBotToken', {}, { cookie: userCookie })).status).toBe(403);
  });
});
