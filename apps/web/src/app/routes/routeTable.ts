import type { QueryClient } from '@tanstack/react-query';
import { requirement } from '@cmp/contracts/capabilities';
import { DASHBOARD_PATH } from '../../platform/navigation/appPaths';
import { ROUTE_RULES } from '../../platform/navigation/routeRules';
import type { AppRouteDefinition } from './AppRouteDefinition';

export { DASHBOARD_PATH, LOGIN_PATH, SETUP_MFA_PATH } from '../../platform/navigation/appPaths';


// Every screen is its own chunk, loaded when its route is first visited (entry budget).
const loginScreen = () => import('../../auth/screens/LoginScreen').then((module) => module.LoginScreen);
const loginMfaScreen = () => import('../../auth/screens/LoginMfaScreen').then((module) => module.LoginMfaScreen);
const selectMfaMethodScreen = () => import('../../auth/screens/SelectMfaMethodScreen').then((module) => module.SelectMfaMethodScreen);
const ssoAuthScreen = () => import('../../auth/screens/SsoAuthScreen').then((module) => module.SsoAuthScreen);
const ssoLinkScreen = () => import('../../auth/screens/SsoLinkScreen').then((module) => module.SsoLinkScreen);
const requestResetPasswordScreen = () => import('../../password/screens/RequestResetPasswordScreen').then((module) => module.RequestResetPasswordScreen);
const setNewPasswordScreen = () => import('../../password/screens/SetNewPasswordScreen').then((module) => module.SetNewPasswordScreen);
const changePasswordScreen = () => import('../../password/screens/ChangePasswordScreen').then((module) => module.ChangePasswordScreen);
const setupMfaScreen = () => import('../../security/screens/SetupMfaScreen').then((module) => module.SetupMfaScreen);
const setupMfaEmailScreen = () => import('../../security/screens/SetupMfaEmailScreen').then((module) => module.SetupMfaEmailScreen);
const accountSecurityScreen = () => import('../../security/screens/AccountSecurityScreen').then((module) => module.AccountSecurityScreen);
const userSecurityScreen = () => import('../../security/screens/UserSecurityScreen').then((module) => module.UserSecurityScreen);
const dashboardScreen = () => import('../../dashboard/screens/DashboardScreen').then((module) => module.DashboardScreen);
const prefetchDashboard = (queryClient: QueryClient) => import('../../dashboard/api/prefetchDashboard').then((module) => module.prefetchDashboard(queryClient));
const consentScreen = () => import('../../consent/screens/ConsentScreen').then((module) => module.ConsentScreen);
const accountScreen = () => import('../../accounts/view/screens/AccountScreen').then((module) => module.AccountScreen);
const createAccountScreen = () => import('../../accounts/create/screens/CreateAccountScreen').then((module) => module.CreateAccountScreen);
const moveScreen = () => import('../../accounts/lifecycle/screens/MoveScreen').then((module) => module.MoveScreen);
const terminateScreen = () => import('../../accounts/lifecycle/screens/TerminateScreen').then((module) => module.TerminateScreen);
const usersScreen = () => import('../../users/screens/UsersScreen').then((module) => module.UsersScreen);
const auditLogScreen = () => import('../../auditLog/screens/AuditLogScreen').then((module) => module.AuditLogScreen);
const userLogScreen = () => import('../../auditLog/screens/AuditLogScreen').then((module) => module.UserLogScreen);
const notificationPreferencesScreen = () => import('../../notifications/screens/NotificationPreferencesScreen').then((module) => module.NotificationPreferencesScreen);
const adminConsoleScreen = () => import('../../adminConsole/screens/AdminConsoleScreen').then((module) => module.AdminConsoleScreen);
const pricelistsScreen = () => import('../../pricing/screens/PricelistsScreen').then((module) => module.PricelistsScreen);
const editPricesScreen = () => import('../../pricing/screens/EditPricesScreen').then((module) => module.EditPricesScreen);
const addToPricelistScreen = () => import('../../pricing/screens/AddToPricelistScreen').then((module) => module.AddToPricelistScreen);
const propagationScreen = () => import('../../pricing/screens/PropagationScreen').then((module) => module.PropagationScreen);
const exploreScreen = () => import('../../marketplace/screens/ExploreScreen').then((module) => module.ExploreScreen);
const serviceInfoScreen = () => import('../../marketplace/screens/ServiceInfoScreen').then((module) => module.ServiceInfoScreen);
const myServicesScreen = () => import('../../catalog/screens/MyServicesScreen').then((module) => module.MyServicesScreen);
const vendorProfileScreen = () => import('../../catalog/screens/VendorProfileScreen').then((module) => module.VendorProfileScreen);
const serviceGroupsScreen = () => import('../../catalog/screens/ServiceGroupsScreen').then((module) => module.ServiceGroupsScreen);
const provisioningScreen = () => import('../../provisioning/screens/ProvisioningScreen').then((module) => module.ProvisioningScreen);
const myOrdersScreen = () => import('../../orders/screens/MyOrdersScreen').then((module) => module.MyOrdersScreen);
const requestReviewScreen = () => import('../../orders/screens/RequestReviewScreen').then((module) => module.RequestReviewScreen);
const orderServiceScreen = () => import('../../orders/screens/OrderServiceScreen').then((module) => module.OrderServiceScreen);
const availableServicesScreen = () => import('../../orders/screens/AvailableServicesScreen').then((module) => module.AvailableServicesScreen);
const subscriptionInfoScreen = () => import('../../subscriptions/screens/SubscriptionInfoScreen').then((module) => module.SubscriptionInfoScreen);
const upgradeSubscriptionScreen = () => import('../../subscriptions/screens/UpgradeSubscriptionScreen').then((module) => module.UpgradeSubscriptionScreen);
const myQuotesScreen = () => import('../../quotes/screens/MyQuotesScreen').then((module) => module.MyQuotesScreen);
const customerQuotesScreen = () => import('../../quotes/screens/CustomerQuotesScreen').then((module) => module.CustomerQuotesScreen);
const salesQuotesScreen = () => import('../../quotes/screens/SalesQuotesScreen').then((module) => module.SalesQuotesScreen);
const billingScreen = () => import('../../customCharges/screens/BillingScreen').then((module) => module.BillingScreen);

