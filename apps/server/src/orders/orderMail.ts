import { and, eq, like } from 'drizzle-orm';
import { DEFAULT_NOTIFICATION_PREFERENCES, notificationPreferencesSchema, type NotificationEvent } from '@cmp/contracts/notifications';
import { isAllowed, requirement } from '@cmp/contracts/capabilities';
import { normalizeLocale, type Locale } from '@cmp/contracts/locales';
import type { Order } from '@cmp/contracts/orders';
import type { Database, Queryable } from '../platform/db/database';
import { accounts, notificationPreferences, users } from '../platform/db/schema';
import { translateMessage } from '../platform/i18n/messages';
import type { MailMessage, Mailer } from '../platform/mail';
import { loadCapabilities, memoized, type CallerSession } from '../platform/session';

// The e-mails of an order's life (issue 14 "sends the notification e-mails that the notification
// preferences ask for"), sent after the transaction that changed the order:
//   OrderEvents    — to whoever placed it: placed, approved, declined, cancelled;
//   ApprovalEvents — to the Account Managers of the seller (its users with Credit Check Order
//                    Management Execute): an order waits for approval.
// Each mail goes only when the account it concerns — the ordering company, the seller — has that
// event switched on in its notification preferences (spec §3 "Notification preferences").

/** Whether preferences as stored (none: the defaults) switch the event on. */
function prefersEvent(preferences: Record<string, unknown> | null | undefined, event: NotificationEvent): boolean {
  if (!preferences) return DEFAULT_NOTIFICATION_PREFERENCES[event] === true;
  const parsed = notificationPreferencesSchema.safeParse({ ...DEFAULT_NOTIFICATION_PREFERENCES, ...preferences });
  return parsed.success ? parsed.data[event] === true : true;
}

async function wants(db: Queryable, accountId: number, event: NotificationEvent): Promise<boolean> {
  return prefersEvent(await companyPreferences(db, accountId), event);
}

interface Recipient {
  email: string;
  firstName: string;
  locale: Locale;
}

const recipientOf = (user: { email: string; firstName: string; username: string; locale: string | null }): Recipient | undefined =>
  user.email ? { email: user.email, firstName: user.firstName || user.username, locale: normalizeLocale(user.locale ?? '') ?? 'en' } : undefined;

type OrderMail = 'placed' | 'pending' | 'pending_review' | 'approved' | 'declined' | 'cancelled';

/** What an order's mail tells of it; Id may be ORDER_ID_MARKER (placedOrderMail). */
type MailedOrder = Pick<Order, 'ProductDisplayName' | 'Quantity' | 'CompanyName' | 'OrderValue' | 'Currency' | 'Reason' | 'ApprovalStatus' | 'CompanyAccountId' | 'CreatedByAccountId'> & {
  Id: number | string;
};

/**
 * Stands for the order's id in the mail placing an order writes with it: the statement that writes
 * the order makes the id and puts it in the mail's place (placeOrder.ts). Control characters, so no
 * translation or value can contain it.
 */
export const ORDER_ID_MARKER = '\u001eorder-id\u001e';

function messageOf(to: Recipient, mail: OrderMail, order: MailedOrder): MailMessage {
  const params = {
    name: to.firstName,
    orderId: String(order.Id),
    service: order.ProductDisplayName,
    quantity: String(order.Quantity),
    company: order.CompanyName,
    value: `${order.OrderValue} ${order.Currency}`,
    reason: order.Reason || '—',
  };
  return {
    to: to.email,
    subject: translateMessage(to.locale, `mail_order_${mail}_subject`, params),
    text: translateMessage(to.locale, `mail_order_${mail}_body`, params),
  };
}

/**
 * After placing: the orderer hears it was placed (or waits) — unless placing wrote that mail with the
 * order (`ordererMailed`: placedOrderMail) — and the seller's Account Managers hear a pending one
 * waits. `caller`: the session that placed it, whose user and memo spare the reads.
 */
