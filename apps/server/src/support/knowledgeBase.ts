import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { DEFAULT_LOCALE, type Locale } from '@cmp/contracts/locales';
import type { Queryable } from '../platform/db/database';
import { knowledgeBaseArticles } from '../platform/db/schema';
import { pathIds } from '../platform/session';

/**
 * The PostgreSQL text search configuration of each language of spec §9, so that words are stemmed
 * and stop words dropped as the language does; Polish and Bulgarian have none and match word for word.
 */
export const TEXT_SEARCH_CONFIG: Record<Locale, string> = {
  en: 'english',
  de: 'german',
  es: 'spanish',
  fr: 'french',
  hu: 'hungarian',
  it: 'italian',
  nl: 'dutch',
  pl: 'simple',
  ro: 'romanian',
  ru: 'russian',
  fi: 'finnish',
  tr: 'turkish',
  bg: 'simple',
  pt: 'portuguese',
  sv: 'swedish',
};

export interface NewKnowledgeBaseArticle {
  ownerAccountId: number;
  locale: Locale;
  title: string;
  summary: string;
  body: string;
  url: string | null;
}

export async function insertKnowledgeBaseArticles(db: Queryable, articles: NewKnowledgeBaseArticle[]): Promise<void> {
  if (articles.length === 0) return;
  await db.insert(knowledgeBaseArticles).values(articles.map((article) => ({ ...article, searchConfig: TEXT_SEARCH_CONFIG[article.locale] })));
}

export interface KnowledgeBaseMatch {
  id: number;
  title: string;
  summary: string;
  /** The steps or paragraphs, one per line. */
  body: string;
  url: string | null;
}

/**
 * The published article that best answers `question`, from the knowledge bases of the accounts on
 * `path` (the platform owner's and the resellers' above the caller), in the caller's language or
 * else in English. An article must share at least two of the question's words (or its only word):
 * a question about something the knowledge base does not cover gets no article rather than a wrong one.
 */
export async function findKnowledgeBaseArticle(db: Queryable, path: string, locale: Locale, question: string): Promise<KnowledgeBaseMatch | null> {
  const owners = pathIds(path);
  if (owners.length === 0) return null;
  for (const language of new Set([locale, DEFAULT_LOCALE])) {
    const config = sql`${TEXT_SEARCH_CONFIG[language]}::regconfig`;
    const lexemes = sql`tsvector_to_array(to_tsvector(${config}, ${question}))`;
    // Any of the question's words, not all of them: plainto_tsquery joins them with AND.
    const anyWord = sql`replace(plainto_tsquery(${config}, ${question})::text, ' & ', ' | ')::tsquery`;
    const matched = sql<number>`cardinality(array(select unnest(tsvector_to_array(${knowledgeBaseArticles.searchVector})) intersect select unnest(${lexemes})))`;
    const [best] = await db
      .select({
        id: knowledgeBaseArticles.id,
        title: knowledgeBaseArticles.title,
        summary: knowledgeBaseArticles.summary,
        body: knowledgeBaseArticles.body,
        url: knowledgeBaseArticles.url,
        matched: matched.mapWith(Number),
        asked: sql<number>`cardinality(${lexemes})`.mapWith(Number),
      })
      .from(knowledgeBaseArticles)
      .where(
        and(
          inArray(knowledgeBaseArticles.ownerAccountId, owners),
          eq(knowledgeBaseArticles.locale, language),
          eq(knowledgeBaseArticles.isPublished, true),
          sql`numnode(${anyWord}) > 0`,
          sql`${knowledgeBaseArticles.searchVector} @@ ${anyWord}`,
        ),
      )
      .orderBy(desc(matched), desc(sql`ts_rank(${knowledgeBaseArticles.searchVector}, ${anyWord})`), knowledgeBaseArticles.id)
      .limit(1);
    if (best && best.matched >= Math.min(2, best.asked)) return { id: best.id, title: best.title, summary: best.summary, body: best.body, url: best.url };
  }
  return null;
}
