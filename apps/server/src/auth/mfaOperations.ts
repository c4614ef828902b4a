import { and, eq, ne } from 'drizzle-orm';
import QRCode from 'qrcode';
import { okResponseSchema } from '@cmp/contracts/auth';
import { requirement } from '@cmp/contracts/capabilities';
import {
  authenticationMethodIdRequestSchema,
  confirmAuthenticationMethodRequestSchema,
  disableUserMfaRequestSchema,
  getAuthenticationMethodsRequestSchema,
  getAuthenticationMethodsResponseSchema,
  renameAuthenticationMethodRequestSchema,
  setPrimaryAuthenticationMethodRequestSchema,
  setupAuthenticationMethodRequestSchema,
  setupAuthenticationMethodResponseSchema,
  type MfaMethodKind,
} from '@cmp/contracts/identity';
import type { AuditAction } from '@cmp/contracts/audit';
import { mfaMethods } from '../platform/db/schema';
import type { Queryable } from '../platform/db/database';
import { auditAccountChange, requestMeta, writeAudit } from '../platform/audit';
import { ApiError, accessDenied } from '../platform/errors';
import { requireAccountInHierarchy } from '../platform/access';
import { defineOperation, type SignedInContext } from '../platform/operations';
import { findCompanyAccount } from '../platform/session';
import { loadPlatformBranding } from '../branding/brandingRoutes';
import { enabledMethods, issueEmailCode, listMfaMethods, maskEmail, newTotp, newTotpSecret, toMfaMethod, verifyMfaCode, type MfaMethodRow } from './mfa';
import { isMfaEnforcedFor } from './mfaPolicy';
import { sendCodeMail } from './operations';

const SERVICE = 'IAccountService';
const DISABLE_MFA = requirement('DISABLE_MFA', ['Execute']);

async function audit(ctx: SignedInContext, action: AuditAction, details: Record<string, unknown>, db: Queryable = ctx.db) {
  await writeAudit(db, ctx.caller, { action, accountId: ctx.caller.userAccount.id, accountPath: ctx.caller.userAccount.path, details }, requestMeta(ctx.request));
}

/** One of the caller's own methods; another user's id answers 403 like a missing one. */
async function ownMethod(ctx: SignedInContext, methodId: number): Promise<MfaMethodRow> {
  const [row] = await ctx.db
    .select()
    .from(mfaMethods)
    .where(and(eq(mfaMethods.id, methodId), eq(mfaMethods.userAccountId, ctx.caller.userAccount.id)))
    .limit(1);
  if (!row) throw accessDenied();
  return row;
}

const isEnforcedForCaller = (ctx: SignedInContext) => isMfaEnforcedFor(ctx.db, ctx.caller.userAccount, ctx.caller.companyAccount);

/** spec §5: an enforced user keeps at least one enabled method. */
async function assertNotLastEnforcedMethod(ctx: SignedInContext, method: MfaMethodRow) {
  const others = enabledMethods(await listMfaMethods(ctx.db, ctx.caller.userAccount.id)).filter((m) => m.id !== method.id);
  if (method.isEnabled && others.length === 0 && (await isEnforcedForCaller(ctx))) throw new ApiError(400, 'mfa_last_method_enforced');
}

/** Makes another enabled method primary when the primary one goes away. */
async function promoteNextPrimary(db: Queryable, userAccountId: number) {
  const enabled = enabledMethods(await listMfaMethods(db, userAccountId));
  if (enabled.length && !enabled.some((m) => m.isPrimary)) await db.update(mfaMethods).set({ isPrimary: true }).where(eq(mfaMethods.id, enabled[0]!.id));
}

const getAuthenticationMethods = defineOperation({
  service: SERVICE,
  operation: 'GetAuthenticationMethods',
  readOnly: true,
  summary: "A user's MFA methods: one's own, or another user's within the hierarchy (USER_MULTIFACTOR_AUTHENTICATION Read).",
  request: getAuthenticationMethodsRequestSchema,
  response: getAuthenticationMethodsResponseSchema,
  allowDuringMfaSetup: true,
  async handler(input, ctx) {
    const { db, caller } = ctx;
    const isOwn = input.userAccountId === caller.userAccount.id;
    const account = isOwn ? caller.userAccount : await requireAccountInHierarchy(db, caller, input.userAccountId);
    if (!isOwn && !caller.capabilities.some((c) => (c.ObjectType === 'USER_MULTIFACTOR_AUTHENTICATION' || c.ObjectType === 'DISABLE_MFA') && (c.Read || c.Execute))) throw accessDenied();
    if (account.type !== 'User') throw accessDenied();
    const company = (await findCompanyAccount(db, account)) ?? account;
    return { Methods: (await listMfaMethods(db, account.id)).map(toMfaMethod), IsMfaEnforced: await isMfaEnforcedFor(db, account, company) };
  },
});

