import { and, asc, eq, isNotNull, like, lte, or, sql } from 'drizzle-orm';
import type { ChatBotAnswer } from '@cmp/contracts/chatBot';
import { isAllowed, requirement } from '@cmp/contracts/capabilities';
import type { Locale } from '@cmp/contracts/locales';
import type { Queryable } from '../platform/db/database';
import { accounts, subscriptions } from '../platform/db/schema';
import { translateMessage } from '../platform/i18n/messages';
import type { CallerSession } from '../platform/session';
import { nearestSupportDetails } from '../support/supportDetailsQueries';
import { topicOf } from './chatBotTopics';

/** Subscriptions whose commitment ends within this many days count as "ending soon". */
export const ENDING_SOON_DAYS = 90;
const MAX_ITEMS = 10;

interface AnswerContext {
  db: Queryable;
  caller: CallerSession;
  locale: Locale;
}

/**
 * Answers a question from the caller's own data (issue 5: open orders, failed provisioning,
 * subscriptions ending soon) and the knowledge base of their reseller, in the caller's language.
 */
export async function answerQuestion(ctx: AnswerContext, question: string): Promise<ChatBotAnswer> {
  const topic = topicOf(question);
  const text = (key: `chat_${string}`, params: Record<string, string> = {}) => translateMessage(ctx.locale, key, params);
  switch (topic) {
    case 'subscriptions':
      return subscriptionsAnswer(ctx, text);
    case 'orders':
      // Orders and their approval arrive with the orders issue; until then nobody has an open order.
      return { Topic: topic, Text: text('chat_orders_none'), Items: [], Links: await supportLinks(ctx, text) };
    case 'provisioning':
      return { Topic: topic, Text: text('chat_provisioning_none'), Items: [], Links: await supportLinks(ctx, text) };
    case 'support':
      return supportAnswer(ctx, text);
    case 'greeting':
      return { Topic: topic, Text: text('chat_greeting', { firstName: ctx.caller.user.firstName }), Items: [], Links: [] };
    default:
      return { Topic: topic, Text: text('chat_unknown'), Items: [], Links: await supportLinks(ctx, text) };
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
  const date = (value: Date) => new Intl.DateTimeFormat(ctx.locale, { dateStyle: 'long', timeZone: 'UTC' }).format(value);
  return {
    Topic: 'subscriptions',
    Text: rows.length ? text('chat_subscriptions_some', { count: String(rows.length), days }) : text('chat_subscriptions_none', { days }),
    Items: rows.map((row) =>
      text(row.autoRenew === 'Terminate' ? 'chat_subscription_ends' : 'chat_subscription_renews', { name: row.name, date: date(row.endsAt!) }),
    ),
    Links: [],
  };
}

async function supportAnswer(ctx: AnswerContext, text: Text): Promise<ChatBotAnswer> {
  const details = await nearestSupportDetails(ctx.db, ctx.caller.userAccount.path);
  const items = [
    details.SupportPhoneNumber && text('chat_support_phone', { phone: details.SupportPhoneNumber }),
    details.SupportTechnicalEmail && text('chat_support_email', { email: details.SupportTechnicalEmail }),
    details.SupportWorkingHoursRegular && text('chat_support_hours', { days: details.SupportWorkingDaysRegular ?? '', hours: details.SupportWorkingHoursRegular }),
  ].filter((item): item is string => Boolean(item));
  return { Topic: 'support', Text: text('chat_support'), Items: items, Links: await supportLinks(ctx, text) };
}

async function supportLinks(ctx: AnswerContext, text: Text): Promise<ChatBotAnswer['Links']> {
  const details = await nearestSupportDetails(ctx.db, ctx.caller.userAccount.path);
  return [
    details.KnowledgeBaseUrl && { Label: text('chat_link_knowledge_base'), Url: details.KnowledgeBaseUrl },
    details.SupportUrl && { Label: text('chat_link_support'), Url: details.SupportUrl },
  ].filter((link): link is { Label: string; Url: string } => Boolean(link));
}
