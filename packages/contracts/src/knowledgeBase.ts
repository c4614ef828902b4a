import { z } from 'zod';
import { accountIdSchema } from './accounts';
import { SUPPORTED_LOCALES } from './locales';
import { isWebUrl } from './support';

// The knowledge base the chat assistant answers how-to questions from (issue 5). Each owner — the
// platform owner, a reseller or a company — keeps its own articles; a user is answered from the
// articles of every account above them, in their language or else in English.


export const KNOWLEDGE_BASE_TITLE_MAX_LENGTH = 200;
export const KNOWLEDGE_BASE_SUMMARY_MAX_LENGTH = 1000;
export const KNOWLEDGE_BASE_BODY_MAX_LENGTH = 20_000;
export const KNOWLEDGE_BASE_URL_MAX_LENGTH = 2000;

/**
 * The messages of the schema's checks. The server puts them after the field's path ("article.Title:
 * is required"); the portal's form shows its own translated text for each.
 */
export const KNOWLEDGE_BASE_CHECKS = {
  required: 'is required',
  tooLong: 'is too long',
  url: 'must be an http or https address',
  locale: 'must be one of the supported languages',
} as const;

const text = (max: number) => z.string().trim().min(1, KNOWLEDGE_BASE_CHECKS.required).max(max, KNOWLEDGE_BASE_CHECKS.tooLong);

/** An article as its owner writes it; without `Id` it is a new one. */
export const knowledgeBaseArticleInputSchema = z
  .object({
    Id: z.number().int().positive().optional(),
    Locale: z.enum(SUPPORTED_LOCALES, KNOWLEDGE_BASE_CHECKS.locale),
    Title: text(KNOWLEDGE_BASE_TITLE_MAX_LENGTH),
    Summary: text(KNOWLEDGE_BASE_SUMMARY_MAX_LENGTH),
    /** The steps, one per line. */
    Body: text(KNOWLEDGE_BASE_BODY_MAX_LENGTH),
    /** Only web addresses: the assistant shows it as a link, so a `javascript:` address must never get in. */
    Url: z
      .string()
      .trim()
      .max(KNOWLEDGE_BASE_URL_MAX_LENGTH, KNOWLEDGE_BASE_CHECKS.tooLong)
      .refine((value) => value === '' || isWebUrl(value), KNOWLEDGE_BASE_CHECKS.url)
      .nullish()
      .transform((value) => value || null),
    IsPublished: z.boolean(),
  })
  .strict();
export type KnowledgeBaseArticleInput = z.input<typeof knowledgeBaseArticleInputSchema>;

export const knowledgeBaseArticleSchema = z.object({
  Id: z.number().int(),
  Locale: z.enum(SUPPORTED_LOCALES),
  Title: z.string(),
  Summary: z.string(),
  Body: z.string(),
  Url: z.string().nullable(),
  IsPublished: z.boolean(),
  /** ISO 8601 timestamps. */
  CreatedAt: z.string(),
  UpdatedAt: z.string(),
});
export type KnowledgeBaseArticle = z.infer<typeof knowledgeBaseArticleSchema>;

export const getKnowledgeBaseArticlesRequestSchema = z.object({ accountId: accountIdSchema }).strict();
export const getKnowledgeBaseArticlesResponseSchema = z.object({
  AccountId: z.number().int(),
  DisplayName: z.string(),
  /** Ordered by language, then title. */
  Articles: z.array(knowledgeBaseArticleSchema),
});
export type KnowledgeBaseArticles = z.infer<typeof getKnowledgeBaseArticlesResponseSchema>;

export const saveKnowledgeBaseArticleRequestSchema = z.object({ accountId: accountIdSchema, article: knowledgeBaseArticleInputSchema }).strict();
export const saveKnowledgeBaseArticleResponseSchema = z.object({ Id: z.number().int() });

export const deleteKnowledgeBaseArticleRequestSchema = z.object({ accountId: accountIdSchema, articleId: z.number().int().positive() }).strict();
export const deleteKnowledgeBaseArticleResponseSchema = z.object({ Success: z.literal(true) });
