import { eq, inArray } from 'drizzle-orm';
import type { AccountType, Views } from '@cmp/contracts/accounts';
import { loadAccountByIdRequestSchema, loadedAccountSchema, updateAccountRequestSchema, updateAccountResponseSchema, type LoadedAccount } from '@cmp/contracts/accountViews';
import { callerScopePath } from '../../platform/access';
import { auditAccountChange } from '../../platform/audit';
import type { Queryable } from '../../platform/db/database';
import { accounts, subscriptions, users } from '../../platform/db/schema';
import { ApiError } from '../../platform/errors';
import { defineOperation } from '../../platform/operations';
import { pathIds, type AccountRow, type CallerSession } from '../../platform/session';
import { accountRequirement, assertAccountWritable, requireAccountFor } from '../accountAccess';
import { coerceValue, validateViewValues } from './viewValidation';

/** The accounts from the top the caller sees down to the account (breadcrumbs, integration Hierarchy). */
async function visibleHierarchy(db: Queryable, caller: CallerSession, account: AccountRow): Promise<LoadedAccount['Hierarchy']> {
  const scope = await callerScopePath(db, caller, accountRequirement(account.type, 'Read'));
  const scopeTop = pathIds(scope).at(-1);
  const ids = pathIds(account.path);
  // A user reading their own account outside the scope (a user under a department) starts at the account.
  const start = scopeTop === undefined ? ids.length - 1 : Math.max(ids.indexOf(scopeTop), 0);
  const wanted = ids.slice(start);
  const rows = await db.select({ id: accounts.id, type: accounts.type, displayName: accounts.displayName }).from(accounts).where(inArray(accounts.id, wanted));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return wanted.flatMap((id) => {
    const row = byId.get(id);
    return row ? [{ AccountId: row.id, AccountType: row.type as AccountType, DisplayName: row.displayName }] : [];
  });
}

/** A Product account's quantity: its subscription's, which only ChangeSubscriptionQuantity changes. */
async function subscriptionQuantityOf(db: Queryable, account: AccountRow): Promise<number | undefined> {
  if (account.type !== 'Product') return undefined;
  const [row] = await db.select({ quantity: subscriptions.quantity }).from(subscriptions).where(eq(subscriptions.accountId, account.id)).limit(1);
  return row?.quantity;
}

/**
 * Views as stored; a Product account always shows Views.Product.Values.ProductName (Integration API)
 * and its subscription's Quantity (a copy kept in the views would go stale with every change).
 */
function viewsOf(account: AccountRow, quantity: number | undefined): Views {
  if (account.type !== 'Product' || !account.productName) return account.views;
  const product = account.views.Product?.Values ?? {};
  return { ...account.views, Product: { Values: { ...product, ProductName: account.productName, ...(quantity !== undefined && { Quantity: quantity }) } } };
}

const loadAccountById = defineOperation({
  service: 'IAccountService',
  operation: 'LoadAccountById',
  readOnly: true,
  summary: 'One account with its view values and the hierarchy above it that the caller sees (Integration API: exactly these fields).',
  request: loadAccountByIdRequestSchema,
  response: loadedAccountSchema,
  async handler(input, { db, caller }) {
    const account = await requireAccountFor(db, caller, input.accountId, 'Read');
    return {
      AccountId: account.id,
      AccountType: account.type as AccountType,
      DisplayName: account.displayName,
      ParentAccountId: account.parentId,
      AccountState: account.state as LoadedAccount['AccountState'],
      ProductName: account.productName,
      Hierarchy: await visibleHierarchy(db, caller, account),
      Views: viewsOf(account, await subscriptionQuantityOf(db, account)),
    };
  },
});

/** The display name the views give an account (accounts.display_name is kept in step with it). */
export function displayNameFromViews(type: string, views: Views, fallback: string): string {
  const values = views[type]?.Values ?? {};
  if (type === 'User') return [values.Firstname, values.Lastname].filter((v) => typeof v === 'string' && v).join(' ') || fallback;
  if (['Reseller', 'Company', 'Department', 'Vendor'].includes(type) && typeof values.DisplayName === 'string' && values.DisplayName) return values.DisplayName;
  return fallback;
}

const updateAccount = defineOperation({
  service: 'IAccountService',
  operation: 'UpdateAccount',
  summary: 'Changes view values of an account. Every field is checked against its definition; the first problem answers 400 naming "<View>.<Field>" and nothing is written. One AccountUpdated audit entry lists the changes.',
  request: updateAccountRequestSchema,
  response: updateAccountResponseSchema,
  async handler(input, ctx) {
    const { db, caller } = ctx;
    const account = await requireAccountFor(db, caller, input.accountId, 'Create');
    assertAccountWritable(account);
    // Issue 30: a quantity is never changed past the credit check, the proration and the vendor. The
    // field is create-only; a new value gets the way to change it, the current one passes (scripts send
    // back what they loaded), compared with the subscription's quantity, not a stale copy in the views.
    const quantity = await subscriptionQuantityOf(db, account);
    const sentQuantity = input.viewValues.Product?.Values.Quantity;
    if (quantity !== undefined && sentQuantity !== undefined && coerceValue('int32', sentQuantity) !== quantity) {
      throw new ApiError(400, 'subscription_quantity_by_change', { field: 'Product.Quantity' });
    }
    const { values, changes } = await validateViewValues(
      { db, caller, accountType: account.type, productName: account.productName, mode: 'update', accountId: account.id, existingViews: viewsOf(account, quantity) },
      input.viewValues,
    );
    if (!changes.length) return null;
    await db.transaction(async (tx) => {
      // Merged onto the row as it is now (locked), so concurrent changes to other fields survive.
      const [current] = await tx.select().from(accounts).where(eq(accounts.id, account.id)).for('update');
      assertAccountWritable(current!);
      const views: Views = { ...current!.views };
      for (const [view, { Values }] of Object.entries(values)) views[view] = { Values: { ...views[view]?.Values, ...Values } };
      const displayName = displayNameFromViews(account.type, views, current!.displayName);
      await tx.update(accounts).set({ views, displayName, updatedAt: new Date() }).where(eq(accounts.id, account.id));
      if (account.type === 'User') {
        const user = views.User?.Values ?? {};
        await tx
          .update(users)
          .set({ firstName: String(user.Firstname ?? ''), lastName: String(user.Lastname ?? ''), email: String(user.Email ?? ''), ...(user.Language ? { locale: String(user.Language) } : {}) })
          .where(eq(users.accountId, account.id));
      }
      await auditAccountChange(tx, ctx, 'AccountUpdated', account, { changes });
    });
    return null;
  },
});

export const accountViewReadWriteOperations = [loadAccountById, updateAccount];
