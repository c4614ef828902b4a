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
  const token = randomBytes(32).toString('base64url');
  await tx.insert(passwordResetTokens).values({ tokenHash: hashResetToken(token), userAccountId: user.accountId, expiresAt: new Date(Date.now() + validForMs) });
  return `${config.publicUrl}/#/reset-password/${encodeURIComponent(user.username)}/${token}`;
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