/**
 * Issue 10: an abandoned set-up must not stay behind as a second "Waiting for confirmation" row, so
 * a new set-up replaces the caller's unconfirmed methods of the same kind, in one transaction.
 */
async function replacePendingSetup(tx: Queryable, ctx: SignedInContext, kind: MfaMethodKind, name: string, secret: string | null): Promise<MfaMethodRow> {
  const userAccountId = ctx.caller.userAccount.id;
  const replaced = await tx
    .delete(mfaMethods)
    .where(and(eq(mfaMethods.userAccountId, userAccountId), eq(mfaMethods.kind, kind), eq(mfaMethods.isPending, true)))
    .returning({ id: mfaMethods.id });
  const [row] = await tx.insert(mfaMethods).values({ userAccountId, kind, name, secret }).returning();
  await audit(ctx, 'MfaMethodAdded', { methodId: row!.id, kind, ...(replaced.length ? { replacedMethodIds: replaced.map((r) => r.id) } : {}) }, tx);
  return row!;
}

const setupAuthenticationMethod = defineOperation({
  service: SERVICE,
  operation: 'SetupAuthenticationMethod',
  summary:
    'Starts setting up an MFA method for the caller: an authenticator app (secret and QR code) or e-mailed codes (a first code is sent). It is enabled by ConfirmAuthenticationMethod; an unconfirmed set-up of the same kind is replaced.',
  request: setupAuthenticationMethodRequestSchema,
  response: setupAuthenticationMethodResponseSchema,
  allowDuringMfaSetup: true,
  async handler(input, ctx) {
    const { db, caller } = ctx;
    if (caller.impersonatorAccountId) throw new ApiError(403, 'not_while_impersonating');
    if (input.authenticationMethod === 'AuthenticatorApp') {
      const secret = newTotpSecret();
      const { title } = await loadPlatformBranding(db);
      const uri = newTotp(secret, caller.user.username, title).toString();
      const row = await db.transaction((tx) => replacePendingSetup(tx, ctx, 'AuthenticatorApp', input.newName, secret));
      return { AuthenticationMethodId: row.id, Secret: secret, OtpAuthUri: uri, QrCodeDataUrl: await QRCode.toDataURL(uri, { margin: 1, width: 220 }), SentTo: null };
    }
    if (!caller.user.email) throw new ApiError(400, 'invalid_request', { detail: 'authenticationMethod: the user has no e-mail address' });
    const { row, code } = await db.transaction(async (tx) => {
      const method = await replacePendingSetup(tx, ctx, 'Email', input.newName, null);
      return { row: method, code: await issueEmailCode(tx, method.id) };
    });
    await sendCodeMail(ctx, caller.user, code);
    return { AuthenticationMethodId: row.id, Secret: null, OtpAuthUri: null, QrCodeDataUrl: null, SentTo: maskEmail(caller.user.email) };
  },
});

const confirmAuthenticationMethod = defineOperation({
  service: SERVICE,
  operation: 'ConfirmAuthenticationMethod',
  summary: 'Enables a method just set up, with its first code; the first method becomes primary.',
  request: confirmAuthenticationMethodRequestSchema,
  response: okResponseSchema,
  allowDuringMfaSetup: true,
  async handler(input, ctx) {
    const method = await ownMethod(ctx, input.authenticationMethodId);
    if (!(await verifyMfaCode(ctx.db, method, input.mfaToken))) throw new ApiError(400, 'mfa_incorrect');
    await ctx.db.transaction(async (tx) => {
      const hasPrimary = enabledMethods(await listMfaMethods(tx, ctx.caller.userAccount.id)).some((m) => m.isPrimary);
      await tx.update(mfaMethods).set({ isPending: false, isEnabled: true, isPrimary: !hasPrimary }).where(eq(mfaMethods.id, method.id));
      await audit(ctx, 'MfaMethodConfirmed', { methodId: method.id }, tx);
    });
    return { Success: true };
  },
});

