import { and, asc, eq } from 'drizzle-orm';
import { KNOWLEDGE_BASE_RULES } from '@cmp/contracts/knowledgeBaseRules';
import {
  deleteKnowledgeBaseArticleRequestSchema,
  deleteKnowledgeBaseArticleResponseSchema,
  getKnowledgeBaseArticlesRequestSchema,
  getKnowledgeBaseArticlesResponseSchema,
  saveKnowledgeBaseArticleRequestSchema,
  saveKnowledgeBaseArticleResponseSchema,
  type KnowledgeBaseArticle,
} from '@cmp/contracts/knowledgeBase';
import type { CapabilityRequirement } from '@cmp/contracts/capabilities';
import type { Locale } from '@cmp/contracts/locales';
import { auditAccountChange } from '../platform/audit';
import type { Queryable } from '../platform/db/database';
import { knowledgeBaseArticles } from '../platform/db/schema';
import { requireAccountInHierarchy } from '../platform/access';
import { assertAccountWritable } from '../accounts/accountAccess';
import { ApiError } from '../platform/errors';
import { defineOperation } from '../platform/operations';
import type { AccountRow, CallerSession } from '../platform/session';
import { TEXT_SEARCH_CONFIG } from './knowledgeBase';

/**
 * The account whose knowledge base is managed. The hierarchy check comes first, so a foreign or
 * missing account answers the same 403 (DESIGN.md "The API"); only the platform owner, resellers
 * and companies keep articles, as the assistant reads those of every account above a user.
 */
async function requireKnowledgeBaseOwner(db: Queryable, caller: CallerSession, accountId: number, rule: CapabilityRequirement): Promise<AccountRow> {
  const account = await requireAccountInHierarchy(db, caller, accountId, rule);
  if (account.type !== 'Reseller' && account.type !== 'Company') throw new ApiError(400, 'knowledge_base_owner_only');
  return account;
}

/** An id that is not one of this account's articles, whether it exists elsewhere or not. */
const articleNotFound = () => new ApiError(404, 'knowledge_base_article_not_found');

const ownArticle = (account: AccountRow, articleId: number) => and(eq(knowledgeBaseArticles.id, articleId), eq(knowledgeBaseArticles.ownerAccountId, account.id));

const getKnowledgeBaseArticles = defineOperation({
  service: 'IAccountService',
  operation: 'GetKnowledgeBaseArticles',
  readOnly: true,
  summary: "The knowledge base articles of a reseller or company (published or not), by language and title: what the chat assistant answers the users below it from.",
  request: getKnowledgeBaseArticlesRequestSchema,
  response: getKnowledgeBaseArticlesResponseSchema,
  rule: KNOWLEDGE_BASE_RULES.list,
  async handler(input, { db, caller }) {
    const account = await requireKnowledgeBaseOwner(db, caller, input.accountId, KNOWLEDGE_BASE_RULES.list);
    const rows = await db
      .select()
      .from(knowledgeBaseArticles)
      .where(eq(knowledgeBaseArticles.ownerAccountId, account.id))
      .orderBy(asc(knowledgeBaseArticles.locale), asc(knowledgeBaseArticles.title), asc(knowledgeBaseArticles.id));
    const articles: KnowledgeBaseArticle[] = rows.map((row) => ({
      Id: row.id,
      Locale: row.locale as Locale,
      Title: row.title,
      Summary: row.summary,
      Body: row.body,
      Url: row.url,
      IsPublished: row.isPublished,
      CreatedAt: row.createdAt.toISOString(),
      UpdatedAt: row.updatedAt.toISOString(),
    }));
    return { AccountId: account.id, DisplayName: account.displayName, Articles: articles };
  },
});

const saveKnowledgeBaseArticle = defineOperation({
  service: 'IAccountService',
  operation: 'SaveKnowledgeBaseArticle',
  summary: 'Creates (without Id) or changes an article of a reseller or company; the text search follows its language. A published article answers the assistant at once.',
  request: saveKnowledgeBaseArticleRequestSchema,
  response: saveKnowledgeBaseArticleResponseSchema,
  rule: KNOWLEDGE_BASE_RULES.save,
  async handler(input, ctx) {
    const { db, caller } = ctx;
    const account = await requireKnowledgeBaseOwner(db, caller, input.accountId, KNOWLEDGE_BASE_RULES.save);
    assertAccountWritable(account);
    const { Id: articleId, Locale: locale, Title: title, Summary: summary, Body: body, Url: url, IsPublished: isPublished } = input.article;
    // The search configuration follows the language, so the article's words are stemmed as that language does.
    const values = { locale, searchConfig: TEXT_SEARCH_CONFIG[locale], title, summary, body, url, isPublished, updatedAt: new Date() };
    return db.transaction(async (tx) => {
      const [saved] =
        articleId === undefined
          ? await tx
              .insert(knowledgeBaseArticles)
              .values({ ownerAccountId: account.id, ...values })
              .returning({ id: knowledgeBaseArticles.id })
          : await tx.update(knowledgeBaseArticles).set(values).where(ownArticle(account, articleId)).returning({ id: knowledgeBaseArticles.id });
      if (!saved) throw articleNotFound();
      await auditAccountChange(tx, ctx, 'KnowledgeBaseArticleSaved', account, { Id: saved.id, Locale: locale, Title: title, Created: articleId === undefined });
      return { Id: saved.id };
    });
  },
});

const deleteKnowledgeBaseArticle = defineOperation({
  service: 'IAccountService',
  operation: 'DeleteKnowledgeBaseArticle',
  summary: 'Deletes an article of a reseller or company; the assistant no longer answers from it.',
  request: deleteKnowledgeBaseArticleRequestSchema,
  response: deleteKnowledgeBaseArticleResponseSchema,
  rule: KNOWLEDGE_BASE_RULES.delete,
  async handler(input, ctx) {
    const { db, caller } = ctx;
    const account = await requireKnowledgeBaseOwner(db, caller, input.accountId, KNOWLEDGE_BASE_RULES.delete);
    assertAccountWritable(account);
    await db.transaction(async (tx) => {
      const [deleted] = await tx
        .delete(knowledgeBaseArticles)
        .where(ownArticle(account, input.articleId))
        .returning({ id: knowledgeBaseArticles.id, locale: knowledgeBaseArticles.locale, title: knowledgeBaseArticles.title });
      if (!deleted) throw articleNotFound();
      await auditAccountChange(tx, ctx, 'KnowledgeBaseArticleDeleted', account, { Id: deleted.id, Locale: deleted.locale, Title: deleted.title });
    });
    return { Success: true as const };
  },
});

export const knowledgeBaseOperations = [getKnowledgeBaseArticles, saveKnowledgeBaseArticle, deleteKnowledgeBaseArticle];
