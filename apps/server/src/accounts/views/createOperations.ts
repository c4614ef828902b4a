import { eq } from 'drizzle-orm';
import { ALLOWED_PARENT_TYPES, type AccountType, type Views } from '@cmp/contracts/accounts';
import {
  CREATABLE_ACCOUNT_TYPES,
  CREATE_VIEW,
  createAccountRequestSchema,
  createAccountResponseSchema,
  getDefaultAccountViewsForCreateRequestSchema,
  getDefaultAccountViewsForCreateResponseSchema,
  type CreatableAccountType,
  type DefaultView,
} from '@cmp/contracts/accountViews';
import { isAllowed } from '@cmp/contracts/capabilities';
import { BILLING_FREQUENCIES_BY_COMMITMENT, MAX_ORDER_QUANTITY, type Commitment, type OrderRequest } from '@cmp/contracts/orders';
import { requireAccountInHierarchy } from '../../platform/access';
import { requestMeta, writeAudit } from '../../platform/audit';
import type { Queryable } from '../../platform/db/database';
import { products } from '../../platform/db/schema';
import { ApiError, accessDenied } from '../../platform/errors';
import { defineOperation, type SignedInContext } from '../../platform/operations';
import type { AccountRow } from '../../platform/session';
import { loadPlatformBranding } from '../../branding/brandingRoutes';
import { createResetLink } from '../../auth/resetLinks';
import { accountRequirement, assertAccountWritable } from '../accountAccess';
import { insertAccount, insertUserCredentials } from '../accountStore';
import { createStartingRoles } from '../../users/organisationRoles';
import { displayNameFromViews } from './accountOperations';
import { coerceValue, validateViewValues, viewsOfAccountType } from './viewValidation';
import { loadViewDefinitions } from './viewMetadata';
import { isUniqueViolation } from '../../platform/db/dbErrors';
import { INVITATION_MS, invitationMail } from '../invitations';
import { placeOrderAsCaller } from '../../orders/placeOrderCall';
import { productViewOf } from '../../orders/orderViewValues';

type ProductRow = typeof products.$inferSelect;

/**
 * The caller may create an account of the type under the parent: Create on the type's capability,
 * a parent in the caller's hierarchy that is not terminated and whose type the hierarchy rules
 * allow (a Product where its product allows). Missing, foreign and forbidden parents answer 403.
 */
async function requireCreatableUnder(db: Queryable, ctx: SignedInContext, type: CreatableAccountType, parentId: number, productName: string | null): Promise<{ parent: AccountRow; product?: ProductRow }> {
  if (!isAllowed(ctx.caller.capabilities, accountRequirement(type, 'Create'))) throw accessDenied();
  const parent = await requireAccountInHierarchy(db, ctx.caller, parentId);
  assertAccountWritable(parent);
  if (type !== 'Product') {
    if (!ALLOWED_PARENT_TYPES[type].includes(parent.type as AccountType)) throw new ApiError(400, 'invalid_parent', { parent: parent.displayName, type });
    return { parent };
  }
  const [product] = productName ? await db.select().from(products).where(eq(products.name, productName)).limit(1) : [];
  if (!product || !product.isActive) throw new ApiError(400, 'product_not_available', { product: productName ?? '', name: parent.displayName });
  if (!product.parentTypes.includes(parent.type)) throw new ApiError(400, 'invalid_parent', { parent: parent.displayName, type: product.displayName });
  return { parent, product };
}

/** Values a new account starts with: the Account view, and what it inherits from its parent. */
function defaultValues(view: string, type: CreatableAccountType, parent: AccountRow, productName: string | null, locale: string): Record<string, unknown> {
  if (view === CREATE_VIEW) return { AccountType: type, ParentAccountId: parent.id, ProductName: productName };
  const inherited = parent.views[parent.type]?.Values ?? parent.views.Company?.Values ?? {};
  if (view === 'Company' || view === 'Reseller') return { Country: inherited.Country ?? null, Currency: inherited.Currency ?? null };
  if (view === 'User') return { Language: locale };
  if (view === 'Product') return { ProductName: productName, Quantity: 1 };
  return {};
}

const getDefaultAccountViewsForCreate = defineOperation({
  service: 'IAccountService',
  operation: 'GetDefaultAccountViewsForCreate',
  readOnly: true,
  summary: 'The views a new account of the type fills in, with their field names and types and the starting values (the Account view carries AccountType, ParentAccountId and ProductName).',
  request: getDefaultAccountViewsForCreateRequestSchema,
  response: getDefaultAccountViewsForCreateResponseSchema,
  async handler(input, ctx) {
    const productName = input.productName || null;
    const { parent } = await requireCreatableUnder(ctx.db, ctx, input.accountType, input.parentAccountId, productName);
    const names = [CREATE_VIEW, ...viewsOfAccountType(input.accountType, productName)];
    const definitions = await loadViewDefinitions(ctx.db, names);
    return names.map(
      (name): DefaultView => ({
        Name: name,
        FieldDefinition: (definitions.get(name) ?? []).map((f) => ({ Name: f.Name, Type: f.Type })),
        Values: defaultValues(name, input.accountType, parent, productName, ctx.locale),
      }),
    );
  },
});

