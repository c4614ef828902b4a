import { createHash, randomBytes } from 'node:crypto';
import { normalizeLocale } from '@cmp/contracts/locales';
import { loadPlatformBranding } from '../branding/brandingRoutes';
import type { ServerConfig } from '../platform/config';
import type { Queryable } from '../platform/db/database';
import { passwordResetTokens } from '../platform/db/schema';
import { translateMessage } from '../platform/i18n/messages';
import type { OperationContext } from '../platform/operations';
import type { UserRow } from '../platform/session';

export const hashResetToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A single-use link to set a password (spec §4 "Password reset"), for the self-service reset, a reset
 * sent by an administrator and the invitation of a new user alike. Only the token's hash is stored,
 * so nobody — an administrator included — learns a password or can replay a link from a dump.
 */
export async function createResetLink(
  tx: Queryable,
  config: Pick<ServerConfig, 'publicUrl' | 'passwordResetMinutes'>,
  user: Pick<UserRow, 'accountId' | 'username'>,
  validForMs = config.passwordResetMinutes * 60_000,
): Promise<string> {
  return (await createResetLinks(tx, config, [user], validForMs))[0]!;
}

/** createResetLink for many users in one statement (an import's invitations), in their order. */
export async function createResetLinks(
  tx: Queryable,
  config: Pick<ServerConfig, 'publicUrl'>,
  users: Pick<UserRow, 'accountId' | 'username'>[],
  validForMs: number,
): Promise<string[]> {
  if (users.length === 0) return [];
  const tokens = users.map(() => randomBytes(32).toString('base64url'));
  const expiresAt = new Date(Date.now() + validForMs);
  await tx.insert(passwordResetTokens).values(users.map((user, i) => ({ tokenHash: hashResetToken(tokens[i]!), userAccountId: user.accountId, expiresAt })));
  return users.map((user, i) => `${config.publicUrl}/#/reset-password/${encodeURIComponent(user.username)}/${tokens[i]}`);
}

/** The reset mail, sent after the transaction (DESIGN.md mail), in the user's language. */
export async function mailResetLink(ctx: Pick<OperationContext, 'db' | 'mailer' | 'config' | 'locale'>, user: UserRow, link: string): Promise<void> {
  const { title } = await loadPlatformBranding(ctx.db);
  const locale = normalizeLocale(user.locale) ?? ctx.locale;
  await ctx.mailer.send({
    to: user.email,
    subject: translateMessage(locale, 'mail_reset_subject', { title }),
    text: translateMessage(locale, 'mail_reset_body', { name: user.firstName || user.username, title, username: user.username, minutes: String(ctx.config.passwordResetMinutes), link }),
  });
}
