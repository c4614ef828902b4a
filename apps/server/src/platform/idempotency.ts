import { hash } from 'node:crypto';
import { and, eq, lt, sql, type Placeholder } from 'drizzle-orm';
import { placeholderSet, statementOnce } from './db/statementOnce';
import type { Database, Queryable, Tx } from './db/database';
import { idempotencyKeys } from './db/schema';
import { ApiError } from './errors';
import type { SignedInContext } from './operations';

/**
 * The Idempotency-Key mechanism of DESIGN.md ("Commerce", "Security"): a money-moving operation a
 * client may safely send again — after a timeout, a double click, a retried job. Orders, approvals,
 * custom charges and propagation wrap their work in `withIdempotency`:
 *
 *   return withIdempotency(ctx, 'ICustomChargeService/CreateCustomCharge', input, (tx) => createCharge(tx, …));
 *
 * - No `Idempotency-Key` header: the work just runs, in one transaction.
 * - A key is stored per tenant (the caller's organisation: its company, reseller or vendor
 *   account) and operation, with the SHA-256 of the request's canonical JSON (keys sorted, so the
 *   order of fields does not matter; the validated input, so `null` and an absent optional field
 *   are the same request).
 * - The same key and the same request again: the stored answer, and nothing is done again.
 * - The same key with another request: 422. A request whose key is still being worked on: 409.
 * - A malformed key (empty, too long, not visible ASCII, sent twice): 400.
 *
 * Race safety: the key is claimed in its own short transaction (`insert … on conflict do nothing`;
 * on PostgreSQL a concurrent insert of the same key waits for that commit, then finds the row), so
 * of two concurrent requests exactly one does the work and the other gets 409 (or, once the first
 * is done, its answer). The work and the stored answer commit in one transaction: a charge is
 * never created without its key being marked done. When the work fails, the claim is released, so
 * the client may retry with the same key (nothing was done). A claim left behind by a crashed node
 * is taken over after CLAIM_STALE_AFTER_MS; keys are kept for KEY_RETENTION_MS, after which the key
 * may be used again (`deleteExpiredIdempotencyKeys` sweeps them).
 *
 * Call it after the access checks and the validation of the request, so a refused request claims
 * nothing and a stored answer is only ever handed to a caller allowed to get it.
 */

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Stripe's limit; a UUID (36) or a ULID (26) fits easily. */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
/** A key's answer is replayed this long (Stripe: 24 hours). */
export const KEY_RETENTION_MS = 24 * 3_600_000;
/** A claim this old belongs to a request that died with its node; a new request may take it over. */
export const CLAIM_STALE_AFTER_MS = 10 * 60_000;
/** Sent with a replayed answer, so a client can tell it apart from a first one. */
export const REPLAYED_HEADER = 'idempotent-replayed';

const VISIBLE_ASCII = /^[\x21-\x7e]+$/;

/** The key a request carries, undefined without one; 400 when it is malformed or sent twice. */
export function idempotencyKeyOf(headers: Record<string, string | string[] | undefined>): string | undefined {
  const value = headers[IDEMPOTENCY_HEADER];
  if (value === undefined) return undefined;
  if (Array.isArray(value) || value.length > IDEMPOTENCY_KEY_MAX_LENGTH || !VISIBLE_ASCII.test(value)) {
    throw new ApiError(400, 'idempotency_key_invalid', { max: String(IDEMPOTENCY_KEY_MAX_LENGTH) });
  }
  return value;
}

/** JSON with the keys of every object sorted: one text per request, whatever the field order. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? 'null' : canonicalJson(item))).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
}

export const requestHash = (input: unknown): string => hash('sha256', canonicalJson(input), 'hex');

type KeyRow = typeof idempotencyKeys.$inferSelect;
interface KeyId {
  tenantAccountId: number;
  operation: string;
  key: string;
}
/** A key's row; its parts may be placeholders (a statement built once, statementOnce.ts). */
const whereKey = (id: { [K in keyof KeyId]: KeyId[K] | Placeholder }) => and(eq(idempotencyKeys.tenantAccountId, id.tenantAccountId), eq(idempotencyKeys.operation, id.operation), eq(idempotencyKeys.key, id.key));