/** Reads the Account view: what kind of account goes where (400 naming the field otherwise). */
function readAccountView(views: Views): { type: CreatableAccountType; parentId: number; productName: string | null } {
  const values = views[CREATE_VIEW]?.Values;
  if (!values) throw new ApiError(400, 'field_required', { field: `${CREATE_VIEW}.AccountType` });
  for (const name of Object.keys(values)) if (!['AccountType', 'ParentAccountId', 'ProductName'].includes(name)) throw new ApiError(400, 'field_unknown', { field: `${CREATE_VIEW}.${name}` });
  const type = values.AccountType;
  if (typeof type !== 'string' || !(CREATABLE_ACCOUNT_TYPES as readonly string[]).includes(type)) throw new ApiError(400, 'field_invalid_value', { field: `${CREATE_VIEW}.AccountType`, value: String(type ?? '') });
  const parentId = coerceValue('int32', values.ParentAccountId ?? null);
  if (parentId === null) throw new ApiError(400, 'field_required', { field: `${CREATE_VIEW}.ParentAccountId` });
  if (typeof parentId !== 'number' || parentId <= 0) throw new ApiError(400, 'field_invalid_type', { field: `${CREATE_VIEW}.ParentAccountId`, type: 'int32' });
  const productName = values.ProductName ?? null;
  if (productName !== null && typeof productName !== 'string') throw new ApiError(400, 'field_invalid_type', { field: `${CREATE_VIEW}.ProductName`, type: 'string' });
  return { type: type as CreatableAccountType, parentId, productName: productName || null };
}

const createAccount = defineOperation({
  service: 'IAccountService',
  operation: 'CreateAccount',
  summary: 'Creates an account from the views GetDefaultAccountViewsForCreate gave (type and parent from the Account view). A new user gets an invitation e-mail to set a password.',
  request: createAccountRequestSchema,
  response: createAccountResponseSchema,
  async handler(input, ctx) {
    const { db, caller } = ctx;
    const { type, parentId, productName } = readAccountView(input.account.Views);
    const { parent, product } = await requireCreatableUnder(db, ctx, type, parentId, productName);
    const { [CREATE_VIEW]: _account, ...sent } = input.account.Views;
    const presets: Views = product ? { Product: { Values: { ProductName: product.name } } } : {};
    const { values } = await validateViewValues({ db, caller, accountType: type, productName: product?.name ?? null, mode: 'create', presets }, sent);
    const views: Views = { ...values };
    for (const [view, { Values }] of Object.entries(presets)) views[view] = { Values: { ...Values, ...views[view]?.Values } };
    if (product) return createProductAccount(ctx, parent, product, views);
    const displayName = displayNameFromViews(type, views, type);
    const user = type === 'User' ? views.User!.Values : undefined;
    let invitationLink = '';
    // Two creations with one username can pass the check above together; the unique index decides.
    let created: AccountRow;
    try {
      created = await db.transaction(async (tx) => {
        const row = await insertAccount(tx, { type, parent, displayName, views });
        // A new company or reseller owns its roles from the start, so its first users can be given one (issue 10).
        await createStartingRoles(tx, row);
        if (user) {
          await insertUserCredentials(tx, row.id, user);
          invitationLink = await createResetLink(tx, ctx.config, { accountId: row.id, username: String(user.Username) }, INVITATION_MS);
        }
        const meta = requestMeta(ctx.request);
        await writeAudit(tx, caller, { action: 'AccountCreated', accountId: row.id, accountPath: row.path, details: { AccountType: type, DisplayName: displayName, ParentAccountId: parent.id } }, meta);
        if (user) await writeAudit(tx, caller, { action: 'UserInvited', accountId: row.id, accountPath: row.path, details: { Username: user.Username, Email: user.Email } }, meta);
        return row;
      });
    } catch (error) {
      if (user && isUniqueViolation(error)) throw new ApiError(400, 'field_not_unique', { field: 'User.Username', value: String(user.Username) });
      throw error;
    }
    if (user) await sendInvitation(ctx, user, invitationLink);
    return { AccountId: created.id, DisplayName: created.displayName };
  },
});

/**
 * A Product account is a subscription, and a subscription comes to be only by an order: the same
 * credit check, approval and provisioning at the vendor as PlaceOrder (issue 30). The answer names
 * the new Product account, which is Provisioning (or waits for the order's approval) until the vendor
 * confirms it; the product's own terms and its first billing frequency are the order's.
 */
async function createProductAccount(ctx: SignedInContext, parent: AccountRow, product: ProductRow, views: Views): Promise<{ AccountId: number; DisplayName: string }> {
  const quantity = Number(views.Product?.Values.Quantity ?? 1);
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_ORDER_QUANTITY) {
    throw new ApiError(400, 'field_out_of_range', { field: 'Product.Quantity', min: '1', max: String(MAX_ORDER_QUANTITY) });
  }
  const commitment = product.commitment as Commitment;
  const { Order: order } = await placeOrderAsCaller(ctx, 'IAccountService/CreateAccount', {
    parentAccountId: parent.id,
    productName: product.name,
    quantity,
    commitment,
    billingFrequency: BILLING_FREQUENCIES_BY_COMMITMENT[commitment][0]!,
    isPrepaid: product.isPrepaid,
    viewValues: (views[productViewOf(product.name)]?.Values ?? {}) as OrderRequest['viewValues'],
  });
  return { AccountId: order.SubscriptionAccountId!, DisplayName: order.ProductDisplayName };
}

/** The invitation: a set-password link through the password-reset screen (spec §4 "Password reset"). */
async function sendInvitation(ctx: SignedInContext, user: Record<string, unknown>, link: string): Promise<void> {
  const { title } = await loadPlatformBranding(ctx.db);
  const inviter = [ctx.caller.user.firstName, ctx.caller.user.lastName].filter(Boolean).join(' ') || ctx.caller.user.username;
  await ctx.mailer.send(invitationMail(user, link, { title, inviter, fallbackLocale: ctx.locale }));
}

export const createAccountOperations = [getDefaultAccountViewsForCreate, createAccount];
