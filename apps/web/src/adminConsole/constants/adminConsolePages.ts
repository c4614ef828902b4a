import { requirement } from '@cmp/contracts/capabilities';

/** The console's pages in the order of its navigation (spec §2 /admin-console/{methodName?}); the route's methodName names one. */
export const ADMIN_CONSOLE_PAGES = ['InstanceSettings', 'Maintenance', 'RunBilling', 'MailOutbox', 'BackgroundJobs', 'Sessions', 'SsoProviders', 'DataChecks'] as const;
export type AdminConsolePage = (typeof ADMIN_CONSOLE_PAGES)[number];
/** Without a methodName the console opens its first page. */
export const DEFAULT_ADMIN_CONSOLE_PAGE: AdminConsolePage = 'InstanceSettings';

export const isAdminConsolePage = (name: string): name is AdminConsolePage => (ADMIN_CONSOLE_PAGES as readonly string[]).includes(name);
export const adminConsolePath = (page: AdminConsolePage) => `/admin-console/${page}`;

/** Administrative Execute: acting on a page (resend, retry, end a session); Read only shows it. */
export const ADMINISTRATIVE_EXECUTE = requirement('ADMINISTRATIVE', ['Execute']);
