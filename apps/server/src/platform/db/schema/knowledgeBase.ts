import { type SQL, sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { tsvector, regconfig, createdAt } from './columns';
import { accounts } from './accounts';

// An owner's knowledge base articles.

/**
 * Articles of an owner's knowledge base (the support menu's "knowledge base"), per language. The
 * assistant answers questions from them through the full-text index; `searchConfig` is the text
 * search configuration of the article's language, so words are stemmed as that language does.
 */
export const knowledgeBaseArticles = pgTable(
  'knowledge_base_articles',
  {
    id: serial('id').primaryKey(),
    ownerAccountId: integer('owner_account_id')
      .notNull()
      .references(() => accounts.id),
    locale: text('locale').notNull().default('en'),
    searchConfig: regconfig('search_config').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    /** The steps or paragraphs, one per line. */
    body: text('body').notNull(),
    url: text('url'),
    isPublished: boolean('is_published').notNull().default(true),
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`setweight(to_tsvector(${knowledgeBaseArticles.searchConfig}, ${knowledgeBaseArticles.title}), 'A') || setweight(to_tsvector(${knowledgeBaseArticles.searchConfig}, ${knowledgeBaseArticles.summary} || ' ' || ${knowledgeBaseArticles.body}), 'B')`,
      ),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('knowledge_base_articles_owner_idx').on(t.ownerAccountId, t.locale),
    index('knowledge_base_articles_search_idx').using('gin', t.searchVector),
  ],
);
