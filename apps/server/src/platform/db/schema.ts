// The database schema, one file per domain (schema/*.ts). Everything imports it from here, and
// drizzle-kit reads it from here, so a domain's tables move without touching their users.
export * from './schema/accounts';
export * from './schema/identity';
export * from './schema/roles';
export * from './schema/auditLog';
export * from './schema/branding';
export * from './schema/portalShell';
export * from './schema/accountViews';
export * from './schema/catalog';
export * from './schema/pricing';
export * from './schema/subscriptions';
export * from './schema/lifecycle';
export * from './schema/notifications';
export * from './schema/orders';
export * from './schema/provisioning';
export * from './schema/knowledgeBase';
export * from './schema/commerce';
export * from './schema/customCharges';
export * from './schema/reporting';
export * from './schema/billing';
export * from './schema/realtime';
export * from './schema/imports';
export * from './schema/quotes';
export * from './schema/landingPage';
