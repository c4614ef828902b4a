import en from '../locales/en.json';

/**
 * The English texts browser tests find the portal's controls by (accessible names and headings),
 * taken from the English bundle so a wording change cannot silently break a selector.
 */
export const UI_TEXT = {
  login: {
    username: en.login.username,
    password: en.login.password,
    signIn: en.login.sign_in,
    cantSignIn: en.login.cant_sign_in,
    language: en.common.language,
    missingLoginCapabilities: en.auth.missing_login_capabilities,
  },
  dashboard: {
    /** The level-1 heading is this text with the first name, e.g. "Hello, Ada". */
    greeting: (firstName: string) => en.dashboard.greeting.replace('{{firstName}}', firstName),
    accountsHeading: en.dashboard.accounts_title,
    auditTable: en.dashboard.audit_title,
  },
  header: {
    mainNavigation: en.nav.main,
    signOut: en.header.sign_out,
    languageMenu: en.header.language_menu,
    skipToContent: en.app.skip_to_content,
  },
  footer: { newMenu: en.footer.new },
  profileMenu: { changePassword: en.routes.change_password, securitySettings: en.header.security_settings },
  mfaSignIn: {
    heading: en.routes.login_mfa,
    securityCode: en.common.security_code,
    verify: en.mfa_sign_in.verify,
    useAnotherMethod: en.mfa_sign_in.use_another_method,
    sendCode: en.mfa_sign_in.send_code,
  },
  password: {
    current: en.password.current_password,
    new: en.password.new_password,
    confirm: en.password.confirm_password,
    mismatch: en.password.mismatch,
    rulesList: en.password.rules_title,
    save: en.common.save,
    changed: en.password.changed,
    resetButton: en.reset_password.submit,
    resetSent: en.reset_password.sent,
  },
  userSecurity: {
    addApp: en.user_security.add_app,
    addEmail: en.user_security.add_email,
    disableMfa: en.user_security.disable_mfa,
    impersonate: en.user_security.impersonate,
    secretKey: en.mfa.secret_label,
    confirm: en.mfa.confirm,
  },
  accountSecurity: { allowList: en.account_security.allow_list, denyList: en.account_security.deny_list },
  sso: { linkAccount: en.sso.link_account },
  confirmDialog: { agree: en.common.yes_do_it, reject: en.common.no },
  notFound: { heading: en.routes.not_found },
  routeTitle: (key: keyof typeof en.routes) => en.routes[key],
} as const;