/**
 * Every route of spec §2, as data. Routes without a `screen` show the area-in-preparation page
 * until their issue builds the screen. /keeper/logout and /dash/logout are server endpoints, not routes.
 */
export const ROUTE_TABLE: AppRouteDefinition[] = [
  // Public and sign-in routes (plain layout).
  // spec §2: a sign-in lands on the dashboard, so its chunks load while the user types.
  { path: 'login', layout: 'plain', isPublic: true, titleKey: 'routes.login', screen: loginScreen, likelyNext: DASHBOARD_PATH },
  { path: 'login-mfa', layout: 'plain', isMfaPage: true, titleKey: 'routes.login_mfa', screen: loginMfaScreen },
  { path: 'select-mfa-method', layout: 'plain', isMfaPage: true, titleKey: 'routes.select_mfa_method', screen: selectMfaMethodScreen },
  { path: 'reset-password', layout: 'plain', isPublic: true, titleKey: 'routes.reset_password', screen: requestResetPasswordScreen },
  { path: 'reset-password/:username/:token', layout: 'plain', isPublic: true, titleKey: 'routes.set_new_password', screen: setNewPasswordScreen },
  { path: 'change-password', layout: 'plain', titleKey: 'routes.change_password', screen: changePasswordScreen },
  { path: 'sso-link/:openIdSubIdentifier', layout: 'plain', isPublic: true, titleKey: 'routes.sso_link', screen: ssoLinkScreen },
  { path: 'sso-auth/:code/:state', layout: 'plain', isPublic: true, titleKey: 'routes.sso_auth', screen: ssoAuthScreen },
  { path: 'setup-mfa', layout: 'plain', isMfaPage: true, titleKey: 'routes.setup_mfa', screen: setupMfaScreen },
  { path: 'setup-mfa-email', layout: 'plain', isMfaPage: true, titleKey: 'routes.setup_mfa_email', screen: setupMfaEmailScreen },
  { path: 'consent/:consentToolServiceId', layout: 'plain', isPublic: true, titleKey: 'routes.consent', screen: consentScreen },

  // Application routes (full layout).
  { path: 'admin-console/:methodName?', layout: 'full', rule: ROUTE_RULES.administrative, titleKey: 'routes.admin_console', screen: adminConsoleScreen },
  { path: 'provisioning', layout: 'full', rule: ROUTE_RULES.provisioning, titleKey: 'routes.provisioning', screen: provisioningScreen },
  { path: 'provisioning/my-imports', layout: 'full', rule: ROUTE_RULES.myImports, titleKey: 'routes.my_imports', screen: () => import('../../imports/screens/MyImportsScreen').then((module) => module.MyImportsScreen) },
  { path: 'account/:accountId', layout: 'full', titleKey: 'routes.account', screen: accountScreen },
  // Not a route of spec §2: the users of a company or department, a tab of the account view.
  { path: 'account/:accountId/users', layout: 'full', titleKey: 'routes.users', screen: usersScreen },
  { path: 'account/:accountId/available-services', layout: 'full', titleKey: 'routes.available_services', screen: availableServicesScreen },
  { path: 'account/:accountId/provisioning', layout: 'full', titleKey: 'routes.provisioning', screen: provisioningScreen },
  { path: 'account/:accountId/notifications', layout: 'full', titleKey: 'routes.notifications', screen: notificationPreferencesScreen },
  { path: 'account/:accountId/audit-log', layout: 'full', titleKey: 'routes.audit_log', screen: auditLogScreen },
  { path: 'account/:accountId/user-log', layout: 'full', titleKey: 'routes.user_log', screen: userLogScreen },
  { path: 'account/:accountId/billing', layout: 'full', titleKey: 'routes.billing', screen: billingScreen },
  { path: 'account/:accountId/service-info', layout: 'full', titleKey: 'routes.service_info', screen: subscriptionInfoScreen },
  { path: 'account/:accountId/security', layout: 'full', titleKey: 'routes.security', screen: accountSecurityScreen },
  { path: 'account/:accountId/user-security', layout: 'full', titleKey: 'routes.user_security', screen: userSecurityScreen },
  { path: 'account/:accountId/support-details', layout: 'full', rule: requirement('SUPPORT_CONTACT_DETAILS', ['Create']), titleKey: 'support.details_title', screen: () => import('../../support/screens/SupportDetailsScreen').then((module) => module.SupportDetailsScreen) },
  { path: 'account/:accountId/knowledge-base', layout: 'full', rule: requirement('WIKI', ['Create']), titleKey: 'knowledge_base.title', screen: () => import('../../knowledgeBase/screens/KnowledgeBaseScreen').then((module) => module.KnowledgeBaseScreen) },
  { path: 'upgrade-subscription/:accountId', layout: 'full', titleKey: 'routes.upgrade_subscription', screen: upgradeSubscriptionScreen },
  { path: 'add-to-pricelist', layout: 'full', rule: ROUTE_RULES.marketplace, titleKey: 'routes.add_to_pricelist', screen: addToPricelistScreen },
  { path: 'terminate', layout: 'full', titleKey: 'routes.terminate', screen: terminateScreen },
  { path: 'move', layout: 'full', rule: requirement('ACCOUNT_MOVE', ['Execute']), titleKey: 'routes.move', screen: moveScreen },
  { path: 'pricelists', layout: 'full', rule: ROUTE_RULES.marketplace, titleKey: 'routes.pricelists', screen: pricelistsScreen },
  { path: 'pricelists/:marketplaceId/edit-prices', layout: 'full', titleKey: 'routes.edit_prices', screen: editPricesScreen },
  { path: 'pricelists/:marketplaceId/edit-all-prices', layout: 'full', titleKey: 'routes.edit_all_prices', screen: editPricesScreen },
  { path: 'service/:serviceId/:pricelistId?', layout: 'full', rule: ROUTE_RULES.marketplace, titleKey: 'routes.service_info', screen: serviceInfoScreen },
  { path: 'service-tool/edit-service-groups', layout: 'full', rule: ROUTE_RULES.myServices, titleKey: 'routes.edit_service_groups', screen: serviceGroupsScreen },
  { path: 'propagation', layout: 'full', rule: ROUTE_RULES.marketplace, titleKey: 'routes.propagation', screen: propagationScreen },
  { path: 'orders/my-orders', layout: 'full', rule: ROUTE_RULES.myOrders, titleKey: 'routes.my_orders', screen: myOrdersScreen },
  { path: 'orders/request-review', layout: 'full', rule: ROUTE_RULES.requestReview, titleKey: 'routes.request_review', screen: requestReviewScreen },
  {
    path: 'reports',
    layout: 'full',
    rule: ROUTE_RULES.reporting,
    titleKey: 'routes.reports',
    children: [
      // spec §2: the empty path shows the frequent reports, {reportId} one report.
      { index: true, titleKey: 'routes.reports', screen: () => import('../../reports/screens/ReportsScreen').then((module) => module.ReportsScreen) },
      { path: ':reportId', titleKey: 'routes.report', screen: () => import('../../reports/screens/ReportScreen').then((module) => module.ReportScreen) },
    ],
  },

  // The legacy hash area (spec §2).
  { path: 'Dashboard', layout: 'full', titleKey: 'routes.dashboard', screen: dashboardScreen, prefetch: prefetchDashboard },
  { path: 'DashboardManager/Start', layout: 'full', rule: ROUTE_RULES.customLandingPage, titleKey: 'routes.custom_landing_page', screen: () => import('../../landingPage/screens/LandingPageManagerScreen').then((module) => module.LandingPageManagerScreen) },
  { path: 'Marketplace/Explore', layout: 'full', rule: ROUTE_RULES.marketplace, titleKey: 'routes.explore', screen: exploreScreen },
  { path: 'Marketplace/MyServices', layout: 'full', rule: ROUTE_RULES.myServices, titleKey: 'routes.my_services', screen: myServicesScreen },
  { path: 'Marketplace/VendorProfile', layout: 'full', rule: ROUTE_RULES.vendorProfile, titleKey: 'routes.vendor_profile', screen: vendorProfileScreen },
  { path: 'QuotationTool/Quotes', layout: 'full', rule: ROUTE_RULES.myQuotes, titleKey: 'routes.my_quotes', screen: myQuotesScreen },
  { path: 'QuotationTool/CustomerQuotes', layout: 'full', rule: ROUTE_RULES.customerQuotes, titleKey: 'routes.customer_quotes', screen: customerQuotesScreen },
  { path: 'SalesQuotes', layout: 'full', rule: ROUTE_RULES.salesQuotes, titleKey: 'routes.sales_quotes', screen: salesQuotesScreen },
  { path: 'Account/View/:accountId', layout: 'full', titleKey: 'routes.account', screen: accountScreen },
  { path: 'Account/View/:accountId/Notifications', layout: 'full', titleKey: 'routes.notifications', screen: notificationPreferencesScreen },
  { path: 'Account/Create/Service', layout: 'full', rule: ROUTE_RULES.createService, titleKey: 'routes.create_service', screen: orderServiceScreen },
  { path: 'Account/Create/User', layout: 'full', rule: ROUTE_RULES.createUser, titleKey: 'routes.create_user', screen: createAccountScreen },
  { path: 'Account/Create/Department', layout: 'full', rule: ROUTE_RULES.createDepartment, titleKey: 'routes.create_department', screen: createAccountScreen },
  { path: 'Account/Create/Company', layout: 'full', rule: ROUTE_RULES.createCompany, titleKey: 'routes.create_company', screen: createAccountScreen },
  { path: 'Account/Create/Reseller', layout: 'full', rule: ROUTE_RULES.createReseller, titleKey: 'routes.create_reseller', screen: createAccountScreen },
  { path: 'Account/Import', layout: 'full', rule: ROUTE_RULES.importAccounts, titleKey: 'routes.import_accounts', screen: () => import('../../imports/screens/ImportAccountsScreen').then((module) => module.ImportAccountsScreen) },
];
