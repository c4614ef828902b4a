import { normalizeLocale, type Locale } from '@cmp/contracts/locales';
import { translateMessage } from '../platform/i18n/messages';
import type { MailMessage } from '../platform/mail';
import { DAY_MS } from '../platform/dates';

/** How long an invitation's set-password link stays valid (longer than a reset link: people take days to react). */
export const INVITATION_DAYS = 7;
export const INVITATION_MS = INVITATION_DAYS * DAY_MS;

/**
 * The invitation of a new user (CreateAccount, account imports): a set-password link through the
 * password-reset screen (spec §4 "Password reset"), in the user's language when the User view names
 * one, else `fallbackLocale`.
 */
export function invitationMail(user: Record<string, unknown>, link: string, sender: { title: string; inviter: string; fallbackLocale: Locale }): MailMessage {
  const locale = normalizeLocale(String(user.Language ?? '')) ?? sender.fallbackLocale;
  const username = String(user.Username);
  return {
    to: String(user.Email),
    subject: translateMessage(locale, 'mail_invitation_subject', { title: sender.title }),
    text: translateMessage(locale, 'mail_invitation_body', { name: String(user.Firstname ?? username), inviter: sender.inviter, title: sender.title, username, days: String(INVITATION_DAYS), link }),
  };
}
