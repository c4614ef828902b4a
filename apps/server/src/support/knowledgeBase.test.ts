import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { accounts } from '../platform/db/schema';
import { insertAccount } from '../accounts/accountStore';
import type { KnowledgeBaseArticle } from '@cmp/contracts/knowledgeBase';
import { call, signIn, startTestServer, type TestServer } from '../test/testServer';

let server: TestServer;
let northwind: number;
let resellerAdmin: string;

const rowsOf = async <T>(query: ReturnType<typeof sql>) => ((await server.handle.db.execute(query)) as unknown as { rows: T[] }).rows;
const accountIdOf = async (displayName: string) => (await rowsOf<{ id: number }>(sql`select id from accounts where display_name = ${displayName}`))[0]!.id;
const auditOf = (action: string, accountId: number) =>
  rowsOf<{ details: Record<string, unknown> }>(sql`select details from audit_log where action = ${action} and account_id = ${accountId} order by id`);

const list = async (cookie: string, accountId = northwind) => {
  const result = await call(server.app, 'IAccountService/GetKnowledgeBaseArticles', { accountId }, { cookie });
  expect(result.status).toBe(200);
  return result.body.Articles as KnowledgeBaseArticle[];
};
const save = (cookie: string, article: Record<string, unknown>, accountId = northwind) =>
  call(server.app, 'IAccountService/SaveKnowledgeBaseArticle', { accountId, article }, { cookie });
const remove = (cookie: string, articleId: number, accountId = northwind) =>
  call(server.app, 'IAccountService/DeleteKnowledgeBaseArticle', { accountId, articleId }, { cookie });

const draft = {
  Locale: 'en',
  Title: 'Rotate the API keys of a connector',
  Summary: 'Connectors sign their calls with API keys; rotate them once a year.',
  Body: 'Open the connector.\nChoose Rotate keys.\nCopy the new key into your script.',
  Url: '',
  IsPublished: false,
};

beforeAll(async () => {
  server = await startTestServer();
  northwind = await accountIdOf('Northwind Cloud');
  resellerAdmin = await signIn(server.app, 'reseller.admin');
});
afterAll(async () => {
  await server?.close();
});