/**
 * Runs `work` once per Idempotency-Key (see above). `operation` names the operation
 * (`IService/Operation`), so one key may be used for different operations; `input` is the
 * validated request. The answer must be JSON (operation answers are).
 */
export async function withIdempotency<T>(ctx: SignedInContext, operation: string, input: unknown, work: (tx: Tx) => Promise<T>): Promise<T> {
  const key = idempotencyKeyOf(ctx.request.headers);
  if (key === undefined) return ctx.db.transaction(work);
  const id: KeyId = { tenantAccountId: ctx.caller.companyAccount.id, operation, key };
  const claim = await claimKey(ctx.db, id, requestHash(input));
  if (claim.kind === 'replay') {
    ctx.reply.header(REPLAYED_HEADER, 'true');
    return claim.answer as T;
  }
  try {
    return await ctx.db.transaction(async (tx) => {
      const answer = await work(tx);
      // Stored as the client receives it (dates as ISO text), in the work's own transaction.
      const stored = answer === undefined ? null : (JSON.parse(JSON.stringify(answer)) as unknown);
      await keyDone(tx, { ...id, responseBody: stored });
      return answer;
    });
  } catch (error) {
    // Nothing was done: the key is free again for a retry.
    await ctx.db.delete(idempotencyKeys).where(and(whereKey(id), eq(idempotencyKeys.status, 'Running')));
    throw error;
  }
}

// The two statements of every keyed request, built once (statementOnce.ts).
const keyOf = { tenantAccountId: sql.placeholder('tenantAccountId'), operation: sql.placeholder('operation'), key: sql.placeholder('key') };
const keyClaim = statementOnce((q) =>
  q
    .insert(idempotencyKeys)
    .values({ ...keyOf, requestHash: sql.placeholder('requestHash'), status: 'Running' })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key }),
);
const keyDone = statementOnce((q) =>
  q
    .update(idempotencyKeys)
    .set({ status: 'Done', responseStatus: 200, ...placeholderSet(idempotencyKeys, ['responseBody']) })
    .where(whereKey(keyOf)),
);

type Claim = { kind: 'claimed' } | { kind: 'replay'; answer: unknown };

/** Claims the key in its own transaction, or answers what an earlier request with it left. */
async function claimKey(db: Database, id: KeyId, requestHashValue: string): Promise<Claim> {
  // The common case — a new key — is one statement, committed on its own (no BEGIN … COMMIT around it).
  const inserted = await keyClaim(db, { ...id, requestHash: requestHashValue });
  if (inserted.length) return { kind: 'claimed' };

  return db.transaction(async (tx) => {
    const [existing] = (await tx.select().from(idempotencyKeys).where(whereKey(id)).for('update')) as KeyRow[];
    // Deleted between the insert and the select (a failed first request released it): claim it now.
    if (!existing) {
      const retried = await tx.insert(idempotencyKeys).values({ ...id, requestHash: requestHashValue, status: 'Running' }).onConflictDoNothing().returning({ key: idempotencyKeys.key });
      if (retried.length) return { kind: 'claimed' };
      throw new ApiError(409, 'idempotency_request_in_progress');
    }
    const age = Date.now() - existing.createdAt.getTime();
    const isExpired = age > KEY_RETENTION_MS;
    const isAbandoned = existing.status === 'Running' && age > CLAIM_STALE_AFTER_MS;
    if (isExpired || isAbandoned) {
      await tx
        .update(idempotencyKeys)
        .set({ requestHash: requestHashValue, status: 'Running', responseStatus: null, responseBody: null, createdAt: new Date() })
        .where(whereKey(id));
      return { kind: 'claimed' };
    }
    if (existing.requestHash !== requestHashValue) throw new ApiError(422, 'idempotency_key_reused');
    if (existing.status === 'Running') throw new ApiError(409, 'idempotency_request_in_progress');
    return { kind: 'replay', answer: existing.responseBody };
  });
}

/** Deletes keys past their retention; for a periodic job (the table's created_at index serves it). */
export async function deleteExpiredIdempotencyKeys(db: Queryable, now = new Date()): Promise<number> {
  const deleted = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - KEY_RETENTION_MS)))
    .returning({ key: idempotencyKeys.key });
  return deleted.length;
}
