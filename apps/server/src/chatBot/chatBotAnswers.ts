import { and, asc, eq, isNotNull, like, lte, or, sql } from 'drizzle-orm';
import type { ChatBotAnswer } from '@cmp/contracts/chatBot';
import { isAllowed, requirement } from '@cmp/contracts/capabilities';
import type { Locale } from '@cmp/contracts/locales';
import type { Queryable } from '../platform/db/database';
import { accounts, subscriptions } from '../platform/db/schema';
import { translateMessage } from '../platform/i18n/messages';
import type { CallerSession } from '../platform/session';
import { nearestSupportDetails } from '../support/supportDetailsQueries';
import { openAndRecentlyRejectedOrders, type OrderSummary } from '../orders/orderQueries';
import { unresolvedFailedProvisioning } from '../provisioning/provisioningQueries';
import { findKnowledgeBaseArticle, type KnowledgeBaseMatch } from '../support/knowledgeBase';
import { conversationTopicOf, dataTopicOf } from './chatBotTopics';
import { daysAgo } from '../platform/dates';

/** Subscriptions whose commitment ends within this many days count as "ending soon". */
export const ENDING_SOON_DAYS = 90;
/** Rejected orders are mentioned for this many days after the decision. */
export const RECENTLY_REJECTED_DAYS = 30;
const MAX_ITEMS = 10;

interface AnswerContext {
  db: Queryable;
  caller: CallerSession;
  locale: Locale;
}

/**
 * Answers a question from the caller's own data (issue 5: open orders, failed provisioning,
 * subscriptions ending soon), the support details and knowledge base of their reseller, in the
 * caller's language.
 */
export async function answerQuestion(ctx: AnswerContext, question: string): Promise<ChatBotAnswer> {
  const text = (key: `chat_${string}`, params: Record<string, string> = {}) => translateMessage(ctx.locale, key, params);
  const findArticle = () => findKnowledgeBaseArticle(ctx.db, ctx.caller.userAccount.path, ctx.locale, question);
  // A data answer links the article on the same matter, if the knowledge base has one.
  const withArticleLink = async (answer: ChatBotAnswer): Promise<ChatBotAnswer> => {
    const article = await findArticle();
    return article?.url ? { ...answer, Links: [{ Label: article.title, Url: article.url }, ...answer.Links] } : answer;
  };
  switch (dataTopicOf(question)) {
    case 'subscriptions':
      return withArticleLink(await subscriptionsAnswer(ctx, text));
    case 'orders':
      return withArticleLink(await ordersAnswer(ctx, text));
    case 'provisioning':
      return withArticleLink(await provisioningAnswer(ctx, text));
    case 'support':
      return supportAnswer(ctx, text);
  }
  const article = await findArticle();
  if (article) return knowledgeAnswer(ctx, text, article);
  const topic = conversationTopicOf(question);
  switch (topic) {
    case 'provisioning':
      return provisioningAnswer(ctx, text);
    case 'support':
      return supportAnswer(ctx, text);
    case 'greeting':
      return { Topic: topic, Text: text('chat_greeting', { firstName: ctx.caller.user.firstName }), Items: [], Sections: [], Links: [] };
    default:
      return { Topic: 'unknown', Text: text('chat_unknown'), Items: [], Sections: [], Links: await supportLinks(ctx, text) };
  }
}

type Text = (key: `chat_${string}`, params?: Record<string, string>) => string;

async function subscriptionsAnswer(ctx: AnswerContext, text: Text): Promise<ChatBotAnswer> {
  // With PRODUCT_ACCOUNT Read the company's subscriptions, otherwise only the user's own.
  const scope = isAllowed(ctx.caller.capabilities, requirement('PRODUCT_ACCOUNT', ['Read'])) ? ctx.caller.companyAccount.path : ctx.caller.userAccount.path;
  const soon = sql`now() + make_interval(days => ${ENDING_SOON_DAYS})`;
  const rows = await ctx.db
    .select({ name: accounts.displayName, endsAt: subscriptions.minimumContractEndDate, autoRenew: subscriptions.autoRenew })
    .from(subscriptions)
    .innerJoin(accounts, eq(accounts.id, subscriptions.accountId))
    .where(
      and(
        like(accounts.path, `${scope}%`),
        eq(accounts.state, 'Active'),
        isNotNull(subscriptions.minimumContractEndDate),
        or(lte(subscriptions.minimumContractEndDate, soon), eq(subscriptions.autoRenew, 'Terminate')),
      ),
    )
    .orderBy(asc(subscriptions.minimumContractEndDate))
    .limit(MAX_ITEMS);
  const days = String(ENDING_SOON_DAYS);
  const date = (value: Date) => formatDate(ctx, value);
  return {
    Topic: 'subscriptions',
    Text: rows.length ? text('chat_subscriptions_some', { count: String(rows.length), days }) : text('chat_subscriptions_none', { days }),
    Items: rows.map((row) =>
      text(row.autoRenew === 'Terminate' ? 'chat_subscription_ends' : 'chat_subscription_renews', { name: row.name, date: date(row.endsAt!) }),
    ),
    Sections: [],
    Links: [],
  };
}

