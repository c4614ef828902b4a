import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Queryable } from '../platform/db/database';
import { accounts, ssoLinks, ssoPendingLinks, ssoProviders, users } from '../platform/db/schema';
import type { VerifiedUser } from '../auth/signIn';

/** How long a verified SSO subject waits for its user to confirm the link with a password. */
export const PENDING_LINK_MINUTES = 15;

export type SsoProviderRow = typeof ssoProviders.$inferSelect;

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

export async function findSsoProvider(db: Queryable, id: string): Promise<SsoProviderRow | undefined> {
  const [provider] = await db.select().from(ssoProviders).where(eq(ssoProviders.id, id)).limit(1);
  return provider;
}

/** The portal user a provider's subject is linked to, if any. */
export async function findLinkedUser(db: Queryable, providerId: string, subject: string): Promise<VerifiedUser | undefined> {
  const [row] = await db
    .select({ user: users, account: accounts })
    .from(ssoLinks)
    .innerJoin(users, eq(users.accountId, ssoLinks.userAccountId))
    .innerJoin(accounts, eq(accounts.id, ssoLinks.userAccountId))
    .where(and(eq(ssoLinks.providerId, providerId), eq(ssoLinks.subject, subject)))
    .limit(1);
  return row;
}

/**
 * Keeps a verified subject for the link step and answers the random token the portal carries in
 * /sso-link/{token}; only the token's SHA-256 is stored, so the table alone links nobody.
 */
export async function createPendingLink(db: Queryable, providerId: string, subject: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.delete(ssoPendingLinks).where(lt(ssoPendingLinks.expiresAt, new Date()));
  await db.insert(ssoPendingLinks).values({
    tokenHash: sha256(token),
    providerId,
    subject,
    expiresAt: new Date(Date.now() + PENDING_LINK_MINUTES * 60_000),
  });
  return token;
}

export type LinkOutcome = { kind: 'linked' | 'alreadyLinked'; providerId: string; subject: string } | { kind: 'invalid' } | { kind: 'linkedToOtherUser'; providerId: string };

/**
 * Takes the pending link of the token (once: it is deleted) and links its subject to the user. A
 * subject already linked to someone else stays theirs.
 */
export async function consumePendingLink(tx: Queryable, token: string, userAccountId: number): Promise<LinkOutcome> {
  const [pending] = await tx
    .delete(ssoPendingLinks)
    .where(and(eq(ssoPendingLinks.tokenHash, sha256(token)), gt(ssoPendingLinks.expiresAt, new Date())))
    .returning();
  if (!pending) return { kind: 'invalid' };
  const { providerId, subject } = pending;
  const inserted = await tx.insert(ssoLinks).values({ providerId, subject, userAccountId }).onConflictDoNothing().returning();
  if (inserted.length) return { kind: 'linked', providerId, subject };
  const [existing] = await tx
    .select({ userAccountId: ssoLinks.userAccountId })
    .from(ssoLinks)
    .where(and(eq(ssoLinks.providerId, providerId), eq(ssoLinks.subject, subject)));
  return existing?.userAccountId === userAccountId ? { kind: 'alreadyLinked', providerId, subject } : { kind: 'linkedToOtherUser', providerId };
}
