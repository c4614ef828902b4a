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
  notFound: { heading: en.routes.not_found },
  routeTitle: (key: keyof typeof en.routes) => en.routes[key],
} as const;