const formatDate = (ctx: AnswerContext, value: Date) => new Intl.DateTimeFormat(ctx.locale, { dateStyle: 'long', timeZone: 'UTC' }).format(value);
// Shown only, never computed with: the amount stays the numeric text of the database elsewhere.
const formatMoney = (ctx: AnswerContext, amount: string, currency: string) => new Intl.NumberFormat(ctx.locale, { style: 'currency', currency }).format(Number(amount));

async function ordersAnswer(ctx: AnswerContext, text: Text): Promise<ChatBotAnswer> {
  const { open, rejected } = await openAndRecentlyRejectedOrders(ctx.db, ctx.caller, daysAgo(RECENTLY_REJECTED_DAYS), MAX_ITEMS);
  const facts = (order: OrderSummary) => ({ id: String(order.id), quantity: String(order.quantity), product: order.productDisplayName, company: order.companyName });
  // Issue 10: the rejected orders are a list of their own, under their own count, never counted as waiting.
  const rejectedSection = {
    Title: text('chat_orders_rejected_some', { count: String(rejected.length), days: String(RECENTLY_REJECTED_DAYS) }),
    Items: rejected.map((order) => text('chat_order_rejected', { ...facts(order), date: formatDate(ctx, order.decidedAt!), reason: order.reason })),
  };
  return {
    Topic: 'orders',
    Text: open.length ? text('chat_orders_some', { count: String(open.length) }) : text('chat_orders_none'),
    Items: open.map((order) => text('chat_order_pending', { ...facts(order), value: formatMoney(ctx, order.orderValue, order.currency), date: formatDate(ctx, order.createdAt) })),
    Sections: rejected.length ? [rejectedSection] : [],
    Links: [],
  };
}

async function provisioningAnswer(ctx: AnswerContext, text: Text): Promise<ChatBotAnswer> {
  const failed = await unresolvedFailedProvisioning(ctx.db, ctx.caller, MAX_ITEMS);
  return {
    Topic: 'provisioning',
    Text: failed.length ? text('chat_provisioning_some', { count: String(failed.length) }) : text('chat_provisioning_none'),
    Items: failed.map((request) =>
      text('chat_provisioning_failed', {
        id: String(request.id),
        product: request.productDisplayName,
        company: request.companyName,
        date: formatDate(ctx, request.sendDate ?? request.createdAt),
        error: request.errorMessage ?? '',
      }),
    ),
    Sections: [],
    Links: await supportLinks(ctx, text),
  };
}

async function knowledgeAnswer(ctx: AnswerContext, text: Text, article: KnowledgeBaseMatch): Promise<ChatBotAnswer> {
  const links = await supportLinks(ctx, text);
  return {
    Topic: 'knowledge',
    Text: text('chat_knowledge', { title: article.title }),
    Items: [article.summary, ...article.body.split('\n').filter((line) => line.trim() !== '')],
    Sections: [],
    Links: article.url ? [{ Label: article.title, Url: article.url }, ...links] : links,
  };
}

async function supportAnswer(ctx: AnswerContext, text: Text): Promise<ChatBotAnswer> {
  const details = await nearestSupportDetails(ctx.db, ctx.caller.userAccount.path);
  const items = [
    details.SupportPhoneNumber && text('chat_support_phone', { phone: details.SupportPhoneNumber }),
    details.SupportTechnicalEmail && text('chat_support_email', { email: details.SupportTechnicalEmail }),
    details.SupportWorkingHoursRegular && text('chat_support_hours', { days: details.SupportWorkingDaysRegular ?? '', hours: details.SupportWorkingHoursRegular }),
  ].filter((item): item is string => Boolean(item));
  return { Topic: 'support', Text: text('chat_support'), Items: items, Sections: [], Links: await supportLinks(ctx, text) };
}

async function supportLinks(ctx: AnswerContext, text: Text): Promise<ChatBotAnswer['Links']> {
  const details = await nearestSupportDetails(ctx.db, ctx.caller.userAccount.path);
  return [
    details.KnowledgeBaseUrl && { Label: text('chat_link_knowledge_base'), Url: details.KnowledgeBaseUrl },
    details.SupportUrl && { Label: text('chat_link_support'), Url: details.SupportUrl },
  ].filter((link): link is { Label: string; Url: string } => Boolean(link));
}