const toggle = (operation: 'EnableAuthenticationMethod' | 'DisableAuthenticationMethod', isEnabled: boolean) =>
  defineOperation({
    service: SERVICE,
    operation,
    summary: isEnabled ? 'Enables one of the caller\'s confirmed MFA methods.' : 'Disables one of the caller\'s MFA methods (not the last one when MFA is enforced).',
    request: authenticationMethodIdRequestSchema,
    response: okResponseSchema,
    async handler(input, ctx) {
      const method = await ownMethod(ctx, input.authenticationMethodId);
      if (method.isPending) throw new ApiError(400, 'invalid_request', { detail: 'authenticationMethodId: the method is not confirmed yet' });
      if (!isEnabled) await assertNotLastEnforcedMethod(ctx, method);
      await ctx.db.transaction(async (tx) => {
        await tx.update(mfaMethods).set({ isEnabled, ...(isEnabled ? {} : { isPrimary: false }) }).where(eq(mfaMethods.id, method.id));
        await promoteNextPrimary(tx, ctx.caller.userAccount.id);
        await audit(ctx, isEnabled ? 'MfaMethodEnabled' : 'MfaMethodDisabled', { methodId: method.id }, tx);
      });
      return { Success: true };
    },
  });

const deleteAuthenticationMethod = defineOperation({
  service: SERVICE,
  operation: 'DeleteAuthenticationMethod',
  summary: "Removes one of the caller's MFA methods (not the last one when MFA is enforced).",
  request: authenticationMethodIdRequestSchema,
  response: okResponseSchema,
  allowDuringMfaSetup: true,
  async handler(input, ctx) {
    const method = await ownMethod(ctx, input.authenticationMethodId);
    await assertNotLastEnforcedMethod(ctx, method);
    await ctx.db.transaction(async (tx) => {
      await tx.delete(mfaMethods).where(eq(mfaMethods.id, method.id));
      await promoteNextPrimary(tx, ctx.caller.userAccount.id);
      await audit(ctx, 'MfaMethodDeleted', { methodId: method.id, name: method.name }, tx);
    });
    return { Success: true };
  },
});

const renameAuthenticationMethod = defineOperation({
  service: SERVICE,
  operation: 'RenameAuthenticationMethod',
  summary: "Renames one of the caller's MFA methods.",
  request: renameAuthenticationMethodRequestSchema,
  response: okResponseSchema,
  async handler(input, ctx) {
    const method = await ownMethod(ctx, input.authenticationMethodId);
    await ctx.db.transaction(async (tx) => {
      await tx.update(mfaMethods).set({ name: input.newName }).where(eq(mfaMethods.id, method.id));
      await audit(ctx, 'MfaMethodRenamed', { methodId: method.id, from: method.name, to: input.newName }, tx);
    });
    return { Success: true };
  },
});

const setPrimaryAuthenticationMethod = defineOperation({
  service: SERVICE,
  operation: 'SetPrimaryAuthenticationMethod',
  summary: "Makes one of the caller's enabled MFA methods the primary one, preselected at sign-in.",
  request: setPrimaryAuthenticationMethodRequestSchema,
  response: okResponseSchema,
  async handler(input, ctx) {
    const method = await ownMethod(ctx, input.mfaMethodId);
    if (!method.isEnabled || method.isPending) throw new ApiError(400, 'invalid_request', { detail: 'mfaMethodId: only an enabled method can be primary' });
    await ctx.db.transaction(async (tx) => {
      await tx.update(mfaMethods).set({ isPrimary: false }).where(and(eq(mfaMethods.userAccountId, ctx.caller.userAccount.id), ne(mfaMethods.id, method.id)));
      await tx.update(mfaMethods).set({ isPrimary: true }).where(eq(mfaMethods.id, method.id));
      await audit(ctx, 'MfaPrimaryChanged', { methodId: method.id }, tx);
    });
    return { Success: true };
  },
});

const disableUserMfa = defineOperation({
  service: SERVICE,
  operation: 'DisableUserMfa',
  summary: "Disables every MFA method of another user of the caller's hierarchy (DISABLE_MFA Execute), e.g. after a lost phone.",
  request: disableUserMfaRequestSchema,
  response: okResponseSchema,
  rule: DISABLE_MFA,
  async handler(input, ctx) {
    const account = await requireAccountInHierarchy(ctx.db, ctx.caller, input.userAccountId, DISABLE_MFA);
    if (account.type !== 'User') throw accessDenied();
    await ctx.db.transaction(async (tx) => {
      await tx.update(mfaMethods).set({ isEnabled: false, isPrimary: false }).where(eq(mfaMethods.userAccountId, account.id));
      await auditAccountChange(tx, ctx, 'MfaDisabledForUser', account);
    });
    return { Success: true };
  },
});

export const mfaOperations = [
  getAuthenticationMethods,
  setupAuthenticationMethod,
  confirmAuthenticationMethod,
  toggle('EnableAuthenticationMethod', true),
  toggle('DisableAuthenticationMethod', false),
  deleteAuthenticationMethod,
  renameAuthenticationMethod,
  setPrimaryAuthenticationMethod,
  disableUserMfa,
];
