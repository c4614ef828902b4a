import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { CHAT_BOT_TOKEN_LIFETIME_MS } from '@cmp/contracts/chatBot';
import type { Queryable } from '../platform/db/database';
import { instanceSettings } from '../platform/db/schema';

const KEY_SETTING = 'chat_bot_token_key';

// The key never changes once made, so each node reads it once per database (not on every message).
const keys = new WeakMap<Queryable, Promise<Buffer>>();

/** One signing key for every node, made once and kept in the database (several nodes, one secret). */
function signingKey(db: Queryable): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = readOrCreateKey(db);
    keys.set(db, key);
    key.catch(() => keys.delete(db));
  }
  return key;
}

async function readOrCreateKey(db: Queryable): Promise<Buffer> {
  await db
    .insert(instanceSettings)
    .values({ key: KEY_SETTING, value: randomBytes(32).toString('base64') })
    .onConflictDoNothing();
  const [row] = await db.select({ value: instanceSettings.value }).from(instanceSettings).where(eq(instanceSettings.key, KEY_SETTING)).limit(1);
  return Buffer.from(String(row!.value), 'base64');
}

const sign = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

/**
 * spec §7 "Chatbot token" (the direct-line token the chat connects with): bound to the user and
 * valid one hour, so a token copied out of one browser is useless to anybody else or later.
 */
export async function issueChatBotToken(db: Queryable, userAccountId: number, now = Date.now()): Promise<{ token: string; expiresAt: Date }> {
  const expiresAt = now + CHAT_BOT_TOKEN_LIFETIME_MS;
  const payload = `${userAccountId}.${expiresAt}`;
  return { token: `${payload}.${sign(await signingKey(db), payload)}`, expiresAt: new Date(expiresAt) };
}

export async function isChatBotTokenValid(db: Queryable, token: string, userAccountId: number, now = Date.now()): Promise<boolean> {
  const [user, expires, signature] = token.split('.');
  if (!user || !expires || !signature || Number(user) !== userAccountId || !(Number(expires) > now)) return false;
  const expected = Buffer.from(sign(await signingKey(db), `${user}.${expires}`));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
