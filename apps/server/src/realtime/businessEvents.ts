import { and, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import { isAllowed, requirement } from '@cmp/contracts/capabilities';
import type { BusinessEvent, LiveServerMessage } from '@cmp/contracts/realtime';
import type { Queryable } from '../platform/db/database';
import { accounts, outboxEvents, users } from '../platform/db/schema';
import { loadCapabilitiesOfUsers } from '../platform/session';

// Business events of issue 16 ("an order waiting for my approval, my order approved or declined, a
// provisioning request failed or completed, a propagation finished, an invoice ready"): written to the outbox in the
// transaction of the change, with the users allowed to see them chosen there by the screens' rules.
// The outbox's insert trigger notifies every node's live hub on commit (migration 0029); a socket
// that signs in replays its session's recent events (those since the session began), so a node that
// died between the commit and the delivery loses nothing: delivery is at least once and the portal
// skips ids it has shown.

/** How far back a signing-in socket replays its user's events. */
export const REPLAY_WINDOW_MS = 15 * 60_000;

export interface BusinessEventInput {
  event: BusinessEvent;
  /** The values the event's text names (order number, service …). */
  values: Record<string, string>;
  /** The portal path of the event's screen. */
  link: string;
  userAccountIds: number[];
}

/** Writes the event to the outbox (inside the caller's transaction); nobody to tell, nothing written. */
export async function recordBusinessEvent(tx: Queryable, input: BusinessEventInput): Promise<void> {
  await recordBusinessEvents(tx, [input]);
}

/** recordBusinessEvent of several events in one statement (a billing batch's invoices ready). */
export async function recordBusinessEvents(tx: Queryable, inputs: readonly BusinessEventInput[]): Promise<void> {
  const rows = inputs.flatMap((input) => outboxRowOf(input) ?? []);
  if (rows.length) await tx.insert(outboxEvents).values(rows);
}

/** The outbox row of an event; undefined when nobody is to see it. */
function outboxRowOf(input: BusinessEventInput) {
  const recipients = [...new Set(input.userAccountIds)];
  return recipients.length ? { event: input.event, payload: { values: input.values, link: input.link }, recipientUserIds: recipients } : undefined;
}

/**
 * recordBusinessEvent as an INSERT … SELECT run only `when` holds, for a statement that writes the
 * change and its event together and is built once (the provisioning job's end, statementOnce.ts):
 * the event's values are the placeholders businessEventBindings fills.
 */
export function businessEventSql(when: SQL): SQL {
  return sql`insert into ${outboxEvents} (event, payload, recipient_user_ids)
    select ${sql.placeholder('event.event')}::text, ${sql.placeholder('event.payload')}::jsonb, ${sql.placeholder('event.recipients')}::int[] where ${when}`;
}

/** The values of businessEventSql's placeholders; undefined when nobody is to see the event. */
export function businessEventBindings(input: BusinessEventInput): Record<string, unknown> | undefined {
  const row = outboxRowOf(input);
  return row && { 'event.event': row.event, 'event.payload': JSON.stringify(row.payload), 'event.recipients': row.recipientUserIds };
}

type EventRow = typeof outboxEvents.$inferSelect;

/** The live message of an outbox row, or undefined for events that are not per-user business events. */
export function toLiveMessage(row: EventRow): { message: Extract<LiveServerMessage, { type: 'event' }>; userAccountIds: number[] } | undefined {
  if (!row.recipientUserIds?.length) return undefined;
  const payload = row.payload as { values?: Record<string, string>; link?: string };
  return {
    message: { type: 'event', id: row.id, event: row.event as BusinessEvent, values: payload.values ?? {}, link: payload.link ?? '/' },
    userAccountIds: row.recipientUserIds,
  };
}

export async function readOutboxEvent(db: Queryable, id: number): Promise<EventRow | undefined> {
  const [row] = await db.select().from(outboxEvents).where(eq(outboxEvents.id, id)).limit(1);
  return row;
}

/** A user's events since `since` (ms) and within the last REPLAY_WINDOW_MS, oldest first. */
export async function recentEventsOf(db: Queryable, userAccountId: number, since: number, now = Date.now()): Promise<EventRow[]> {
  return db
    .select()
    .from(outboxEvents)
    .where(and(sql`${outboxEvents.recipientUserIds} @> array[${userAccountId}]::integer[]`, gt(outboxEvents.createdAt, new Date(Math.max(since, now - REPLAY_WINDOW_MS)))))
    .orderBy(outboxEvents.id);
}

/** Every outbox event since `since` (ms), within the last REPLAY_WINDOW_MS, oldest first: what a node that could not listen missed. */
export async function outboxEventsSince(db: Queryable, since: number, now = Date.now()): Promise<EventRow[]> {
  return db
    .select()
    .from(outboxEvents)
    .where(gt(outboxEvents.createdAt, new Date(Math.max(since, now - REPLAY_WINDOW_MS))))
    .orderBy(outboxEvents.id);
}

/**
 * The Account Managers who decide an organisation's pending orders (spec §6 Credit Check Order
 * Management Execute): its own active users holding it — the rule the Request review screen and the
 * approval e-mail follow.
 */
export const orderApproversOf = (db: Queryable, sellerAccountId: number): Promise<number[]> =>
  ownUsersAllowed(db, sellerAccountId, requirement('CREDIT_CHECK_ORDER_MANAGEMENT', ['Execute']));

/** Who is told an organisation's invoices are ready: its own active users who may read its invoices (the billing screen's rule). */
export const invoiceReadersOf = async (db: Queryable, payerAccountId: number): Promise<number[]> => (await invoiceReadersOfMany(db, [payerAccountId])).get(payerAccountId) ?? [];

/** invoiceReadersOf of several payers at once (a billing batch's), by payer. */
export const invoiceReadersOfMany = (db: Queryable, payerAccountIds: readonly number[]): Promise<Map<number, number[]>> =>
  ownUsersAllowedOfMany(db, payerAccountIds, requirement('BILLING_INVOICES', ['Read']));

/** An organisation's own active users (its direct user accounts) whose capabilities meet `rule`. */
async function ownUsersAllowed(db: Queryable, organisationId: number, rule: ReturnType<typeof requirement>): Promise<number[]> {
  return (await ownUsersAllowedOfMany(db, [organisationId], rule)).get(organisationId) ?? [];
}

/** ownUsersAllowed of several organisations in two statements, by organisation (those with nobody left out). */
async function ownUsersAllowedOfMany(db: Queryable, organisationIds: readonly number[], rule: ReturnType<typeof requirement>): Promise<Map<number, number[]>> {
  const allowed = new Map<number, number[]>();
  if (organisationIds.length === 0) return allowed;
  const own = await db
    .select({ id: users.accountId, organisationId: accounts.parentId })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(and(inArray(accounts.parentId, [...organisationIds]), eq(accounts.state, 'Active'), eq(users.isDisabled, false)));
  if (own.length === 0) return allowed;
  const capabilities = await loadCapabilitiesOfUsers(db, own.map((user) => user.id));
  for (const user of own) {
    if (user.organisationId === null || !isAllowed(capabilities.get(user.id) ?? [], rule)) continue;
    allowed.set(user.organisationId, [...(allowed.get(user.organisationId) ?? []), user.id]);
  }
  return allowed;
}
