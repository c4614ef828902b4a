import { createHash, randomInt } from 'node:crypto';
import { and, eq, gt, isNull, or, lt, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { MfaMethod, MfaMethodKind } from '@cmp/contracts/identity';
import type { Queryable } from '../platform/db/database';
import { mfaEmailCodes, mfaMethods } from '../platform/db/schema';

export type MfaMethodRow = typeof mfaMethods.$inferSelect;

// DESIGN.md: TOTP per RFC 6238 — SHA-1, 6 digits, 30 s, ±1 step, each code accepted once.
const TOTP_PERIOD = 30;
export const EMAIL_CODE_MINUTES = 10;

export function newTotp(secretBase32: string, label: string, issuer: string): TOTP {
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD, secret: Secret.fromBase32(secretBase32) });
}

export const newTotpSecret = () => new Secret({ size: 20 }).base32;

/**
 * Checks a TOTP code and burns its time step atomically: the update only succeeds for a step later
 * than the last accepted one, so a code (or an older one) cannot be replayed, even concurrently.
 */
export async function verifyTotp(db: Queryable, method: MfaMethodRow, token: string): Promise<boolean> {
  if (!method.secret || !/^\d{6}$/.test(token)) return false;
  const timestamp = Date.now();
  const delta = newTotp(method.secret, 'x', 'x').validate({ token, timestamp, window: 1 });
  if (delta === null) return false;
  const step = Math.floor(timestamp / 1000 / TOTP_PERIOD) + delta;
  const updated = await db
    .update(mfaMethods)
    .set({ lastUsedStep: step })
    .where(and(eq(mfaMethods.id, method.id), or(isNull(mfaMethods.lastUsedStep), lt(mfaMethods.lastUsedStep, step))))
    .returning({ id: mfaMethods.id });
  return updated.length === 1;
}

const hashCode = (methodId: number, code: string) => createHash('sha256').update(`${methodId}:${code}`).digest('hex');

/** A fresh 6-digit e-mail code; only its hash is stored. */
export async function issueEmailCode(db: Queryable, methodId: number): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.insert(mfaEmailCodes).values({ methodId, codeHash: hashCode(methodId, code), expiresAt: new Date(Date.now() + EMAIL_CODE_MINUTES * 60_000) });
  return code;
}

/** Accepts an unexpired, unused e-mail code once (the update marks it used atomically). */
export async function verifyEmailCode(db: Queryable, methodId: number, code: string): Promise<boolean> {
  if (!/^\d{6}$/.test(code)) return false;
  const used = await db
    .update(mfaEmailCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(mfaEmailCodes.methodId, methodId), eq(mfaEmailCodes.codeHash, hashCode(methodId, code)), isNull(mfaEmailCodes.usedAt), gt(mfaEmailCodes.expiresAt, sql`now()`)))
    .returning({ id: mfaEmailCodes.id });
  return used.length > 0;
}

export async function verifyMfaCode(db: Queryable, method: MfaMethodRow, code: string): Promise<boolean> {
  const token = code.replace(/\s+/g, '');
  return method.kind === 'AuthenticatorApp' ? verifyTotp(db, method, token) : verifyEmailCode(db, method.id, token);
}

export async function listMfaMethods(db: Queryable, userAccountId: number): Promise<MfaMethodRow[]> {
  return db.select().from(mfaMethods).where(eq(mfaMethods.userAccountId, userAccountId)).orderBy(mfaMethods.id);
}

export const enabledMethods = (rows: MfaMethodRow[]) => rows.filter((m) => m.isEnabled && !m.isPending);

export function toMfaMethod(row: MfaMethodRow): MfaMethod {
  return {
    Id: row.id,
    Name: row.name,
    AuthenticationMethod: row.kind as MfaMethodKind,
    IsPrimary: row.isPrimary,
    IsEnabled: row.isEnabled,
    IsPending: row.isPending,
    CreatedAt: row.createdAt.toISOString(),
  };
}

/** The short form the session user and the MFA sign-in step carry (spec §3 UserAuthenticationMethods). */
export const toAuthenticationMethod = (row: MfaMethodRow) => ({
  Id: row.id,
  Name: row.name,
  AuthenticationMethod: row.kind,
  IsPrimary: row.isPrimary,
  IsEnabled: row.isEnabled,
});

/** "ada@example.com" → "a••@example.com": enough to recognise, not to harvest. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}${'•'.repeat(Math.max(local.length - 1, 2))}@${domain}`;
}
