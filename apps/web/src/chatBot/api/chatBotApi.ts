import { CHAT_BOT_TOKEN_LIFETIME_MS, type ChatBotAnswer, type ChatBotToken } from '@cmp/contracts/chatBot';
import { callOperation } from '../../platform/api/callOperation';

export const CHAT_BOT_TOKEN_STORAGE_KEY = 'cmp.chatbot.token';

interface StoredToken {
  token: string;
  storedAt: number;
}

function readStoredToken(now: number): string | undefined {
  try {
    const stored = JSON.parse(localStorage.getItem(CHAT_BOT_TOKEN_STORAGE_KEY) ?? 'null') as StoredToken | null;
    return stored && typeof stored.token === 'string' && now - stored.storedAt < CHAT_BOT_TOKEN_LIFETIME_MS ? stored.token : undefined;
  } catch {
    return undefined;
  }
}

/** spec §7 "Chatbot token: requested only when no stored token exists or the stored one is over one hour old". */
export async function chatBotToken({ isRenewal = false, now = Date.now() } = {}): Promise<string> {
  const stored = isRenewal ? undefined : readStoredToken(now);
  if (stored) return stored;
  const { Token } = await callOperation<ChatBotToken>('IChatBotService', 'GetChatBotToken', {}, { suppressErrorToast: true });
  try {
    localStorage.setItem(CHAT_BOT_TOKEN_STORAGE_KEY, JSON.stringify({ token: Token, storedAt: now } satisfies StoredToken));
  } catch {
    // Blocked storage only means a new token next time.
  }
  return Token;
}

/** Asks the assistant; a token the server no longer takes (another user signed in, expired) is renewed once. */
export async function askChatBot(text: string): Promise<ChatBotAnswer> {
  const ask = async (token: string) => callOperation<ChatBotAnswer>('IChatBotService', 'Ask', { token, text }, { suppressErrorToast: true });
  try {
    return await ask(await chatBotToken());
  } catch (failure) {
    if ((failure as { status?: number }).status !== 401) throw failure;
    return ask(await chatBotToken({ isRenewal: true }));
  }
}