describe('knowledge base administration (issue 5: the articles the assistant answers from)', () => {
  it('lets a reseller administrator create, list, edit and delete an article of their own, each change audited', async () => {
    expect(await list(resellerAdmin)).toEqual([]);

    const created = await save(resellerAdmin, { ...draft, Title: '  Rotate the API keys of a connector  ' });
    expect(created.status).toBe(200);
    const id = created.body.Id as number;
    const [article] = await list(resellerAdmin);
    expect(article).toMatchObject({ Id: id, Locale: 'en', Title: 'Rotate the API keys of a connector', Url: null, IsPublished: false });
    expect(Date.parse(article!.UpdatedAt)).not.toBeNaN();

    const edited = await save(resellerAdmin, { ...draft, Id: id, Locale: 'de', Title: 'API-Schlüssel eines Connectors erneuern', Url: 'https://academy.northwind.example/keys' });
    expect(edited.body).toEqual({ Id: id });
    const [changed] = await list(resellerAdmin);
    expect(changed).toMatchObject({ Id: id, Locale: 'de', Title: 'API-Schlüssel eines Connectors erneuern', Url: 'https://academy.northwind.example/keys', CreatedAt: article!.CreatedAt });
    expect(Date.parse(changed!.UpdatedAt)).toBeGreaterThanOrEqual(Date.parse(article!.UpdatedAt));
    // The text search follows the new language.
    expect((await rowsOf<{ config: string }>(sql`select search_config::text as config from knowledge_base_articles where id = ${id}`))[0]!.config).toBe('german');

    expect((await remove(resellerAdmin, id)).body).toEqual({ Success: true });
    expect(await list(resellerAdmin)).toEqual([]);
    expect((await auditOf('KnowledgeBaseArticleSaved', northwind)).map((row) => row.details)).toEqual([
      { Id: id, Locale: 'en', Title: 'Rotate the API keys of a connector', Created: true },
      { Id: id, Locale: 'de', Title: 'API-Schlüssel eines Connectors erneuern', Created: false },
    ]);
    expect((await auditOf('KnowledgeBaseArticleDeleted', northwind)).map((row) => row.details)).toEqual([{ Id: id, Locale: 'de', Title: 'API-Schlüssel eines Connectors erneuern' }]);
  });

  it('answers 400 naming the field for an empty title, a non-web address and an unknown language', async () => {
    const emptyTitle = await save(resellerAdmin, { ...draft, Title: '   ' });
    expect(emptyTitle.status).toBe(400);
    expect(emptyTitle.body.Message).toContain('article.Title: is required');
    const badUrl = await save(resellerAdmin, { ...draft, Url: 'javascript:alert(1)' });
    expect(badUrl.status).toBe(400);
    expect(badUrl.body.Message).toContain('article.Url: must be an http or https address');
    const unknownLocale = await save(resellerAdmin, { ...draft, Locale: 'xx' });
    expect(unknownLocale.status).toBe(400);
    expect(unknownLocale.body.Message).toContain('article.Locale');
    expect(await list(resellerAdmin)).toEqual([]);
  });

  it('refuses changes to the knowledge base of a terminated company with 409', async () => {
    const [northwindRow] = await server.handle.db.select().from(accounts).where(eq(accounts.id, northwind));
    const closed = await insertAccount(server.handle.db, { type: 'Company', parent: northwindRow!, displayName: 'Closed Company Ltd' });
    await server.handle.db.update(accounts).set({ state: 'Terminated' }).where(eq(accounts.id, closed.id));
    const refused = await save(resellerAdmin, draft, closed.id);
    expect(refused.status).toBe(409);
    expect(await rowsOf(sql`select id from knowledge_base_articles where owner_account_id = ${closed.id}`)).toEqual([]);
  });

  it('keeps articles to resellers and companies: a department has none', async () => {
    const [department] = await rowsOf<{ id: number }>(sql`select id from accounts where type = 'Department' and path like ${`%/${await accountIdOf('Contoso Ltd')}/%`} limit 1`);
    const result = await save(resellerAdmin, draft, department!.id);
    expect(result.status).toBe(400);
    expect(result.body.Message).toBe('Knowledge base articles belong to a reseller or a company account.');
  });

  it("lets a company administrator keep their company's own articles", async () => {
    const contoso = await accountIdOf('Contoso Ltd');
    const companyAdmin = await signIn(server.app, 'company.admin');
    const created = await save(companyAdmin, draft, contoso);
    expect(created.status).toBe(200);
    expect((await list(companyAdmin, contoso)).map((article) => article.Title)).toEqual([draft.Title]);
    // Not the reseller's above them.
    expect((await save(companyAdmin, draft)).status).toBe(403);
    expect((await remove(companyAdmin, created.body.Id as number, contoso)).status).toBe(200);
  });

  it('refuses a plain user, who may only read, and a foreign reseller, alike with 403', async () => {
    const companyUser = await signIn(server.app, 'company.user');
    const byUser = await save(companyUser, draft, await accountIdOf('Contoso Ltd'));
    expect(byUser.status).toBe(403);
    // Not even the list: it holds unpublished drafts.
    expect((await call(server.app, 'IAccountService/GetKnowledgeBaseArticles', { accountId: await accountIdOf('Contoso Ltd') }, { cookie: companyUser })).status).toBe(403);
    const otherAdmin = await signIn(server.app, 'other.admin');
    const foreign = await Promise.all([
      call(server.app, 'IAccountService/GetKnowledgeBaseArticles', { accountId: northwind }, { cookie: otherAdmin }),
      save(otherAdmin, draft),
      remove(otherAdmin, 1),
    ]);
    expect(foreign.map((result) => result.status)).toEqual([403, 403, 403]);
    expect(foreign[1]!.body).toEqual(byUser.body);
  });

  it("answers 404 for an article id of another account's knowledge base, and changes nothing", async () => {
    const [platformArticle] = await rowsOf<{ id: number; title: string }>(sql`select id, title from knowledge_base_articles order by id limit 1`);
    const edit = await save(resellerAdmin, { ...draft, Id: platformArticle!.id });
    expect(edit.status).toBe(404);
    expect(edit.body.Message).toBe('The knowledge base article does not exist for this account.');
    expect((await remove(resellerAdmin, platformArticle!.id)).status).toBe(404);
    expect((await rowsOf<{ title: string }>(sql`select title from knowledge_base_articles where id = ${platformArticle!.id}`))[0]!.title).toBe(platformArticle!.title);
  });

  it("makes the assistant answer Contoso's users from a published Northwind article, and stop once it is unpublished", async () => {
    const companyAdmin = await signIn(server.app, 'company.admin');
    const token = (await call(server.app, 'IChatBotService/GetChatBotToken', {}, { cookie: companyAdmin })).body.Token as string;
    const ask = () => call(server.app, 'IChatBotService/Ask', { token, text: 'How do I calibrate the holographic dashboard widgets?' }, { cookie: companyAdmin });
    expect((await ask()).body.Topic).toBe('unknown');

    const article = {
      ...draft,
      Title: 'Calibrate the holographic dashboard widgets',
      Summary: 'Holographic widgets drift after a firmware update; calibrate them from the dashboard settings.',
      Body: 'Open the dashboard settings.\nChoose Calibrate holographic widgets.\nFollow the three calibration points.',
      Url: 'https://academy.northwind.example/holographic-widgets',
      IsPublished: true,
    };
    const saved = await save(resellerAdmin, article);
    expect(saved.status).toBe(200);
    const answer = await ask();
    expect(answer.body).toMatchObject({ Topic: 'knowledge', Text: 'From the knowledge base: Calibrate the holographic dashboard widgets' });
    expect(answer.body.Links).toContainEqual({ Label: article.Title, Url: article.Url });

    expect((await save(resellerAdmin, { ...article, Id: saved.body.Id, IsPublished: false })).status).toBe(200);
    expect((await ask()).body.Topic).toBe('unknown');
    expect((await remove(resellerAdmin, saved.body.Id as number)).status).toBe(200);
  });
});
