import { DEFAULT_LOCALE, normalizeLocale } from '@cmp/contracts/locales';
import type { SessionUser } from '@cmp/contracts/auth';
import type { Queryable } from '../platform/db/database';
import { loadAccount, type CallerSession } from '../platform/session';
import { toAccountSummary } from '../accounts/accountSummary';
import { enabledMethods, listMfaMethods, toAuthenticationMethod } from './mfa';

/** The session user of spec §3, as GetCurrentUser and Authenticate answer it. */
export async function toSessionUser(db: Queryable, caller: CallerSession): Promise<SessionUser> {
  const impersonator = caller.impersonatorAccountId ? await loadAccount(db, caller.impersonatorAccountId) : undefined;
  // A reseller's own values sit in its Reseller view (views are named after the account type).
  const company = (caller.companyAccount.views[caller.companyAccount.type] ?? caller.companyAccount.views.Company)?.Values ?? {};
  return {
    SessionId: caller.publicId,
    UserAccountId: caller.userAccount.id,
    Username: caller.user.username,
    UserAuthenticationMethods: enabledMethods(await listMfaMethods(db, caller.userAccount.id)).map(toAuthenticationMethod),
    MustSetupMfa: caller.mustSetupMfa,
    Capability: caller.capabilities,
    UserAccount: toAccountSummary(caller.userAccount),
    CompanyAccount: toAccountSummary(caller.companyAccount),
    ImpersonatorAccountId: caller.impersonatorAccountId,
    ImpersonatorAccount: impersonator ? toAccountSummary(impersonator) : null,
    Category: typeof company.Category === 'string' ? company.Category : null,
    PaasType: typeof company.PaasType === 'string' ? company.PaasType : null,
    PaasCountry: typeof company.Country === 'string' ? company.Country : null,
    PaasName: caller.companyAccount.displayName,
    AccountPath: caller.userAccount.path,
    LastLogon: caller.user.lastLogonAt ? caller.user.lastLogonAt.toISOString() : null,
    Locale: normalizeLocale(caller.user.locale) ?? DEFAULT_LOCALE,
    MfaRequired: false,
    LinkRequired: false,
  };
}
