import type { PendingSignIn, SessionUser } from '@cmp/contracts/auth';
import type { Capability } from '@cmp/contracts/capabilities';

export function capability(ObjectType: Capability['ObjectType'], flags: Partial<Capability> = {}): Capability {
  return { ObjectType, Read: false, Create: false, Execute: false, Delete: false, Value: null, ...flags };
}

/** A signed-in user of Contoso who may log in; override what a test is about. */
export function buildSessionUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    SessionId: 'session-1',
    UserAccountId: 1203,
    Username: 'company.user',
    UserAuthenticationMethods: [],
    MustSetupMfa: false,
    Capability: [capability('LOGIN', { Execute: true })],
    UserAccount: {
      AccountId: 1203,
      AccountType: 'User',
      DisplayName: 'Ada Lovelace',
      AccountState: 'Active',
      Views: { User: { Values: { Firstname: 'Ada', Lastname: 'Lovelace' } } },
    },
    CompanyAccount: {
      AccountId: 57,
      AccountType: 'Company',
      DisplayName: 'Contoso Ltd',
      AccountState: 'Active',
      Views: { Company: { Values: { DisplayName: 'Contoso Ltd' } } },
    },
    ImpersonatorAccountId: null,
    ImpersonatorAccount: null,
    Category: null,
    PaasType: null,
    PaasCountry: null,
    PaasName: null,
    AccountPath: '/1/57/1203/',
    LastLogon: null,
    Locale: 'en',
    MfaRequired: false,
    LinkRequired: false,
    ...overrides,
  };
}

/** The answer to a correct password when a second factor is still needed: no session yet. */
export function buildPendingMfaSignIn(methods: PendingSignIn['UserAuthenticationMethods']): PendingSignIn {
  return { MfaRequired: true, UserAuthenticationMethods: methods, LinkRequired: false, OpenIdSubIdentifier: null };
}
