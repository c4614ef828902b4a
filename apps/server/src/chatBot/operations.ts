import { askChatBotRequestSchema, chatBotAnswerSchema, chatBotTokenRequestSchema, chatBotTokenResponseSchema } from '@cmp/contracts/chatBot';
import { requirement } from '@cmp/contracts/capabilities';
import { ApiError } from '../platform/errors';
import { defineOperation } from '../platform/operations';
import { answerQuestion } from './chatBotAnswers';
import { isChatBotTokenValid, issueChatBotToken } from './chatBotToken';

// spec §6 "The chatbot needs Read on the chat bot capability".
const CHAT_BOT_READ = requirement('CHAT_BOT', ['Read']);

const getChatBotToken = defineOperation({
  service: 'IChatBotService',
  operation: 'GetChatBotToken',
  readOnly: true,
  summary: 'A direct-line token for the chat, bound to the caller and valid one hour (spec §7 Chatbot token).',
  request: chatBotTokenRequestSchema,
  response: chatBotTokenResponseSchema,
  rule: CHAT_BOT_READ,
  async handler(_input, { db, caller }) {
    const { token, expiresAt } = await issueChatBotToken(db, caller.userAccount.id);
    return { Token: token, ExpiresAt: expiresAt.toISOString() };
  },
});

const askChatBot = defineOperation({
  service: 'IChatBotService',
  operation: 'Ask',
  readOnly: true,
  summary: "Answers a question about the caller's orders, provisioning, subscriptions ending soon or support, in the caller's language.",
  request: askChatBotRequestSchema,
  response: chatBotAnswerSchema,
  rule: CHAT_BOT_READ,
  async handler(input, { db, caller, locale }) {
    if (!(await isChatBotTokenValid(db, input.token, caller.userAccount.id))) throw new ApiError(401, 'chat_token_invalid');
    return answerQuestion({ db, caller, locale }, input.text);
  },
});

export const chatBotOperations = [getChatBotToken, askChatBot];
