import { z } from 'zod';

/** spec §9 "Chat token lifetime 1 hour": the portal keeps it locally with its time and asks again after. */
export const CHAT_BOT_TOKEN_LIFETIME_MS = 3_600_000;
export const CHAT_BOT_MAX_QUESTION_LENGTH = 1000;

export const chatBotTokenRequestSchema = z.object({}).strict();
/** spec §3 "Chatbot token response: Token". */
export const chatBotTokenResponseSchema = z.object({ Token: z.string(), ExpiresAt: z.string() });
export type ChatBotToken = z.infer<typeof chatBotTokenResponseSchema>;

export const askChatBotRequestSchema = z
  .object({
    token: z.string().min(1).max(512),
    text: z.string().trim().min(1, 'is required').max(CHAT_BOT_MAX_QUESTION_LENGTH),
  })
  .strict();

/** What the assistant understood; the portal may show a hint per topic. */
export const CHAT_BOT_TOPICS = ['orders', 'provisioning', 'subscriptions', 'support', 'knowledge', 'greeting', 'unknown'] as const;

export const chatBotAnswerSchema = z.object({
  Topic: z.enum(CHAT_BOT_TOPICS),
  /** Heads `Items` (with their count when it announces a list). */
  Text: z.string(),
  /** Facts behind the answer, one line each (an order, a subscription …); for 'knowledge', the article's summary, then its steps. */
  Items: z.array(z.string()),
  /** Further lists of other kinds, each under its own title and count (issue 10: recently rejected orders apart from the waiting ones). */
  Sections: z.array(z.object({ Title: z.string(), Items: z.array(z.string()) })),
  Links: z.array(z.object({ Label: z.string(), Url: z.string() })),
});
export type ChatBotAnswer = z.infer<typeof chatBotAnswerSchema>;
