import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { accounts, orders, products, subscriptions, users } from '../platform/db/schema';
import { assignRole, insertRoleWithCapabilities } from '../auth/roleStore';
import { insertAccount } from '../accounts/accountStore';
import { recordVendorDelivery } from '../test/deliveredSubscriptions';
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
  await recordVendorDelivery(db, contoso!.path);
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

  it("lists the caller's company orders waiting for approval, never a foreign one", async () => {
    const answer = await ask('Do I have open orders?');
    expect(answer.body).toMatchObject({ Topic: 'orders', Text: 'These orders are waiting for approval (1):' });
    const items = answer.body.Items as string[];
    expect(items).toHaveLength(1);
    expect(items[0]).toMatch(/^Order \d+: 500 × Skyline Backup for Contoso Ltd, €1,750\.00, waiting for approval since /);
    // Asked why, the knowledge base article on order approval comes along as a link.
    const why = await ask('Why is my order still waiting for approval?');
    expect(why.body.Items).toEqual(items);
    expect(why.body.Links).toContainEqual({ Label: 'Why is my order waiting for approval?', Url: 'https://academy.cloudserviceproviders.example/articles/en/order-approval' });
  });

  it("shows an account manager the hierarchy's open and recently rejected orders", async () => {
    const resellerCookie = await signIn(server.app, 'reseller.admin');
    const resellerToken = (await call(server.app, 'IChatBotService/GetChatBotToken', {}, { cookie: resellerCookie })).body.Token as string;
    const answer = await call(server.app, 'IChatBotService/Ask', { token: resellerToken, text: 'orders?' }, { cookie: resellerCookie });
    const items = answer.body.Items as string[];
    expect(items.some((item) => item.includes('Skyline Backup for Contoso Ltd'))).toBe(true);
    expect(items.some((item) => item.includes('Litware'))).toBe(false);
    // Issue 10 item 10: the waiting and the recently rejected orders are two lists, each with its own count.
    expect(answer.body.Text).toBe(`These orders are waiting for approval (${items.length}):`);
    expect(items.every((item) => item.includes('waiting for approval since'))).toBe(true);
    const sections = answer.body.Sections as { Title: string; Items: string[] }[];
    expect(sections).toHaveLength(1);
    expect(sections[0]!.Title).toBe(`These orders were rejected in the last 30 days (${sections[0]!.Items.length}):`);
    expect(sections[0]!.Items).toContainEqual(expect.stringMatching(/Skyline CRM for Adventure Works was rejected on .*Reason: The credit limit is exceeded/));
    expect(sections[0]!.Items.every((item) => item.includes('was rejected on'))).toBe(true);
  });

  it('shows a user without order capabilities only the orders they placed', async () => {
    const db = server.handle.db;
    const [priya] = await db.select().from(users).where(eq(users.username, 'priya.patel')).limit(1);
    const [contoso] = await db.select().from(accounts).where(eq(accounts.displayName, 'Contoso Ltd')).limit(1);
    const roleId = await insertRoleWithCapabilities(db, contoso!.id, 'Chat only', [{ ObjectType: 'CHAT_BOT', Read: true, Create: false, Execute: false, Delete: false, Value: null }]);
    await assignRole(db, priya!.accountId, roleId);
    const priyaCookie = await signIn(server.app, 'priya.patel');
    const priyaToken = (await call(server.app, 'IChatBotService/GetChatBotToken', {}, { cookie: priyaCookie })).body.Token as string;
    const askPriya = () => call(server.app, 'IChatBotService/Ask', { token: priyaToken, text: 'my orders' }, { cookie: priyaCookie });
    expect((await askPriya()).body).toMatchObject({ Text: 'You have no open orders at the moment.', Items: [] });

    await db.insert(orders).values({
      companyAccountId: contoso!.id,
      parentAccountId: priya!.accountId,
      payerAccountId: contoso!.id,
      sellerAccountId: contoso!.parentId!,
      productName: 'SKYLINE_DESIGN',
      quantity: 1,
      currency: 'EUR',
      orderValue: '59.90',
      createdByAccountId: priya!.accountId,
    });
    const answer = await askPriya();
    expect(answer.body.Text).toBe('These orders are waiting for approval (1):');
    expect(answer.body.Items).toEqual([expect.stringMatching(/^Order \d+: 1 × Skyline Design Studio for Contoso Ltd, €59\.90, waiting/)]);
  });

  it('lists failed provisioning requests of the hierarchy with the vendor error', async () => {
    const answer = await ask('Did any provisioning fail?');
    expect(answer.body).toMatchObject({ Topic: 'provisioning', Text: 'These provisioning requests have failed and need attention (1):' });
    expect(answer.body.Items).toEqual([expect.stringMatching(/^Skyline CRM for Contoso Ltd \(request \d+, sent on .+\): Skyline rejected the change from 10 to 15 seats.*\(SKY-4102\)\.$/)]);

    const otherCookie = await signIn(server.app, 'other.admin');
    const otherToken = (await call(server.app, 'IChatBotService/GetChatBotToken', {}, { cookie: otherCookie })).body.Token as string;
    const other = await call(server.app, 'IChatBotService/Ask', { token: otherToken, text: 'failed provisioning' }, { cookie: otherCookie });
    expect(other.body.Items).toEqual([expect.stringMatching(/^Skyline Mail for Litware Inc .*timeout/)]);
  });

  it('answers a how-to question from the knowledge base, in the language of the caller where it has the article', async () => {
    const answer = await ask('How do I reset my password?');
    expect(answer.body).toMatchObject({ Topic: 'knowledge', Text: 'From the knowledge base: Reset a forgotten password' });
    expect((answer.body.Items as string[])[0]).toMatch(/^If you cannot sign in because you forgot your password/);
    expect(answer.body.Links).toContainEqual({ Label: 'Reset a forgotten password', Url: 'https://academy.cloudserviceproviders.example/articles/en/reset-password' });

    const german = await ask('Wie richte ich die Zwei-Faktor-Authentifizierung ein?', { language: 'de' });
    expect(german.body).toMatchObject({ Topic: 'knowledge', Text: 'Aus der Wissensdatenbank: Zwei-Faktor-Authentifizierung (MFA) einrichten' });
    // No French article: the English one answers a question asked in English.
    expect(((await ask('How do I add a user?', { language: 'fr' })).body.Links as unknown[])[0]).toMatchObject({ Label: 'Add a user to your company' });
  });

  it('takes a failure the knowledge base explains to the article, any other to failed provisioning', async () => {
    expect((await ask('My password reset failed, what now?')).body.Topic).toBe('knowledge');
    expect((await ask('What has failed?')).body).toMatchObject({ Topic: 'provisioning', Text: 'These provisioning requests have failed and need attention (1):' });
    expect((await ask('Was ist fehlgeschlagen?', { language: 'de' })).body.Topic).toBe('provisioning');
  });

  it('says so when neither the data nor the knowledge base covers the question', async () => {
    const answer = await ask('What will the weather be like in Lisbon tomorrow?');
    expect(answer.body.Topic).toBe('unknown');
    expect((await ask('Hello there')).body.Topic).toBe('greeting');
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
