import { DEFAULT_LOCALE, normalizeLocale, type Locale } from '@cmp/contracts/locales';
import { writeAudit } from '../platform/audit';
import type { ServerConfig } from '../platform/config';
import type { Database } from '../platform/db/database';
import type { JobDefinition } from '../platform/jobs';
import type { Mailer } from '../platform/mail';
import { loadAccount } from '../platform/session';
import { deleteExpiredSignInFailures } from './bruteForce';
import { deleteExpiredRequestLimits, isOverLimit } from '../platform/requestLimits';
import { RESET_MAILS_PER_USER } from './resetLimits';
import { createResetLink, mailResetLink } from './resetLinks';
import { findUserByName } from './signIn';

export const PASSWORD_RESET_MAIL_JOB = 'password-reset-mail';

/** What RequestResetPassword hands to the job: the name as typed and where the request came from. */
export interface PasswordResetMailRequest {
  username: string;
  locale: Locale;
  ip: string;
  requestId: string;
}

interface MailDeps {
  db: Database;
  config: ServerConfig;
  mailer: Mailer;
}

/**
 * The work behind RequestResetPassword (issue 11): the request only counts its address and queues
 * this, so its time and answer never depend on whether the name exists. Here the user is looked up
 * and, if active with an e-mail and under the per-user limit, gets a single-use link. pg-boss may
 * deliver twice; a repeat sends at most one more link, and the per-user limit bounds even that.
 */
export async function sendRequestedResetMail({ db, config, mailer }: MailDeps, request: PasswordResetMailRequest): Promise<void> {
  const user = await findUserByName({ db }, request.username);
  const account = user ? await loadAccount(db, user.accountId) : undefined;
  if (!user || !account || !user.email || user.isDisabled || account.state !== 'Active') return;
  const meta = { ip: request.ip, requestId: request.requestId };
  const about = { actorAccountId: account.id, accountId: account.id, accountPath: account.path };
  if (await isOverLimit(db, RESET_MAILS_PER_USER, String(user.accountId))) {
    await writeAudit(db, null, { action: 'PasswordResetRequested', ...about, details: { sent: false, reason: 'user_limit' } }, meta);
    return;
  }
  const link = await db.transaction(async (tx) => {
    await writeAudit(tx, null, { action: 'PasswordResetRequested', ...about }, meta);
    return createResetLink(tx, config, user);
  });
  await mailResetLink({ db, config, mailer, locale: normalizeLocale(request.locale) ?? DEFAULT_LOCALE }, user, link);
}

const isResetMailRequest = (data: object): data is PasswordResetMailRequest => typeof (data as { username?: unknown }).username === 'string';

/** The sign-in security jobs: the reset mails, and a sweeper of expired brute-force and request counters. */
export function authJobs(deps: Omit<MailDeps, 'db'>): JobDefinition[] {
  return [
    {
      name: PASSWORD_RESET_MAIL_JOB,
      pollingIntervalSeconds: 1,
      batchSize: 20,
      async handler(data, { db }) {
        if (isResetMailRequest(data)) await sendRequestedResetMail({ db, ...deps }, data);
      },
    },
    {
      name: 'sign-in-counter-sweep',
      cron: '*/10 * * * *',
      async handler(_data, { db }) {
        await deleteExpiredSignInFailures(db);
        await deleteExpiredRequestLimits(db);
      },
    },
  ];
}