export async function mailOrderPlaced(db: Database, mailer: Mailer, order: Order, caller?: CallerSession, { ordererMailed = false } = {}): Promise<void> {
  if (!ordererMailed) await mailOrderer(db, mailer, order, order.ApprovalStatus === 'Pending' ? 'pending' : 'placed', caller);
  if (order.ApprovalStatus !== 'Pending' || !(await wants(db, order.SellerAccountId, 'ApprovalEvents'))) return;
  const [seller] = await db.select({ path: accounts.path }).from(accounts).where(eq(accounts.id, order.SellerAccountId)).limit(1);
  if (!seller) return;
  // The seller's own users (not those of its customers below it).
  const candidates = await db
    .select({ accountId: users.accountId, email: users.email, firstName: users.firstName, username: users.username, locale: users.locale, parentId: accounts.parentId })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(and(like(accounts.path, `${seller.path}%`), eq(accounts.state, 'Active')));
  const own = candidates.filter((user) => user.parentId === order.SellerAccountId);
  for (const user of own) {
    const capabilities = await loadCapabilities(db, user.accountId);
    const recipient = recipientOf(user);
    if (recipient && isAllowed(capabilities, requirement('CREDIT_CHECK_ORDER_MANAGEMENT', ['Execute']))) await mailer.send(messageOf(recipient, 'pending_review', order));
  }
}

/**
 * The mail to its orderer (the caller) an order being placed is written with, in the statement that
 * writes the order (outbox: issue 14, DESIGN.md "Effects leave through an outbox"): its id is
 * ORDER_ID_MARKER there. Undefined when the company's preferences or the orderer's address want none.
 */
export async function placedOrderMail(db: Queryable, caller: CallerSession, order: Omit<MailedOrder, 'Id'>): Promise<MailMessage | undefined> {
  return ordererMailOf(db, { ...order, Id: ORDER_ID_MARKER }, order.ApprovalStatus === 'Pending' ? 'pending' : 'placed', caller);
}

/** After a decision: the orderer hears the outcome. */
export async function mailOrderDecided(db: Database, mailer: Mailer, order: Order): Promise<void> {
  const mail = ({ Approved: 'approved', Rejected: 'declined', Cancelled: 'cancelled' } as const)[order.ApprovalStatus as 'Approved' | 'Rejected' | 'Cancelled'];
  if (mail) await mailOrderer(db, mailer, order, mail);
}

async function mailOrderer(db: Database, mailer: Mailer, order: MailedOrder, mail: OrderMail, caller?: CallerSession): Promise<void> {
  const message = await ordererMailOf(db, order, mail, caller);
  if (message) await mailer.send(message);
}

async function ordererMailOf(db: Queryable, order: MailedOrder, mail: OrderMail, caller?: CallerSession): Promise<MailMessage | undefined> {
  // The orderer and the company's preferences: from the session when the orderer is the caller
  // (PlaceOrder, on every order; preferences kept with the session, which any change of them clears,
  // sessionCache.ts), else in one read.
  const orderer =
    caller && caller.user.accountId === order.CreatedByAccountId
      ? { ...caller.user, preferences: await memoized(caller, `notificationPreferences:${order.CompanyAccountId}`, () => companyPreferences(db, order.CompanyAccountId)) }
      : (
          await db
            .select({ email: users.email, firstName: users.firstName, username: users.username, locale: users.locale, preferences: notificationPreferences.preferences })
            .from(users)
            .leftJoin(notificationPreferences, eq(notificationPreferences.accountId, order.CompanyAccountId))
            .where(eq(users.accountId, order.CreatedByAccountId))
            .limit(1)
        )[0];
  if (!orderer || !prefersEvent(orderer.preferences, 'OrderEvents')) return undefined;
  const recipient = recipientOf(orderer);
  return recipient && messageOf(recipient, mail, order);
}

async function companyPreferences(db: Queryable, accountId: number): Promise<Record<string, unknown> | null> {
  const [row] = await db.select({ preferences: notificationPreferences.preferences }).from(notificationPreferences).where(eq(notificationPreferences.accountId, accountId)).limit(1);
  return row?.preferences ?? null;
}
